import type { AuthResult, ProjectFile } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchFile } from '../support/bench';
import { countRows } from '../support/helpers';
import { createProject, createTestApp, registerUser, type TestApp } from '../support/test-app';
import { importOk } from '../support/uploads';
import { pocketOf } from './docking-support';

/**
 * Issue 9: every refusal of a bad docking body names the field it is about and what is
 * wrong, in the request's language. Each case breaks one field; a refusal "names" the
 * field when its message holds the field's name (or, for the spec's own texts, the
 * thing the field is: "Please select a protein." names protein_id).
 */
let t: TestApp;
let owner: AuthResult;
let projectId: number;
let protein: ProjectFile;
let ligand: ProjectFile;
const crystal = benchFile('7cnq', 'ligand.sdf').toString();
const pocket = pocketOf(crystal);

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t);
  projectId = await createProject(t, owner.token, 'Fields');
  protein = await importOk(t, owner.token, projectId, '7cnq.pdb', benchFile('7cnq', 'receptor.pdb'));
  ligand = await importOk(t, owner.token, projectId, 'lig.sdf', crystal);
});
afterAll(() => t?.close());

type Body = Record<string, unknown>;
interface Case {
  /** The field the case breaks, as a path ('pocket.center_x'). */
  field: string;
  value: unknown;
}

const MISSING = Symbol('missing');
const valid = (): Body => ({
  project_id: projectId,
  protein_id: protein.id,
  ligand_ids: [ligand.id],
  pocket: { ...pocket },
  settings: {},
});

/** `valid()` with `path` set to `value` (or removed). */
function bodyWith(path: string, value: unknown): Body {
  const body = valid();
  const keys = path.split('.');
  let target = body as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = keys[keys.length - 1]!;
  if (value === MISSING) delete target[last];
  else target[last] = value;
  return body;
}

const numberJunk = [MISSING, null, 'abc', '5', true, [], {}];
const CASES: Case[] = [
  ...[...numberJunk, 1.5, -1, 0, 1e308].map((value) => ({ field: 'project_id', value })),
  ...[...numberJunk, 1.5, -1, 0, 1e308].map((value) => ({ field: 'protein_id', value })),
  ...[MISSING, null, 'abc', 5, [], ['a'], [1.5], [-1], [0], [1e308], Array(1001).fill(1)].map((value) => ({
    field: 'ligand_ids',
    value,
  })),
  ...[MISSING, null, 'abc', []].map((value) => ({ field: 'pocket', value })),
  ...['center_x', 'center_y', 'center_z'].flatMap((axis) =>
    [MISSING, null, 'abc', true, 1e308, -1e308, 1e5].map((value) => ({ field: `pocket.${axis}`, value })),
  ),
  ...['size_x', 'size_y', 'size_z'].flatMap((axis) =>
    [MISSING, 'abc', -1, 0, 500, 1e308].map((value) => ({ field: `pocket.${axis}`, value })),
  ),
  ...['abc', [], 5].map((value) => ({ field: 'settings', value })),
  ...['vinardo', 5, null].map((value) => ({ field: 'settings.scoring_function', value })),
  ...[5, 'x'.repeat(71), true].map((value) => ({ field: 'settings.job_name', value })),
  ...[0, -1, 1.5, 129, 'abc', 1e308, null].map((value) => ({ field: 'settings.exhaustiveness', value })),
  ...[0, 21, 1.5, 'abc'].map((value) => ({ field: 'settings.num_modes', value })),
  ...[0, -1, 11, 'abc', 1e308].map((value) => ({ field: 'settings.energy_range', value })),
  ...[0, 11, 'abc'].map((value) => ({ field: 'settings.min_rmsd', value })),
  ...[0, 1.5, 'abc', 1e308, 21].map((value) => ({ field: 'settings.retain_count', value })),
  ...[0, 9, 2.5, 'abc'].map((value) => ({ field: 'settings.ring_conformers', value })),
  ...[2 ** 31, -1, 1.5, 'abc', 1e308, 2 ** 53].map((value) => ({ field: 'settings.seed', value })),
];

/** The words a message may use for a field: its key, the key in words, the thing an *_id field points at. */
function namesOf(field: string): string[] {
  const leaf = field.split('.').pop()!;
  return [leaf, leaf.replace(/_/g, ' '), leaf.replace(/_ids?$/, '')].map((n) => n.toLowerCase());
}
const names = (field: string, msg: string) => namesOf(field).some((n) => msg.toLowerCase().includes(n));
const show = (v: unknown) =>
  v === MISSING ? '(missing)' : Array.isArray(v) && v.length > 5 ? `[${v.length} items]` : JSON.stringify(v);

describe('POST /v1/jobs/docking: every refusal names its field', () => {
  it(`refuses ${CASES.length} bad bodies, each message naming the field and the reason`, async () => {
    const jobsBefore = await countRows(t, 'jobs');
    const accepted: string[] = [];
    const unnamed: string[] = [];
    for (const { field, value } of CASES) {
      const res = await t.request('POST', '/v1/jobs/docking', { token: owner.token, body: bodyWith(field, value) });
      if (res.status === 200) accepted.push(`${field} = ${show(value)}`);
      else if (!names(field, res.body.msg)) unnamed.push(`${field} = ${show(value)} → ${res.body.msg}`);
    }
    const report = `${CASES.length} bad bodies: ${accepted.length} accepted, ${unnamed.length} refused without naming the field`;
    console.log(`${report}\n${[...accepted.map((a) => `accepted: ${a}`), ...unnamed].join('\n')}`);
    expect({ accepted, unnamed }).toEqual({ accepted: [], unnamed: [] });
    expect(await countRows(t, 'jobs')).toBe(jobsBefore);
  });

  it('answers in the request language (zh-CN), still naming the field', async () => {
    const res = await t.request('POST', '/v1/jobs/docking', {
      token: owner.token,
      lang: 'zh-CN',
      body: bodyWith('pocket.center_x', 1e308),
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('pocket.center_x');
    expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });
});
