import type { AuthResult, DockingSubmitResult, MessageKey } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchFile } from '../support/bench';
import { countRows, expectFailure, sharedProject } from '../support/helpers';
import { expectedAnswer, ROLES, type Role } from '../support/roles';
import {
  createProject,
  createTestApp,
  guestLogin,
  registerUser,
  type TestApp,
  type TestResponse,
} from '../support/test-app';
import { importOk } from '../support/uploads';
import { pocketOf } from './docking-support';

/**
 * Screening calls: bad requests refused before a job exists, with the field's message,
 * and who may call what (every call × every kind of caller, on a READ_WRITE and a
 * READ_ONLY share). The runner is not started: nothing here needs a screen to run, so
 * the fixture job gets one ligand row written directly.
 */

let t: TestApp;
const users = {} as Record<Exclude<Role, 'noToken'>, AuthResult>;
interface Fixture {
  projectId: number;
  body: Record<string, unknown>;
  jobId: number;
  files: Record<string, number>;
}
const fixtures = {} as Record<'rw' | 'ro', Fixture>;
const crystal = benchFile('7cnq', 'ligand.sdf').toString();

async function fixture(projectId: number): Promise<Fixture> {
  const owner = users.owner.token;
  const protein = await importOk(t, owner, projectId, '7cnq.pdb', benchFile('7cnq', 'receptor.pdb'));
  const smi = await importOk(t, owner, projectId, 'lib.smi', 'CCO ethanol\nc1ccccc1 benzene\n');
  const csv = await importOk(t, owner, projectId, 'lib.csv', 'name,smiles,label\nx,CCO,1\ny,CCN,0\n');
  const noSmiles = await importOk(t, owner, projectId, 'nosmiles.csv', 'name,formula\nx,C2H6O\n');
  const body = {
    project_id: projectId,
    protein_id: protein.id,
    pocket: pocketOf(crystal),
    library: { file_ids: [smi.id] },
    settings: { exhaustiveness: 1 },
  };
  const res = await t.request<DockingSubmitResult>('POST', '/v1/jobs/docking/library', { token: owner, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const jobId = res.body.data.job_id;
  await t.db.kysely
    .insertInto('screening_ligands')
    .values({ job_id: jobId, idx: 0, name: 'ethanol', source_format: 'smi', source: 'CCO', status: 'PENDING' })
    .execute();
  return {
    projectId,
    body,
    jobId,
    files: { protein: protein.id, smi: smi.id, csv: csv.id, noSmiles: noSmiles.id },
  };
}

const tokenOf = (role: Role) => (role === 'noToken' ? undefined : users[role].token);
const fixtureFor = (role: Role) => (role === 'readOnlyMember' ? fixtures.ro : fixtures.rw);

type Need = 'read' | 'write';
const CALLS: { name: string; need: Need; run: (token: string | undefined, f: Fixture) => Promise<TestResponse> }[] = [
  {
    name: 'POST /v1/jobs/docking/library',
    need: 'write',
    run: (token, f) => t.request('POST', '/v1/jobs/docking/library', { token, body: f.body }),
  },
  {
    name: 'GET /v1/jobs/:id/screening',
    need: 'read',
    run: (token, f) => t.request('GET', `/v1/jobs/${f.jobId}/screening`, { token }),
  },
  {
    name: 'GET /v1/jobs/:id/screening/ligands',
    need: 'read',
    run: (token, f) => t.request('GET', `/v1/jobs/${f.jobId}/screening/ligands`, { token }),
  },
  {
    name: 'GET /v1/jobs/:id/screening/ligands/:index',
    need: 'read',
    run: (token, f) => t.request('GET', `/v1/jobs/${f.jobId}/screening/ligands/0`, { token }),
  },
];

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['owner', 'readWriteMember', 'readOnlyMember', 'stranger'] as const)
    users[role] = await registerUser(t);
  users.guest = await guestLogin(t);
  const rw = await sharedProject(t, users.owner.token, 'READ_WRITE', [users.readWriteMember.token], 'RW13');
  const ro = await sharedProject(t, users.owner.token, 'READ_ONLY', [users.readOnlyMember.token], 'RO13');
  fixtures.rw = await fixture(rw.id);
  fixtures.ro = await fixture(ro.id);
});
afterAll(() => t?.close());

describe('screening permission matrix', () => {
  for (const call of CALLS) {
    describe(call.name, () => {
      it.each(ROLES)('%s', async (role) => {
        const f = fixtureFor(role);
        const jobsBefore = await countRows(t, 'jobs');
        const res = await call.run(tokenOf(role), f);
        const want = expectedAnswer(role, call.need);
        if (want === 200) {
          expect({ status: res.status, success: res.body.success }, JSON.stringify(res.body)).toEqual({
            status: 200,
            success: true,
          });
          if (call.need === 'write') expect(await countRows(t, 'jobs')).toBe(jobsBefore + 1);
        } else {
          expectFailure(res, want[0], want[1]);
          expect(await countRows(t, 'jobs')).toBe(jobsBefore);
        }
      });
    });
  }

  it('the export follows the same rule: owner and read-only member export; stranger, guest and no token do not', async () => {
    const get = (token?: string) =>
      t.app.http.inject({
        method: 'GET',
        url: `/v1/jobs/${fixtures.ro.jobId}/screening/export?format=csv`,
        headers: token ? { token } : {},
      });
    for (const role of ['owner', 'readOnlyMember'] as const)
      expect((await get(users[role].token)).statusCode).toBe(200);
    for (const role of ['stranger', 'guest'] as const) {
      const refused = await get(users[role].token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ success: false, msg: 'Project not found.' });
    }
    const anonymous = await get();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false });
  });
});

