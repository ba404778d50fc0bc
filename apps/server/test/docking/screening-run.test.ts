import { spawnSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import type {
  AuthResult,
  DockingSubmitResult,
  ProjectFile,
  ScreeningLigandDetail,
  ScreeningLigandList,
  ScreeningSummary,
} from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchFile } from '../support/bench';
import type { TestApp } from '../support/test-app';
import { importOk } from '../support/uploads';
import { waitUntil } from '../support/wait';
import { alive, cmdline, dockingProject7cnq, pocketOf, vinaProcessesUnder, waitForJob } from './docking-support';

/**
 * A screen end to end with real RDKit, Open Babel and Vina (exhaustiveness 1, small
 * molecules): a SMILES library with bad records among good ones, a 2D SDF record, and a
 * CSV with activity labels; per-ligand rows, failures with reasons, server-side sort and
 * filters, the histogram, the enrichment, and the exports.
 */

let t: TestApp;
let owner: AuthResult;
let projectId: number;
let protein: ProjectFile;
const crystal = benchFile('7cnq', 'ligand.sdf').toString();
const pocket = pocketOf(crystal);

const LONG_CHAIN = 'C'.repeat(130);
const SMILES_LIBRARY = [
  'smiles name',
  'c1ccccc1O phenol',
  '',
  'CC(=O)Oc1ccccc1C(=O)O aspirin',
  'C1CC(( broken',
  `${LONG_CHAIN} too_big`,
  'Cc1ccccc1N toluidine',
  'c1ccc2[nH]ccc2c1 indole',
  'OC(=O)c1ccccc1 aspirin',
  '# a comment line',
].join('\n');

