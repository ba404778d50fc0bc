import type { ChildProcess } from 'node:child_process';
import type { AuthResult, Job, ScreeningSummary } from '@medx/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchFile } from '../support/bench';
import { ChildServer } from '../support/child-server';
import { waitUntil } from '../support/wait';
import { pocketOf } from './docking-support';

/**
 * PostgreSQL goes away in the middle of a screen docked by workers: every connection of the
 * screen's database is ended and new ones are refused for a while (as a restart or failover
 * looks to its clients), then it comes back. The server and the workers reconnect and the
 * screen ends with every ligand docked once. PostgreSQL pass only (the subject is PostgreSQL);
 * the outage is made on this test's own database, so other test files are not touched.
 */
const server = new ChildServer();
const workers: ChildProcess[] = [];
const OUTAGE_MS = 6000;
const SMILES = Array.from(
  { length: 24 },
  (_, i) =>
    `${['c1ccccc1', 'c1ccncc1', 'c1ccsc1'][i % 3]}${['O', 'N', 'C', 'Cl', 'F', 'OC', 'CO', 'C#N'][Math.floor(i / 3)]} o${i + 1}`,
);

async function admin<T>(work: (client: pg.Client, database: string) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.MEDX_TEST_PG_URL });
  await client.connect();
  try {
    return await work(client, new URL(server.databaseUrl!).pathname.slice(1));
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await server.init();
  server.extraEnv = { SCREEN_CHUNKS: 'workers', SCREEN_CLAIM_TIMEOUT_SECONDS: '8' };
});
afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
  await admin((c, db) => c.query(`ALTER DATABASE ${db} ALLOW_CONNECTIONS true`)).catch(() => {});
  await server.close();
});

describe('PostgreSQL restarted mid-screen', () => {
  it('the server and the workers reconnect and the screen ends, every ligand once', async () => {
    expect(server.databaseUrl).toBeDefined();
    await server.start();
    const guest = (await server.api<AuthResult>('POST', '/v1/users/guest_login', undefined, {})).data;
    const api = <T>(method: string, path: string, body?: unknown) => server.api<T>(method, path, guest.token, body);
    const projectId = (await api<{ id: number }>('POST', '/v1/projects/new', { project_name: 'Outage' })).data.id;
    const crystal = benchFile('7cnq', 'ligand.sdf').toString();
    const proteinId = await server.upload(guest.token, projectId, '7cnq.pdb', benchFile('7cnq', 'receptor.pdb'));
    const libraryId = await server.upload(guest.token, projectId, 'outage.smi', SMILES.join('\n'));
    const submitted = await api<{ job_id: number }>('POST', '/v1/jobs/docking/library', {
      project_id: projectId,
      protein_id: proteinId,
      pocket: pocketOf(crystal),
      library: { file_ids: [libraryId] },
      settings: { exhaustiveness: 1, seed: 2 },
    });
    expect(submitted.success, submitted.msg).toBe(true);
    const jobId = submitted.data.job_id;
    workers.push(
      server.startWorker({ WORKER_SLOTS: '1', WORKER_CHUNK_SIZE: '2' }),
      server.startWorker({ WORKER_SLOTS: '1', WORKER_CHUNK_SIZE: '2' }),
    );
    const summary = async () => (await api<ScreeningSummary>('GET', `/v1/jobs/${jobId}/screening`)).data;
    const before = await waitUntil(summary, (s) => s.counts.DONE + s.counts.FAILED >= 4, {
      timeoutMs: 120_000,
      what: 'the screen to be under way',
    });
    expect(before.counts.PENDING).toBeGreaterThan(0);

    // The outage: every connection ended, new ones refused, for OUTAGE_MS.
    const ended = await admin(async (c, db) => {
      await c.query(`ALTER DATABASE ${db} ALLOW_CONNECTIONS false`);
      const r = await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [db]);
      return r.rowCount ?? 0;
    });
    expect(ended).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS)); // the fault's length, not a wait for a state
    await admin((c, db) => c.query(`ALTER DATABASE ${db} ALLOW_CONNECTIONS true`));

    const done = await waitUntil(
      async () => (await api<Job>('GET', `/v1/jobs/${jobId}`)).data,
      (j) => ['FINISHED', 'FAILED', 'STOPPED'].includes(j.status),
      { timeoutMs: 300_000, what: 'the screen ending after the outage' },
    );
    expect(done.status, done.error ?? '').toBe('FINISHED');
    const end = await summary();
    expect(end.total).toBe(SMILES.length);
    expect(end.counts.PENDING + end.counts.RUNNING).toBe(0);
    expect(end.counts.DONE + end.counts.FAILED).toBe(SMILES.length);
    const log = (await api<{ comment: string }>('GET', `/v1/jobs/${jobId}/comment`)).data.comment;
    expect(log).toMatch(/The database was unreachable for about \d+ s/);
  }, 600_000);
});
