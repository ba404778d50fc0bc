import type {
  AuthResult,
  DockingResultList,
  DockingSubmitResult,
  Job,
  PrepareSubmitResult,
  ProjectFile,
} from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHydrogen } from '../../src/chem/pdb-records';
import { readPdb } from '../../src/chem/readers/pdb';
import { readPdbqt } from '../../src/chem/readers/pdbqt';
import { benchFile } from '../support/bench';
import { expectOk } from '../support/helpers';
import { createProject, createTestApp, registerUser, type TestApp } from '../support/test-app';
import { importOk } from '../support/uploads';
import { pocketOf, waitForJob } from './docking-support';

/**
 * A zinc protein through the API, as a user runs it: Quick Prepare 1s63 (its zinc kept
 * by default, formal charges in columns 79-80), then dock the crystal ligand into the
 * prepared protein with real Open Babel and Vina (exhaustiveness 1: the point is the
 * receptor, not the pose). Before the fix the docking failed with "Open Babel could not
 * prepare the receptor (no atoms in its PDBQT)".
 */
let t: TestApp;
let owner: AuthResult;
let projectId: number;
let preparedPdb: string;
let job: Job;
const crystal = benchFile('1s63', 'ligand.sdf').toString();

const files = async (jobId: number) =>
  expectOk(await t.request<ProjectFile[]>('GET', `/v1/jobs/${jobId}/files`, { token: owner.token }));
const content = async (fileId: number) =>
  expectOk(await t.request<{ content: string }>('GET', `/v1/files/${fileId}/content`, { token: owner.token })).content;

beforeAll(async () => {
  t = await createTestApp();
  t.app.jobs.runner.start();
  owner = await registerUser(t);
  projectId = await createProject(t, owner.token, 'Zinc');
  const protein = await importOk(t, owner.token, projectId, '1s63.pdb', benchFile('1s63', 'receptor.pdb'));
  const ligand = await importOk(t, owner.token, projectId, '1s63_ligand.sdf', crystal);

  const prep = expectOk(
    await t.request<PrepareSubmitResult>('POST', '/v1/jobs/quick_prepare_protein', {
      token: owner.token,
      body: { project_id: projectId, protein_id: protein.id },
    }),
    'submitSuccess',
  );
  const prepJob = await waitForJob(t, owner.token, prep.job_id);
  expect(prepJob.status, prepJob.error ?? '').toBe('FINISHED');
  const [prepared] = await files(prep.job_id);
  preparedPdb = await content(prepared!.id);

  const docking = expectOk(
    await t.request<DockingSubmitResult>('POST', '/v1/jobs/docking', {
      token: owner.token,
      body: {
        project_id: projectId,
        protein_id: prepared!.id,
        ligand_ids: [ligand.id],
        pocket: pocketOf(crystal),
        settings: { exhaustiveness: 1, num_modes: 3, retain_count: 1, seed: 7 },
      },
    }),
    'submitSuccess',
  );
  job = await waitForJob(t, owner.token, docking.job_id, 240_000);
}, 300_000);
afterAll(async () => {
  await t?.app.jobs.runner.stop();
  await t?.close();
});

describe('docking 1s63 after Quick Prepare (a zinc in the site)', () => {
  it('Quick Prepare kept the zinc and wrote formal charges', () => {
    const atoms = readPdb(preparedPdb).records[0]!.atoms;
    expect(atoms.filter((a) => a.resName === 'ZN').map((a) => a.element)).toEqual(['ZN']);
    expect(atoms.some((a) => a.text.slice(78, 80) === '1+')).toBe(true);
  });

  it('docks: the job finishes with a scored pose', async () => {
    expect(job.status, job.error ?? '').toBe('FINISHED');
    const list = expectOk(
      await t.request<DockingResultList>('GET', `/v1/jobs/${job.id}/docking_result`, { token: owner.token }),
    );
    expect(list.items[0]).toMatchObject({ rank: 1, status: 'SUCCESS' });
    expect(list.items[0]!.score).toBeLessThan(0);
  });

  it('the receptor PDBQT holds every heavy atom of the prepared protein, the zinc typed Zn', async () => {
    const pdbqtFile = (await files(job.id)).find((f) => f.ext === 'pdbqt')!;
    const pdbqt = readPdbqt(await content(pdbqtFile.id)).records[0]!.atoms;
    const key = (a: { x: number; y: number; z: number }) => `${a.x.toFixed(3)} ${a.y.toFixed(3)} ${a.z.toFixed(3)}`;
    const present = new Set(pdbqt.map(key));
    const heavy = readPdb(preparedPdb).records[0]!.atoms.filter((a) => !isHydrogen(a.element));
    expect(heavy.length).toBeGreaterThan(5000);
    expect(heavy.filter((a) => !present.has(key(a))).map((a) => a.text)).toEqual([]);
    expect(pdbqt.filter((a) => !isHydrogen(a.element))).toHaveLength(heavy.length);
    expect(pdbqt.filter((a) => a.element === 'ZN').map((a) => a.text.slice(77, 79))).toEqual(['Zn']);
  });
});
