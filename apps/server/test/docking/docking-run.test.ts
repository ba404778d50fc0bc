import type { AuthResult, DockingResultList, DockingSubmitResult, ProjectFile } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pythonModule, pythonPath } from '../../src/chem/python';
import { benchFile } from '../support/bench';
import { expectOk } from '../support/helpers';
import type { TestApp } from '../support/test-app';
import { importOk } from '../support/uploads';
import { waitUntil } from '../support/wait';
import { alive, canonicalOfRecords, cmdline, dockingProject7cnq, pocketOf, rmsd, waitForJob } from './docking-support';

/**
 * Real dockings through the API: Open Babel, Vina 1.2.3 and RDKit on 7CNQ (3 torsions,
 * a few seconds at exhaustiveness 4), the pocket from the crystal ligand + 5 Å.
 */
let t: TestApp;
let owner: AuthResult;
let projectId: number;
let protein: ProjectFile;
let ligand: ProjectFile;
const crystal = benchFile('7cnq', 'ligand.sdf').toString();
const pocket = pocketOf(crystal);
const SEED = 20260115;

beforeAll(async () => {
  ({ t, owner, projectId, protein, ligand } = await dockingProject7cnq('Docking'));
});
afterAll(async () => {
  await t?.app.jobs.runner.stop();
  await t?.close();
});

const submit = async (body: Record<string, unknown>) =>
  expectOk(
    await t.request<DockingSubmitResult>('POST', '/v1/jobs/docking', {
      token: owner.token,
      body: { project_id: projectId, protein_id: protein.id, ligand_ids: [ligand.id], pocket, ...body },
    }),
    'submitSuccess',
  ).job_id;
const results = async (jobId: number, query: Record<string, number> = {}) =>
  expectOk(
    await t.request<DockingResultList>('GET', `/v1/jobs/${jobId}/docking_result`, { token: owner.token, query }),
  );
const download = async (fileId: number) =>
  (await t.app.http.inject({ method: 'GET', url: `/v1/files/${fileId}/download`, headers: { token: owner.token } }))
    .body;

