import type { AuthResult, Job, ScreeningSummary } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchFile } from '../support/bench';
import { ChildServer } from '../support/child-server';
import { startSlurm, type TestSlurm } from '../support/slurm';
import { waitUntil } from '../support/wait';
import { alive, pocketOf, vinaProcessesUnder } from './docking-support';

/**
 * SCREEN_CHUNKS=slurm against a real single-node Slurm (Debian's slurm-wlm and munge,
 * started by the test): the server submits the screen's workers as an `sbatch --array`,
 * follows it with `squeue`, and a cancel reaches the tasks through `scancel`.
 */
const server = new ChildServer();
let slurm: TestSlurm;
let guest: AuthResult;
let projectId: number;
let proteinId: number;
const crystal = benchFile('7cnq', 'ligand.sdf').toString();
const api = <T>(method: string, path: string, body?: unknown) => server.api<T>(method, path, guest.token, body);

async function screen(name: string, smiles: string[], exhaustiveness: number): Promise<number> {
  const library = await server.upload(guest.token, projectId, name, smiles.map((s, i) => `${s} s${i + 1}`).join('\n'));
  const submitted = await api<{ job_id: number }>('POST', '/v1/jobs/docking/library', {
    project_id: projectId,
    protein_id: proteinId,
    pocket: pocketOf(crystal),
    library: { file_ids: [library] },
    settings: { exhaustiveness, seed: 3 },
  });
  expect(submitted.success, submitted.msg).toBe(true);
  return submitted.data.job_id;
}

const arrayOf = async (jobId: number) =>
  waitUntil(
    async () =>
      /Slurm array job (\d+)/.exec(
        (await api<{ comment: string }>('GET', `/v1/jobs/${jobId}/comment`)).data.comment,
      )?.[1],
    (id) => id !== undefined,
    { timeoutMs: 60_000, what: 'the array job to be submitted' },
  ) as Promise<string>;

beforeAll(async () => {
  slurm = await startSlurm();
  await server.init();
  server.extraEnv = {
    ...slurm.env,
    SCREEN_CHUNKS: 'slurm',
    SCREEN_SLURM_TASKS: '2',
    WORKER_CHUNK_SIZE: '2',
    SCREEN_CLAIM_TIMEOUT_SECONDS: '20',
  };
  await server.start();
  guest = (await server.api<AuthResult>('POST', '/v1/users/guest_login', undefined, {})).data;
  projectId = (await api<{ id: number }>('POST', '/v1/projects/new', { project_name: 'Slurm' })).data.id;
  proteinId = await server.upload(guest.token, projectId, '7cnq.pdb', benchFile('7cnq', 'receptor.pdb'));
}, 120_000);
afterAll(async () => {
  await server.close();
  await slurm?.stop();
});

describe('screening chunks as Slurm array jobs', () => {
  it('docks the library through an sbatch array followed with squeue', async () => {
    const smiles = [
      'c1ccccc1O',
      'Cc1ccccc1N',
      'c1ccc2[nH]ccc2c1',
      'OC(=O)c1ccccc1',
      'COc1ccccc1',
      'Clc1ccccc1',
      'c1ccncc1CO',
      'Nc1ccc(F)cc1',
    ];
    const jobId = await screen('slurm.smi', smiles, 1);
    const array = await arrayOf(jobId);
    const done = await waitUntil(
      async () => (await api<Job>('GET', `/v1/jobs/${jobId}`)).data,
      (j) => ['FINISHED', 'FAILED', 'STOPPED'].includes(j.status),
      { timeoutMs: 300_000, what: 'the screen ending' },
    );
    expect(done.status, done.error ?? '').toBe('FINISHED');
    const summary = (await api<ScreeningSummary>('GET', `/v1/jobs/${jobId}/screening`)).data;
    expect(summary.counts).toMatchObject({ PENDING: 0, RUNNING: 0, DONE: smiles.length });
    const log = (await api<{ comment: string }>('GET', `/v1/jobs/${jobId}/comment`)).data.comment;
    expect(log).toContain(`Slurm array job ${array}: 2 tasks.`);
    // The array is gone from Slurm's queue once the screen is over.
    await waitUntil(
      async () => slurm.tasks(array),
      (t) => t.length === 0,
      { timeoutMs: 30_000, what: 'the array to end' },
    );
  }, 400_000);

  it('a cancel reaches the array: scancel, no Vina left, ligands in flight pending again', async () => {
    const smiles = [
      'c1ccc2ccccc2c1',
      'CC(=O)Nc1ccc(O)cc1',
      'O=C(O)CCc1ccccc1',
      'CCOC(=O)c1ccccc1',
      'CN(C)c1ccccc1',
      'c1ccc(cc1)C#N',
    ];
    const jobId = await screen('slow.smi', smiles, 64);
    const array = await arrayOf(jobId);
    const running = await waitUntil(
      async () => slurm.tasks(array).filter((t) => t.endsWith('RUNNING')),
      (t) => t.length > 0,
      { timeoutMs: 60_000, what: 'array tasks to run' },
    );
    expect(running.length).toBeGreaterThan(0);
    const vinas = await waitUntil(
      async () => vinaProcessesUnder(server.jobTmp),
      (pids) => pids.length > 0,
      { timeoutMs: 120_000, what: 'Vina to start in a task' },
    );
    expect((await api('POST', `/v1/jobs/${jobId}/cancel`)).success).toBe(true);
    await waitUntil(
      async () => slurm.tasks(array),
      (t) => t.length === 0,
      { timeoutMs: 30_000, what: 'scancel to end the tasks' },
    );
    const left = await waitUntil(
      async () => vinas.filter(alive),
      (p) => p.length === 0,
      {
        timeoutMs: 20_000,
        what: 'the tasks’ Vina to die',
      },
    );
    expect(left).toEqual([]);
    const summary = await waitUntil(
      async () => (await api<ScreeningSummary>('GET', `/v1/jobs/${jobId}/screening`)).data,
      (s) => s.counts.RUNNING === 0,
      { timeoutMs: 20_000, what: 'the ligands in flight to be released' },
    );
    expect(summary.counts.PENDING).toBeGreaterThan(0);
  }, 400_000);
});
