import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgBossJobQueue } from '../../src/jobs/pgboss-job-queue';
import { freshDatabase } from '../support/test-app';
import { jobQueueContract } from './job-queue-contract';

/**
 * The pg-boss queue on a throwaway PostgreSQL database (the PG pass of the integration
 * tests): the same contract as the in-process queue, and two servers sharing one queue.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let schemaCount = 0;
beforeAll(async () => {
  database = await freshDatabase();
  if (!database.url) throw new Error('the PG pass sets MEDX_TEST_PG_URL');
});
afterAll(() => database?.drop());

// Each queue under test has its own pg-boss schema: tests do not see each other's jobs.
const makeQueue = (concurrency: number, schema = `pgboss_t${++schemaCount}`) => {
  const queue = new PgBossJobQueue(database.url!, concurrency, { pollMs: 500, schema });
  return queue;
};

jobQueueContract('pg-boss (PgBossJobQueue)', async (concurrency) => makeQueue(concurrency));

describe('pg-boss: several servers', () => {
  it('shares one queue between two servers: every job runs exactly once, each server within its concurrency', async () => {
    const schema = `pgboss_shared${++schemaCount}`;
    const a = makeQueue(2, schema);
    const b = makeQueue(2, schema);
    try {
      const runs: { jobId: number; server: string }[] = [];
      let running = { a: 0, b: 0 };
      let peak = { a: 0, b: 0 };
      const handler = (server: 'a' | 'b') => async (jobId: number) => {
        runs.push({ jobId, server });
        running = { ...running, [server]: running[server] + 1 };
        peak = { ...peak, [server]: Math.max(peak[server], running[server]) };
        await new Promise((r) => setTimeout(r, 100));
        running = { ...running, [server]: running[server] - 1 };
      };
      const ids = Array.from({ length: 30 }, (_, i) => 100 + i);
      for (const id of ids) await (id % 2 ? a : b).enqueue(id);
      // The same id queued again while it waits is one job (a recovery sweep racing a submission).
      await b.enqueue(129);
      a.start(handler('a'));
      b.start(handler('b'));
      await expect.poll(() => runs.length, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(30);
      await a.idle();
      await b.idle();
      expect(runs.map((r) => r.jobId).sort()).toEqual(ids);
      expect(new Set(runs.map((r) => r.server))).toEqual(new Set(['a', 'b']));
      expect(peak.a).toBeLessThanOrEqual(2);
      expect(peak.b).toBeLessThanOrEqual(2);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
