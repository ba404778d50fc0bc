/**
 * The job queue on PostgreSQL through pg-boss (JOB_QUEUE=pgboss; docs/deploy.md): several
 * servers share one queue, each running jobs up to its lanes' concurrency. It keeps the
 * JobQueue contract of the in-process queue (test/jobs/job-queue-contract.ts runs against both).
 *
 * pg-boss carries the delivery only: a server fetches a job id when it has room in the lane
 * (SELECT ... FOR UPDATE SKIP LOCKED inside pg-boss, so two servers never take the same
 * delivery) and acknowledges it at once. The run itself lives in the `jobs` table: the
 * runner claims the row (PRE_PROCESSING → RUNNING, atomically), beats a heartbeat, and a
 * job whose server died is found by its stale heartbeat and queued again by a live server
 * (JobRunner.sweep). Holding the pg-boss job for the whole run would bind a run to pg-boss's
 * expiry (at most 24 hours: a screen can take longer) and lose nothing more in a crash.
 *
 * One pg-boss queue per lane, with the 'short' policy and the job id as singleton key: a job
 * queued twice (a sweep racing a submission) waits once.
 */
import PgBoss from 'pg-boss';
import { type JobQueue, type Lane, type LaneLoad, type LaneRouter, routeLane, SHARED_LANE } from './job-queue';