describe('bad requests are refused before a job exists', () => {
  const submit = (library: Record<string, unknown> | undefined, f = fixtures.rw) =>
    t.request('POST', '/v1/jobs/docking/library', {
      token: users.owner.token,
      body: { ...f.body, library },
    });

  const cases: [string, () => Record<string, unknown> | undefined, MessageKey, Record<string, string | number>?][] = [
    ['no library', () => undefined, 'screeningLibraryRequired'],
    ['a library of no files', () => ({ file_ids: [] }), 'screeningLibraryRequired'],
    [
      'a PDB as library',
      () => ({ file_ids: [fixtures.rw.files.protein!] }),
      'screeningLibraryType',
      { name: '7cnq.pdb' },
    ],
    [
      'a CSV without a SMILES column',
      () => ({ file_ids: [fixtures.rw.files.noSmiles!] }),
      'screeningNoSmilesColumn',
      { name: 'nosmiles.csv' },
    ],
    [
      'a wrong activity column',
      () => ({ file_ids: [fixtures.rw.files.csv!], activity_column: 'pIC50' }),
      'screeningColumnMissing',
      { name: 'lib.csv', column: 'pIC50' },
    ],
    [
      'an activity column without a CSV',
      () => ({ file_ids: [fixtures.rw.files.smi!], activity_column: 'label' }),
      'screeningActivityNeedsCsv',
    ],
    ['another project’s file', () => ({ file_ids: [fixtures.ro.files.smi!] }), 'dockingFileNotInProject', { id: 0 }],
    [
      'a file twice',
      () => ({ file_ids: [fixtures.rw.files.smi!], decoys_file_ids: [fixtures.rw.files.smi!] }),
      'screeningFileTwice',
    ],
  ];
  it.each(cases)('%s', async (_name, library, key, params) => {
    const jobs = await countRows(t, 'jobs');
    const res = await submit(library());
    const resolved = key === 'dockingFileNotInProject' ? { id: fixtures.ro.files.smi! } : params;
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    const { translate } = await import('@medx/contract');
    expect(res.body.msg).toContain(translate(key, 'en', resolved).replace(/\.$/, ''));
    expect(await countRows(t, 'jobs')).toBe(jobs);
  });

  it('reads of a job that is not a screen are refused', async () => {
    const docking = await t.request<DockingSubmitResult>('POST', '/v1/jobs/docking', {
      token: users.owner.token,
      body: {
        project_id: fixtures.rw.projectId,
        protein_id: fixtures.rw.files.protein,
        ligand_ids: [(await importOk(t, users.owner.token, fixtures.rw.projectId, 'l.sdf', crystal)).id],
        pocket: pocketOf(crystal),
      },
    });
    expectFailure(
      await t.request('GET', `/v1/jobs/${docking.body.data.job_id}/screening`, { token: users.owner.token }),
      400,
      'screeningNotScreeningJob',
    );
  });

  it('filters with bad values are refused with the field named', async () => {
    const list = (query: Record<string, string>) =>
      t.request('GET', `/v1/jobs/${fixtures.rw.jobId}/screening/ligands`, { token: users.owner.token, query });
    const residue = await list({ residue: 'ASP 86; drop' });
    expect(residue.status).toBe(400);
    expect(residue.body.msg).toContain('A residue is written like ASP86 or A:ASP86.');
    const sort = await list({ sort: 'password' });
    expect(sort.status).toBe(400);
    expect(sort.body.msg).toContain('sort');
    const score = await list({ score_min: 'low' });
    expect(score.status).toBe(400);
    expect(score.body.msg).toContain('score_min');
    const top = await t.app.http.inject({
      method: 'GET',
      url: `/v1/jobs/${fixtures.rw.jobId}/screening/export?top=100001`,
      headers: { token: users.owner.token },
    });
    expect(top.statusCode).toBe(400);
    expect(top.json().msg).toContain('top');
  });

  it('a guest may screen in its own project', async () => {
    const guest = await guestLogin(t);
    const projectId = await createProject(t, guest.token, 'GuestScreen');
    const protein = await importOk(t, guest.token, projectId, 'p.pdb', benchFile('7cnq', 'receptor.pdb'));
    const smi = await importOk(t, guest.token, projectId, 'g.smi', 'CCO e\nCCC p\n');
    const res = await t.request('POST', '/v1/jobs/docking/library', {
      token: guest.token,
      body: {
        project_id: projectId,
        protein_id: protein.id,
        pocket: pocketOf(crystal),
        library: { file_ids: [smi.id] },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
