import type { ChildProcess } from 'node:child_process';
import type { AuthResult, Job, ScreeningSummary } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStorageUrl } from '../../src/storage/create-storage';
import { S3Storage } from '../../src/storage/s3.storage';
import { benchFile } from '../support/bench';
import { ChildServer } from '../support/child-server';
import { startS3Server, type TestS3Server } from '../support/s3-server';
import { waitUntil } from '../support/wait';
import { pocketOf } from './docking-support';

/**
 * SCREEN_CHUNKS=workers: the server prepares the screen and two `medx worker` processes
 * dock it, with the receptor staged through S3 (a local S3 server; no shared folder is
 * used by the workers) and the ligands through the database. A worker is killed with
 * SIGKILL 20 times and the server twice during the screen: every ligand ends exactly
 * once, none is lost, a recorded ligand is never docked again, and the staged objects
 * are gone when the job ends.
 */
const server = new ChildServer();
let s3: TestS3Server;
const api = <T>(method: string, path: string, token?: string, body?: unknown) =>
  server.api<T>(method, path, token, body);

const SMILES = Array.from({ length: 40 }, (_, i) => {
  const tails = ['O', 'N', 'C', 'Cl', 'F', 'OC', 'C(=O)O', 'C#N'];
  const rings = ['c1ccccc1', 'c1ccncc1', 'c1ccc2ccccc2c1', 'c1ccsc1', 'c1ccoc1'];
  return `${rings[i % rings.length]}${tails[Math.floor(i / rings.length) % tails.length]} w${i + 1}`;
});
const WORKER_KILLS = 20;
const SERVER_KILLS = 2;

async function recorded() {
  const db = server.openDb();
  try {
    const rows = await db.kysely
      .selectFrom('screening_ligands')
      .select(['idx', 'status', 'finished_at', 'score'])
      .where('status', 'in', ['DONE', 'FAILED'])
      .execute();
    return new Map(rows.map((r) => [r.idx, { ...r, score: r.score === null ? null : Number(r.score) }]));
  } finally {
    await db.destroy();
  }
}

const workers: ChildProcess[] = [];
const WORKER_ENV = { WORKER_SLOTS: '1', WORKER_CHUNK_SIZE: '2' };
const killWorker = async (i: number) => {
  const worker = workers[i]!;
  if (worker.exitCode === null && worker.signalCode === null) {
    worker.kill('SIGKILL');
    await new Promise((r) => worker.once('exit', r));
  }
  workers[i] = server.startWorker(WORKER_ENV);
};

beforeAll(async () => {
  s3 = await startS3Server();
  await server.init();
  server.extraEnv = { SCREEN_CHUNKS: 'workers', SCREEN_CLAIM_TIMEOUT_SECONDS: '4', STORAGE_URL: s3.url };
});
afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
  await server.close();
  await s3?.stop();
});

describe('a screen docked by workers that are killed', () => {
  it('ends every ligand exactly once, through S3 and the database', async () => {
    await server.start();
    const guest = (await api<AuthResult>('POST', '/v1/users/guest_login', undefined, {})).data;
    const projectId = (await api<{ id: number }>('POST', '/v1/projects/new', guest.token, { project_name: 'Workers' }))
      .data.id;
    const crystal = benchFile('7cnq', 'ligand.sdf').toString();
    const proteinId = await server.upload(guest.token, projectId, '7cnq.pdb', benchFile('7cnq', 'receptor.pdb'));
    const libraryId = await server.upload(guest.token, projectId, 'library.smi', SMILES.join('\n'));
    const submitted = await api<{ job_id: number }>('POST', '/v1/jobs/docking/library', guest.token, {
      project_id: projectId,
      protein_id: proteinId,
      pocket: pocketOf(crystal),
      library: { file_ids: [libraryId] },
      settings: { exhaustiveness: 1, seed: 9 },
    });
    expect(submitted.success, submitted.msg).toBe(true);
    const jobId = submitted.data.job_id;
    const summary = async () => (await api<ScreeningSummary>('GET', `/v1/jobs/${jobId}/screening`, guest.token)).data;
    const storage = new S3Storage(parseStorageUrl(s3.url));
    // The receptor is staged before any worker exists: nothing docks without them.
    await waitUntil(
      async () => storage.list('screening'),
      (keys) => keys.length === 2,
      { timeoutMs: 60_000, what: 'the receptor to be staged' },
    );
    expect((await summary()).counts.DONE).toBe(0);
    workers.push(server.startWorker(WORKER_ENV), server.startWorker(WORKER_ENV));

    const snapshots: Awaited<ReturnType<typeof recorded>>[] = [];
    let killsWhileRunning = 0;
    for (let kill = 0; kill < WORKER_KILLS + SERVER_KILLS; kill++) {
      const seen = snapshots.at(-1)?.size ?? 0;
      const progress = await waitUntil(
        summary,
        (s) => s.counts.DONE + s.counts.FAILED >= Math.min(SMILES.length, seen + 1),
        {
          timeoutMs: 120_000,
          what: `progress before kill ${kill + 1}`,
        },
      );
      if (progress.counts.PENDING + progress.counts.RUNNING > 0) killsWhileRunning++;
      snapshots.push(await recorded());
      // Every eleventh kill is the server's; the others alternate between the two workers.
      if (kill % 11 === 10) {
        await server.kill();
        await server.start();
      } else {
        await killWorker(kill % 2);
      }
    }
    expect(killsWhileRunning).toBe(WORKER_KILLS + SERVER_KILLS);

    const done = await waitUntil(
      async () => (await api<Job>('GET', `/v1/jobs/${jobId}`, guest.token)).data,
      (j) => ['FINISHED', 'FAILED', 'STOPPED'].includes(j.status),
      { timeoutMs: 300_000, what: 'the screen ending' },
    );
    expect(done.status, done.error ?? '').toBe('FINISHED');
    const end = await summary();
    expect(end.total).toBe(SMILES.length);
    expect(end.counts.PENDING + end.counts.RUNNING).toBe(0);
    expect(end.counts.DONE).toBeGreaterThan(SMILES.length / 2);
    const final = await recorded();
    expect([...final.keys()].sort((a, b) => a - b)).toEqual(SMILES.map((_, i) => i));
    for (const snapshot of snapshots) {
      for (const [idx, row] of snapshot) expect(final.get(idx), `ligand ${idx}`).toEqual(row);
    }
    // The staged receptor went with the job.
    expect(await storage.list('screening')).toEqual([]);
  }, 900_000);
});