/** A pg-boss queue name for a lane key ('shared', 'instance:12'): letters, digits, '-' and '_'. */
export const laneQueueName = (key: string) => `medx-jobs-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;

export interface PgBossQueueOptions {
  /** How often each lane is polled when nothing woke it (pg-boss's minimum is 0.5 s). */
  pollMs?: number;
  /** The PostgreSQL schema pg-boss keeps its tables in. */
  schema?: string;
}

export class PgBossJobQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly shared: Lane;
  private readonly known = new Map<string, Lane>();
  private readonly created = new Map<string, Promise<void>>();
  private readonly runningByLane = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();
  private readonly queued = new Map<string, number>();
  private readonly pollMs: number;
  private handler: ((jobId: number, lane: string) => Promise<void>) | null = null;
  private router: LaneRouter | null = null;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  private ready: Promise<void> | null = null;
  private draining: Promise<void> | null = null;
  private again = false;
  private onError: (err: unknown) => void = () => {};

  constructor(connectionString: string, concurrency: number, options: PgBossQueueOptions = {}) {
    this.boss = new PgBoss({
      connectionString,
      schema: options.schema ?? 'pgboss',
      // Completed deliveries are kept a day for inspection, then removed by pg-boss's maintenance.
      retentionDays: 1,
      deleteAfterDays: 1,
    });
    this.boss.on('error', (err) => this.onError(err));
    this.shared = { key: SHARED_LANE, concurrency };
    this.known.set(SHARED_LANE, this.shared);
    this.pollMs = Math.max(500, options.pollMs ?? 1000);
  }

  /** Where pg-boss's own errors go (a lost connection it retries): the server's log. */
  setErrorListener(listener: (err: unknown) => void): void {
    this.onError = listener;
  }

  private start$(): Promise<void> {
    this.ready ??= this.boss.start().then(() => undefined);
    this.ready.catch(() => {
      this.ready = null;
    });
    return this.ready;
  }

  private ensureQueue(lane: Lane): Promise<void> {
    const name = laneQueueName(lane.key);
    let created = this.created.get(name);
    if (!created) {
      created = (async () => {
        await this.start$();
        if (!(await this.boss.getQueue(name))) {
          await this.boss.createQueue(name, { name, policy: 'short', retryLimit: 0 }).catch(async (err: unknown) => {
            // Another server created it meanwhile.
            if (!(await this.boss.getQueue(name))) throw err;
          });
        }
      })();
      created.catch(() => this.created.delete(name));
      this.created.set(name, created);
    }
    return created;
  }

  setRouter(router: LaneRouter): void {
    this.router = router;
  }

  private laneOf(jobId: number): Promise<Lane> {
    return routeLane(this.router, this.shared, jobId);
  }

  async enqueue(jobId: number): Promise<void> {
    const lane = await this.laneOf(jobId);
    this.known.set(lane.key, lane);
    await this.ensureQueue(lane);
    await this.boss.send(laneQueueName(lane.key), { jobId }, { singletonKey: String(jobId), retryLimit: 0 });
    this.pump();
  }

  /** Asks the router again for every waiting job of the lanes this server knows, keeping their order. */
  async reroute(): Promise<void> {
    await this.start$();
    const waiting: { jobId: number; createdOn: number }[] = [];
    for (const lane of [...this.known.values()]) {
      await this.ensureQueue(lane);
      const name = laneQueueName(lane.key);
      for (;;) {
        const jobs = await this.boss.fetch<{ jobId: number }>(name, { batchSize: 100, includeMetadata: true });
        if (jobs.length === 0) break;
        await this.boss.complete(
          name,
          jobs.map((job) => job.id),
        );
        for (const job of jobs) waiting.push({ jobId: job.data.jobId, createdOn: new Date(job.createdOn).getTime() });
      }
    }
    waiting.sort((a, b) => a.createdOn - b.createdOn);
    for (const { jobId } of waiting) await this.enqueue(jobId);
  }

  start(handler: (jobId: number, lane: string) => Promise<void>): void {
    this.handler = handler;
    this.stopped = false;
    this.timer ??= setInterval(() => this.pump(), this.pollMs);
    this.timer.unref();
    this.pump();
  }

  private busy(key: string): number {
    return this.runningByLane.get(key) ?? 0;
  }

  /** Takes what the lanes have room for; one drain at a time, another after it if asked meanwhile. */
  private pump(): void {
    if (!this.handler || this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((err: unknown) => this.onError(err))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.pump();
        }
      });
  }

  private async drain(): Promise<void> {
    for (const lane of [...this.known.values()]) {
      const handler = this.handler;
      if (!handler || this.stopped) return;
      await this.ensureQueue(lane);
      const name = laneQueueName(lane.key);
      const free = lane.concurrency - this.busy(lane.key);
      if (free > 0) {
        // pg-boss takes the oldest first but hands a batch back unordered (UPDATE ... RETURNING).
        const jobs = (await this.boss.fetch<{ jobId: number }>(name, { batchSize: free, includeMetadata: true })).sort(
          (x, y) => new Date(x.createdOn).getTime() - new Date(y.createdOn).getTime(),
        );
        if (jobs.length > 0) {
          // Delivered: from here the jobs table carries the run (claim, heartbeat, recovery).
          await this.boss.complete(
            name,
            jobs.map((job) => job.id),
          );
          for (const job of jobs) this.launch(handler, job.data.jobId, lane.key);
        }
      }
      this.queued.set(lane.key, await this.boss.getQueueSize(name));
    }
  }

  private launch(handler: (jobId: number, lane: string) => Promise<void>, jobId: number, key: string): void {
    this.runningByLane.set(key, this.busy(key) + 1);
    // The handler records its own failures on the job row; nothing may stop the queue.
    const task: Promise<void> = handler(jobId, key)
      .catch(() => {})
      .finally(() => {
        this.running.delete(task);
        const left = this.busy(key) - 1;
        if (left > 0) this.runningByLane.set(key, left);
        else this.runningByLane.delete(key);
        this.pump();
      });
    this.running.add(task);
  }

  lanes(): LaneLoad[] {
    return [...this.known.values()].map((lane) => ({
      key: lane.key,
      concurrency: lane.concurrency,
      running: this.busy(lane.key),
      queued: this.queued.get(lane.key) ?? 0,
    }));
  }

  /** Waits for the jobs in hand; queued ones stay in PostgreSQL for the next start (any server's). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.draining;
    await Promise.allSettled([...this.running]);
  }

  /** Stops pg-boss itself (its pool and maintenance): the end of the process or of a test. */
  async close(): Promise<void> {
    await this.stop();
    if (this.ready) await this.boss.stop({ graceful: false, wait: true, close: true }).catch(() => {});
    this.ready = null;
  }

  /** For tests: resolves when nothing is running here and this server's lanes hold nothing. */
  async idle(): Promise<void> {
    for (;;) {
      await this.draining;
      if (this.running.size === 0) {
        let waiting = 0;
        for (const lane of this.known.values()) waiting += await this.boss.getQueueSize(laneQueueName(lane.key));
        if (waiting === 0 || this.stopped || !this.handler) return;
      }
      await Promise.race([...this.running, new Promise((r) => setTimeout(r, 50))]);
    }
  }
}
