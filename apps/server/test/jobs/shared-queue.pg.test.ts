import type { Job } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pocketOf, vinaProcessesUnder } from '../docking/docking-support';
import { benchFile } from '../support/bench';
import { ChildServer } from '../support/child-server';
import { waitUntil } from '../support/wait';

/**
 * JOB_QUEUE=pgboss: two real servers (child processes) on one PostgreSQL database share the
 * job queue. A job runs on the server that took it; when that server is killed with SIGKILL,
 * the other finds the job by its stale heartbeat (JOB_STALE_SECONDS) and runs it to FINISHED,
 * with no restart of the killed server. Jobs submitted to either server are taken from the
 * one queue and each runs once.
 */
const first = new ChildServer();
let second: ChildServer;

beforeAll(async () => {
  await first.init();
  first.extraEnv = { JOB_QUEUE: 'pgboss', JOB_STALE_SECONDS: '4' };
  second = await first.sibling();
});
afterAll(async () => {
  await second?.close();
  await first.close();
});

describe('two servers sharing the pg-boss queue', () => {
  it("runs a killed server's job on the other, and the jobs of both", async () => {
    await first.start();
    // Registered: a guest may have only 2 jobs at once.
    const guest = await first.register('shared-queue@example.org');
    const projectId = (
      await first.api<{ id: number }>('POST', '/v1/projects/new', guest.token, { project_name: 'Shared' })
    ).data.id;
    const crystal = benchFile('7cnq', 'ligand.sdf').toString();
    const proteinId = await first.upload(guest.token, projectId, '7cnq.pdb', benchFile('7cnq', 'receptor.pdb'));
    const ligandId = await first.upload(guest.token, projectId, 'lig.sdf', crystal);
    const dock = (server: ChildServer, seed: number) =>
      server.api<{ job_id: number }>('POST', '/v1/jobs/docking', guest.token, {
        project_id: projectId,
        protein_id: proteinId,
        ligand_ids: [ligandId],
        pocket: pocketOf(crystal),
        settings: { exhaustiveness: 16, seed },
      });
    const submitted = await dock(first, 11);
    expect(submitted.success, submitted.msg).toBe(true);
    const jobId = submitted.data.job_id;

    // Only the first server runs: the job is its own (Vina under its TMPDIR).
    await waitUntil(
      async () => vinaProcessesUnder(first.jobTmp),
      (pids) => pids.length > 0,
      { timeoutMs: 60_000 },
    );
    await second.start();
    await first.kill();

    const done = await waitUntil(
      async () => (await second.api<Job>('GET', `/v1/jobs/${jobId}`, guest.token)).data,
      (j) => ['FINISHED', 'FAILED', 'STOPPED'].includes(j.status),
      { timeoutMs: 180_000 },
    );
    expect(done.status, done.error ?? '').toBe('FINISHED');
    const log = (await second.api<{ comment: string }>('GET', `/v1/jobs/${jobId}/comment`, guest.token)).data.comment;
    expect(log).toContain('The server stopped during this job; it is run again.');

    // Both up again: jobs submitted to either server are taken from the shared queue and end.
    await first.start();
    const more = [await dock(first, 12), await dock(second, 13), await dock(first, 14)];
    for (const answer of more) expect(answer.success, answer.msg).toBe(true);
    for (const { data } of more) {
      const job = await waitUntil(
        async () => (await first.api<Job>('GET', `/v1/jobs/${data.job_id}`, guest.token)).data,
        (j) => ['FINISHED', 'FAILED', 'STOPPED'].includes(j.status),
        { timeoutMs: 180_000 },
      );
      expect(job.status, job.error ?? '').toBe('FINISHED');
    }
    // Each job ran once: one claim of the row each (attempts 1), whatever server took it.
    const db = first.openDb();
    try {
      const rows = await db.kysely
        .selectFrom('jobs')
        .select(['id', 'attempts'])
        .where(
          'id',
          'in',
          more.map((m) => m.data.job_id),
        )
        .execute();
      expect(rows.map((r) => Number(r.attempts))).toEqual([1, 1, 1]);
    } finally {
      await db.destroy();
    }
  }, 600_000);
});