// A 2D record (every z is 0): embedded in the job.
const twoD = (() => {
  const run = spawnSync(
    '/usr/bin/python3',
    [
      '-c',
      'from rdkit import Chem\nfrom rdkit.Chem import AllChem\nm=Chem.MolFromSmiles("OCc1ccncc1")\nAllChem.Compute2DCoords(m)\nm.SetProp("_Name","pyridylmethanol")\nprint(Chem.MolToMolBlock(m)+"$$$$")',
    ],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout;
})();

const api = <T>(
  method: string,
  path: string,
  body?: unknown,
  query?: Record<string, string | number | boolean | undefined>,
) => t.request<T>(method, path, { token: owner.token, body, query });

async function screen(library: Record<string, unknown>, settings: Record<string, unknown> = {}) {
  const res = await api<DockingSubmitResult>('POST', '/v1/jobs/docking/library', {
    project_id: projectId,
    protein_id: protein.id,
    pocket,
    library,
    settings: { exhaustiveness: 1, seed: 7, ...settings },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.job_id;
}

let jobId: number;

beforeAll(async () => {
  ({ t, owner, projectId, protein } = await dockingProject7cnq('Screen'));
  const smi = await importOk(t, owner.token, projectId, 'library.smi', SMILES_LIBRARY);
  const sdf = await importOk(t, owner.token, projectId, 'flat.sdf', twoD);
  jobId = await screen({ file_ids: [smi.id, sdf.id] });
  const job = await waitForJob(t, owner.token, jobId, 300_000);
  expect(job.status, job.error ?? '').toBe('FINISHED');
}, 320_000);
afterAll(() => t?.close());

describe('a screen of a small library', () => {
  it('has one row per molecule, each bad record failed alone with its reason', async () => {
    const summary = (await api<ScreeningSummary>('GET', `/v1/jobs/${jobId}/screening`)).body.data;
    // 7 SMILES records (header, blank and comment lines are not molecules) + 1 SDF record.
    expect(summary.total).toBe(8);
    expect(summary.counts).toEqual({ PENDING: 0, RUNNING: 0, DONE: 6, FAILED: 2 });
    const failed = (
      await api<ScreeningLigandList>('GET', `/v1/jobs/${jobId}/screening/ligands`, undefined, { status: 'FAILED' })
    ).body.data.items;
    const reasons = Object.fromEntries(failed.map((l) => [l.name, l.error]));
    expect(reasons.broken).toBe('RDKit cannot parse the SMILES');
    expect(reasons.too_big).toBe('130 heavy atoms (the limit is 120)');
    // The duplicate name is kept apart.
    const names = (
      await api<ScreeningLigandList>('GET', `/v1/jobs/${jobId}/screening/ligands`, undefined, {
        sort: 'index',
        limit: 20,
      })
    ).body.data.items.map((l) => l.name);
    expect(names).toEqual([
      'phenol',
      'aspirin',
      'broken',
      'too_big',
      'toluidine',
      'indole',
      'aspirin (2)',
      'pyridylmethanol',
    ]);
  });

  it('ranks docked ligands by score with properties, checks and contacts; the histogram counts them all', async () => {
    const list = (await api<ScreeningLigandList>('GET', `/v1/jobs/${jobId}/screening/ligands`)).body.data;
    expect(list.total).toBe(8);
    const docked = list.items.filter((l) => l.status === 'DONE');
    expect(docked.map((l) => l.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    const scores = docked.map((l) => l.score!);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    // Failed ligands come after every docked one.
    expect(list.items.slice(6).map((l) => l.status)).toEqual(['FAILED', 'FAILED']);
    const aspirin = docked.find((l) => l.name === 'aspirin')!;
    expect(aspirin).toMatchObject({ smiles: 'CC(=O)Oc1ccccc1C(=O)O', hbd: 1, hba: 3, heavy_atoms: 13 });
    expect(aspirin.mw).toBeCloseTo(180.16, 1);
    for (const ligand of docked) {
      expect(Object.keys(ligand.checks).sort()).toEqual([
        'aromatic_flatness',
        'bond_angles',
        'bond_lengths',
        'identity',
        'internal_clash',
        'protein_clash',
        'sanitization',
      ]);
      expect(ligand.valid).toBe(Object.values(ligand.checks).every(Boolean));
      expect(ligand.residues.length).toBeGreaterThan(0);
    }
    const summary = (await api<ScreeningSummary>('GET', `/v1/jobs/${jobId}/screening`)).body.data;
    expect(summary.histogram.reduce((a, b) => a + b.count, 0)).toBe(6);
    expect(summary.best_score).toBe(scores[0]);
    expect(summary.eta_seconds).toBeNull();
    expect(summary.enrichment).toBeNull();
    expect(summary.receptor_file_id).toEqual(expect.any(Number));
  });

  it('filters on the server: name, score range, validity, residue, sort by weight', async () => {
    const list = async (query: Record<string, string | number | boolean | undefined>) =>
      (await api<ScreeningLigandList>('GET', `/v1/jobs/${jobId}/screening/ligands`, undefined, query)).body.data;
    expect((await list({ name: 'ASPIR' })).items.map((l) => l.name).sort()).toEqual(['aspirin', 'aspirin (2)']);
    const all = (await list({ status: 'DONE' })).items;
    const middle = all[2]!.score!;
    const upper = await list({ score_max: middle });
    expect(upper.items.every((l) => l.score! <= middle)).toBe(true);
    expect(upper.total).toBe(all.filter((l) => l.score! <= middle).length);
    const valid = await list({ valid: 'true' });
    expect(valid.total).toBe(all.filter((l) => l.valid).length);
    const residue = all[0]!.residues[0]!;
    const touching = await list({ residue });
    expect(touching.total).toBe(all.filter((l) => l.residues.includes(residue)).length);
    // Without the chain, the residue of any chain.
    expect((await list({ residue: residue.split(':').pop() })).total).toBeGreaterThanOrEqual(touching.total);
    const byWeight = (await list({ sort: 'mw', order: 'desc', status: 'DONE' })).items.map((l) => l.mw!);
    expect(byWeight).toEqual([...byWeight].sort((a, b) => b - a));
    // Ranks stay the job's ranks under a filter.
    expect((await list({ name: all[0]!.name })).items[0]!.rank).toBe(1);
  });

  it('gives one ligand with its pose (bond orders and score in the SDF)', async () => {
    const best = (await api<ScreeningLigandList>('GET', `/v1/jobs/${jobId}/screening/ligands`)).body.data.items[0]!;
    const detail = (await api<ScreeningLigandDetail>('GET', `/v1/jobs/${jobId}/screening/ligands/${best.index}`)).body
      .data;
    expect(detail).toMatchObject({ name: best.name, rank: 1, score: best.score });
    expect(detail.pose_sdf).toContain('>  <vina_score>');
    expect(detail.pose_sdf!.split('\n')[0]).toBe(best.name);
    const missing = await api('GET', `/v1/jobs/${jobId}/screening/ligands/999`);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('No ligand 999 in this screen.');
  });

  it('exports the best N as one SDF and as CSV, in rank order', async () => {
    const sdf = await t.app.http.inject({
      method: 'GET',
      url: `/v1/jobs/${jobId}/screening/export?format=sdf&top=3`,
      headers: { token: owner.token },
    });
    expect(sdf.statusCode).toBe(200);
    expect(sdf.headers['content-disposition']).toMatch(/attachment; filename=".*_top3\.sdf"/);
    const records = sdf.body.split('$$$$\n').filter((r) => r.trim());
    expect(records).toHaveLength(3);
    const ranked = (await api<ScreeningLigandList>('GET', `/v1/jobs/${jobId}/screening/ligands`)).body.data.items;
    expect(records.map((r) => r.split('\n')[0])).toEqual(ranked.slice(0, 3).map((l) => l.name));
    expect(records[0]).toMatch(/>\s+<rank>\n1\n/);
    const csv = await t.app.http.inject({
      method: 'GET',
      url: `/v1/jobs/${jobId}/screening/export?format=csv&top=100&valid=true`,
      headers: { token: owner.token },
    });
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'rank,name,score,valid,failed_checks,smiles,mw,logp,hbd,hba,rotatable_bonds,heavy_atoms,active,residues',
    );
    expect(lines.length - 1).toBe(ranked.filter((l) => l.valid).length);
    const bad = await t.app.http.inject({
      method: 'GET',
      url: `/v1/jobs/${jobId}/screening/export?format=xls`,
      headers: { token: owner.token },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('enrichment from an activity column', () => {
  it('reports ROC AUC, EF1%, EF5%, BEDROC and the ROC curve', async () => {
    const csv = [
      'id,canonical_smiles,label',
      'a1,c1ccc2[nH]ccc2c1,active',
      'a2,Cc1ccccc1N,1',
      'a3,"CC(=O)Oc1ccccc1C(=O)O",active',
      'd1,CCO,decoy',
      'd2,CO,0',
      'd3,CCCC,inactive',
    ].join('\n');
    const file = await importOk(t, owner.token, projectId, 'labelled.csv', csv);
    const id = await screen({ file_ids: [file.id], activity_column: 'label', name_column: 'id' });
    const job = await waitForJob(t, owner.token, id, 300_000);
    expect(job.status, job.error ?? '').toBe('FINISHED');
    const summary = (await api<ScreeningSummary>('GET', `/v1/jobs/${id}/screening`)).body.data;
    expect(summary.has_activity).toBe(true);
    const e = summary.enrichment!;
    expect(e).toMatchObject({ actives: 3, decoys: 3 });
    expect(e.roc_auc).toBeGreaterThanOrEqual(0);
    expect(e.roc_auc).toBeLessThanOrEqual(1);
    expect(e.roc[0]).toEqual([0, 0]);
    expect(e.roc.at(-1)).toEqual([1, 1]);
    // The actives are bigger and aromatic: Vina ranks them above ethanol, methanol and butane.
    expect(e.roc_auc).toBe(1);
    const actives = (
      await api<ScreeningLigandList>('GET', `/v1/jobs/${id}/screening/ligands`, undefined, { active: 'true' })
    ).body.data.items;
    expect(actives.map((l) => l.name).sort()).toEqual(['a1', 'a2', 'a3']);
  }, 320_000);
});

describe('cancel', () => {
  it('stops every chunk: no Vina survives, finished rows stay, ligands in flight are pending again', async () => {
    const library = await importOk(
      t,
      owner.token,
      projectId,
      'slow.smi',
      ['c1ccccc1O a', 'Cc1ccccc1N b', 'c1ccc2[nH]ccc2c1 c', 'OC(=O)c1ccccc1 d', 'COc1ccccc1 e', 'Clc1ccccc1 f'].join(
        '\n',
      ),
    );
    const id = await screen({ file_ids: [library.id] }, { exhaustiveness: 64 });
    const { runner } = t.app.jobs;
    // The chunk programs' folder (the job's), and Vina running in it.
    const python = await waitUntil(
      async () => runner.pidsOf(id).filter((pid) => alive(pid) && /medx_chem\.screen_chunk/.test(cmdline(pid))),
      (pids) => pids.length > 0,
      { timeoutMs: 120_000, intervalMs: 100, what: 'a chunk program to start' },
    );
    const workDir = readlinkSync(`/proc/${python[0]}/cwd`);
    const vinas = await waitUntil(
      async () => vinaProcessesUnder(workDir),
      (pids) => pids.length > 0,
      { timeoutMs: 120_000, intervalMs: 100, what: 'Vina to start in a chunk' },
    );
    const cancelled = await api('POST', `/v1/jobs/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    const left = await waitUntil(
      async () => [...vinas, ...python].filter(alive),
      (pids) => pids.length === 0,
      { timeoutMs: 10_000, what: 'the chunks to die' },
    );
    expect(left).toEqual([]);
    expect((await waitForJob(t, owner.token, id)).status).toBe('STOPPED');
    const summary = await waitUntil(
      async () => (await api<ScreeningSummary>('GET', `/v1/jobs/${id}/screening`)).body.data,
      (s) => s.counts.RUNNING === 0,
      { timeoutMs: 10_000, what: 'the ligands in flight to be released' },
    );
    expect(summary.total).toBe(6);
    expect(summary.counts.PENDING).toBeGreaterThan(0);
  }, 200_000);
});