describe('a real redocking of 7CNQ', () => {
  let jobId: number;
  beforeAll(async () => {
    jobId = await submit({ settings: { exhaustiveness: 4, retain_count: 3, seed: SEED, job_name: 'Redock 7CNQ' } });
    const job = await waitForJob(t, owner.token, jobId);
    expect(job, job.error ?? '').toMatchObject({ status: 'FINISHED', job_name: 'Redock 7CNQ' });
  }, 180_000);

  it('finds the crystal pose: top-1 heavy-atom RMSD under 2 Å', async () => {
    const list = await results(jobId);
    const top = list.items[0]!;
    expect(top).toMatchObject({ rank: 1, pose: 1, status: 'SUCCESS', ligand_name: '7CNQ_G8X_A_602', error: null });
    expect(top.score).toBeLessThan(-4);
    const sdf = await download(top.file_id!);
    expect(rmsd(crystal, sdf)).toBeLessThan(2);
  });

  it('lists the best retain_count poses, ranked by score, 5 per page by default', async () => {
    const list = await results(jobId);
    expect(list.total).toBe(3);
    expect(list.items.map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(list.items.map((r) => r.pose)).toEqual([1, 2, 3]);
    const scores = list.items.map((r) => r.score!);
    expect([...scores].sort((a, b) => a - b)).toEqual(scores);
    const page2 = await results(jobId, { page: 2, limit: 2 });
    expect(page2.items).toHaveLength(1);
    expect(page2.items[0]).toMatchObject({ rank: 3, pose: 3 });
    // The project's list holds the same rows.
    const byProject = expectOk(
      await t.request<DockingResultList>('GET', `/v1/projects/${projectId}/docking_result`, {
        token: owner.token,
        query: { job_id: jobId },
      }),
    );
    expect(byProject).toEqual(list);
  });

  it('writes the poses as SDF with the ligand’s real bond orders and the scores', async () => {
    const top = (await results(jobId)).items[0]!;
    const sdf = await download(top.file_id!);
    const input = canonicalOfRecords(crystal)[0];
    expect(canonicalOfRecords(sdf)).toEqual([input, input, input]);
    expect(sdf).toContain('>  <vina_score>');
    expect(sdf).toContain(top.score!.toFixed(3));
  });

  it('writes the complex: the protein and the best pose in one PDB', async () => {
    const top = (await results(jobId)).items[0]!;
    expect(top.protein_file_id).toBe(protein.id);
    const pdb = await download(top.complex_file_id!);
    expect(pdb.match(/^ATOM/gm)!.length).toBeGreaterThan(10_000);
    expect(pdb.match(/^HETATM/gm)!.length).toBeGreaterThanOrEqual(10);
    const outputs = expectOk(await t.request<ProjectFile[]>('GET', `/v1/jobs/${jobId}/files`, { token: owner.token }));
    expect(outputs.map((f) => f.ext).sort()).toEqual(['pdb', 'pdbqt', 'sdf']);
    expect(outputs.every((f) => f.is_job_result && f.job_id === jobId)).toBe(true);
  });

  it('records the provenance: Vina version, seed, parameters, input hashes, commands', async () => {
    const row = await t.db.kysely.selectFrom('jobs').select('provenance').where('id', '=', jobId).executeTakeFirst();
    const p = JSON.parse(row!.provenance!) as Record<string, unknown> & {
      steps: { command: string; args: string[]; ms: number; sha256?: string }[];
      inputs: { sha256: string; file_id: number }[];
      restore_script_sha256: string;
    };
    expect(p).toMatchObject({
      vina_version: 'AutoDock Vina v1.2.3',
      seed: SEED,
      parameters: { exhaustiveness: 4, num_modes: 9, energy_range: 3, min_rmsd: 1, retain_count: 3, pocket },
    });
    const files = await t.db.kysely.selectFrom('files').select(['id', 'sha256']).execute();
    for (const input of p.inputs) expect(input.sha256).toBe(files.find((f) => f.id === input.file_id)!.sha256);
    const commands = p.steps.map((s) => [s.command, ...s.args].join(' '));
    expect(commands).toContainEqual('obabel receptor_clean.pdb -xr -p 7.4 --partialcharge gasteiger -O receptor.pdbqt');
    expect(commands.find((c) => c.includes('--ligand lig1.pdbqt --out out/lig1_out.pdbqt'))).toContain(
      `--seed ${SEED}`,
    );
    // Our Python program by module name and the hash of the code it ran (no script text).
    const restore = pythonModule('restore_poses');
    expect(p.restore_script_sha256).toBe(restore.sha256);
    expect(p.steps.filter((s) => s.sha256)).toEqual([
      expect.objectContaining({
        command: pythonPath(),
        args: ['-m', 'medx_chem.restore_poses', 'restore.json', 'restored.json'],
        sha256: restore.sha256,
      }),
    ]);
    // Each command's wall time in ms (where the job's time went).
    expect(p.steps.every((s) => Number.isInteger(s.ms) && s.ms >= 0)).toBe(true);
    expect(p.steps.find((s) => s.args.includes('--receptor'))!.ms).toBeGreaterThan(0);
  });

  it('a rerun from the provenance reproduces the same top score', async () => {
    const first = (await results(jobId)).items[0]!;
    const rerun = expectOk(
      await t.request<DockingSubmitResult>('POST', `/v1/jobs/${jobId}/rerun`, { token: owner.token }),
      'submitSuccess',
    ).job_id;
    expect(rerun).not.toBe(jobId);
    expect((await waitForJob(t, owner.token, rerun)).status).toBe('FINISHED');
    const again = (await results(rerun)).items[0]!;
    expect(again.score).toBe(first.score);
    expect(again.job_id).toBe(rerun);
    // It docked into the receptor the first run prepared, with the same ligand preparation.
    const provenance = async (id: number) => {
      const row = await t.db.kysely.selectFrom('jobs').select('provenance').where('id', '=', id).executeTakeFirst();
      return JSON.parse(row!.provenance!) as {
        preparation: { receptor: unknown };
        prepared_receptor: { file_id: number; sha256: string };
        ligands: { pdbqt_sha256: string }[];
        seed: number;
      };
    };
    const [before, after] = [await provenance(jobId), await provenance(rerun)];
    expect(after.preparation.receptor).toEqual({
      reused_pdbqt_file_id: before.prepared_receptor.file_id,
      sha256: before.prepared_receptor.sha256,
    });
    expect(after.seed).toBe(SEED);
    expect(after.ligands.map((l) => l.pdbqt_sha256)).toEqual(before.ligands.map((l) => l.pdbqt_sha256));
  }, 120_000);
});

describe('a multi-ligand job with a broken ligand', () => {
  it('docks every molecule, lists the broken one FAILED with its reason, and FINISHES', async () => {
    // Two molecules in one SDF, then a PDBQT Vina cannot read (an atom type it does not know).
    const two = await importOk(
      t,
      owner.token,
      projectId,
      'two.sdf',
      crystal + benchFile('1uw6', 'ligand.sdf').toString(),
    );
    const bad = await importOk(
      t,
      owner.token,
      projectId,
      'broken.pdbqt',
      'ROOT\nATOM      1  C   UNL     1      -0.780  12.880  63.550  0.00  0.00    +0.000 Xx\nATOM      2  C   UNL     1      -0.100  12.000  64.550  0.00  0.00    +0.000 C\nENDROOT\nTORSDOF 0\n',
    );
    const jobId = await submit({
      ligand_ids: [bad.id, two.id],
      settings: { exhaustiveness: 1, seed: 7 },
    });
    const job = await waitForJob(t, owner.token, jobId);
    expect(job.status, job.error ?? '').toBe('FINISHED');
    const list = await results(jobId);
    expect(list.total).toBe(3);
    const [a, b, failed] = list.items;
    expect([a!.status, b!.status]).toEqual(['SUCCESS', 'SUCCESS']);
    expect(new Set([a!.ligand_name, b!.ligand_name])).toEqual(new Set(['7CNQ_G8X_A_602', 'NCT']));
    expect(failed).toMatchObject({ status: 'FAILED', rank: null, score: null, file_id: null, ligand_name: 'broken' });
    expect(failed!.error).toMatch(/Xx is not a valid AutoDock type/);
  }, 120_000);
});

describe('a single ligand Vina cannot read', () => {
  it('fails the job and still lists the ligand FAILED with Vina’s reason', async () => {
    const bad = await importOk(
      t,
      owner.token,
      projectId,
      'alone.pdbqt',
      'ROOT\nATOM      1  C   UNL     1      -0.780  12.880  63.550  0.00  0.00    +0.000 Xx\nENDROOT\nTORSDOF 0\n',
    );
    const jobId = await submit({ ligand_ids: [bad.id], settings: { exhaustiveness: 1, seed: 5 } });
    const job = await waitForJob(t, owner.token, jobId);
    expect(job.status).toBe('FAILED');
    expect(job.error).toMatch(/Every ligand failed\. alone: Vina could not dock this ligand: .*Xx/);
    const list = await results(jobId);
    expect(list.items).toEqual([expect.objectContaining({ status: 'FAILED', ligand_name: 'alone', rank: null })]);
  }, 120_000);
});

describe('ring conformers', () => {
  interface RingProvenance {
    preparation: { ring_conformers: { wanted: number; module: string; script_sha256: string } };
    steps: { command: string; args: string[]; sha256?: string }[];
    ligands: { name: string; flexible_rings: number | null; conformers: { key: string; pdbqt_sha256: string }[] }[];
  }

  it('docks a ligand with a saturated ring from several puckers and pools the poses by score', async () => {
    // The 7CNQ ligand has a pyrrolidine; the 7ZTL ligand (bicine-like) has no ring at all.
    const ringless = await importOk(t, owner.token, projectId, 'ringless.sdf', benchFile('7ztl', 'ligand.sdf'));
    const jobId = await submit({
      ligand_ids: [ligand.id, ringless.id],
      settings: { exhaustiveness: 2, retain_count: 4, ring_conformers: 3, seed: 11 },
    });
    const job = await waitForJob(t, owner.token, jobId);
    expect(job.status, job.error ?? '').toBe('FINISHED');
    const row = await t.db.kysely.selectFrom('jobs').select('provenance').where('id', '=', jobId).executeTakeFirst();
    const p = JSON.parse(row!.provenance!) as RingProvenance;
    expect(p.preparation.ring_conformers.wanted).toBe(3);
    const [withRing, withoutRing] = p.ligands;
    expect(withRing!.flexible_rings).toBe(1);
    expect(withRing!.conformers.length).toBeGreaterThanOrEqual(2);
    expect(withRing!.conformers.length).toBeLessThanOrEqual(3);
    expect(withRing!.conformers[0]!.key).toBe('lig1');
    // Other puckers, so other PDBQT files: no copy of the given conformation.
    expect(new Set(withRing!.conformers.map((c) => c.pdbqt_sha256)).size).toBe(withRing!.conformers.length);
    expect(withoutRing!.flexible_rings).toBe(0);
    expect(withoutRing!.conformers.map((c) => c.key)).toEqual(['lig2']);
    // Every entry went to the one Vina batch run.
    const batch = p.steps.find((s) => s.args.includes('--batch'))!;
    expect(batch.args.filter((a) => a.endsWith('.pdbqt') && a !== 'receptor.pdbqt')).toEqual([
      ...withRing!.conformers.map((c) => `${c.key}.pdbqt`),
      'lig2.pdbqt',
    ]);
    expect(p.preparation.ring_conformers).toMatchObject({
      module: 'medx_chem.ring_conformers',
      script_sha256: pythonModule('ring_conformers').sha256,
    });
    const rings = p.steps.find((s) => s.args[1] === 'medx_chem.ring_conformers');
    expect(rings).toMatchObject({ args: ['-m', 'medx_chem.ring_conformers', 'rings.json', 'rings_out.json'] });
    expect(rings!.sha256).toBe(p.preparation.ring_conformers.script_sha256);

    // The ligand's kept poses come from the pooled runs, best score first, in its SDF too.
    const list = await results(jobId, { limit: 20 });
    const poses = list.items.filter((r) => r.ligand_name === withRing!.name);
    expect(poses).toHaveLength(4);
    const scores = poses.map((r) => r.score!);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    const sdf = await download(poses[0]!.file_id!);
    const written = [...sdf.matchAll(/>\s+<vina_score>\n(-?[\d.]+)/g)].map((m) => Number(m[1]));
    expect(written).toEqual(scores.map((s) => Number(s.toFixed(3))));
    // Poses of every pucker are the same molecule, with the input's bond orders.
    const input = canonicalOfRecords(crystal)[0];
    expect(canonicalOfRecords(sdf)).toEqual([input, input, input, input]);
  }, 180_000);
});

describe('cancel', () => {
  it('kills the running vina process and marks the job STOPPED', async () => {
    const jobId = await submit({ settings: { exhaustiveness: 128, seed: 1 } });
    const { runner } = t.app.jobs;
    const vinaPids = await waitUntil(
      async () => runner.pidsOf(jobId).filter((pid) => alive(pid) && / --receptor /.test(cmdline(pid))),
      (pids) => pids.length > 0,
      { timeoutMs: 60_000 },
    );
    expect(vinaPids).toHaveLength(1);
    expectOk(await t.request('POST', `/v1/jobs/${jobId}/cancel`, { token: owner.token }), 'cancelSuccessful');
    const gone = await waitUntil(
      async () => alive(vinaPids[0]!),
      (a) => !a,
      { timeoutMs: 10_000 },
    );
    expect(gone).toBe(false);
    expect((await waitForJob(t, owner.token, jobId)).status).toBe('STOPPED');
    expect((await results(jobId)).total).toBe(0);
  }, 90_000);
});
