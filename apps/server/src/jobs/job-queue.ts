/**
 * Carries job ids to runners; the database holds everything else about a job.
 * The embedded default runs jobs in this process; a pg-boss implementation for
 * scale mode plugs in behind the same interface.
 *
 * Jobs run in lanes: the shared pool, and lanes a router opens for capacity that
 * belongs to someone (an instance a user bought, docs/decisions.md "Billing"). A job
 * waits only for room in its own lane, so a user's instance is not queued behind
 * everyone else's jobs. The queue knows no billing: it asks the router.
 */
export interface Lane {
  key: string;
  /** Jobs the lane runs at once. */
  concurrency: number;
}

/** The lane a job runs in; consulted when it is queued and whenever lanes change. */
export type LaneRouter = (jobId: number) => Promise<Lane>;

export interface LaneLoad extends Lane {
  running: number;
  queued: number;
}

export const SHARED_LANE = 'shared';

/** The lane the router gives a job: the shared pool without a router, or when the router fails. */
export async function routeLane(router: LaneRouter | null, shared: Lane, jobId: number): Promise<Lane> {
  if (!router) return shared;
  try {
    const lane = await router(jobId);
    return lane.key === SHARED_LANE ? shared : lane;
  } catch {
    // A router that fails must not lose the job: it runs in the shared pool.
    return shared;
  }
}

export interface JobQueue {
  enqueue(jobId: number): Promise<void>;
  /** Starts delivering ids (and their lane's key) to the handler, each lane at most its concurrency at a time. */
  start(handler: (jobId: number, lane: string) => Promise<void>): void;
  stop(): Promise<void>;
  /** Who decides the lanes (one router; without it every job runs in the shared pool). */
  setRouter(router: LaneRouter): void;
  /** Asks the router again for every waiting job: a lane opened or closed. */
  reroute(): Promise<void>;
  /** Each lane's load now: for the admin's system view. */
  lanes(): LaneLoad[];
}

interface Waiting {
  jobId: number;
  lane: Lane;
}

/** In-process queue: FIFO across lanes, a concurrency limit per lane (shared: the CPU cores). */
export class LocalJobQueue implements JobQueue {
  private readonly waiting: Waiting[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly runningByLane = new Map<string, number>();
  private readonly known = new Map<string, Lane>();
  private handler: ((jobId: number, lane: string) => Promise<void>) | null = null;
  private router: LaneRouter | null = null;
  private stopped = false;
  private readonly shared: Lane;

  constructor(concurrency: number) {
    this.shared = { key: SHARED_LANE, concurrency };
    this.known.set(SHARED_LANE, this.shared);
  }

  setRouter(router: LaneRouter): void {
    this.router = router;
  }

  private laneOf(jobId: number): Promise<Lane> {
    return routeLane(this.router, this.shared, jobId);
  }

  async enqueue(jobId: number): Promise<void> {
    // The place in line is taken now; the lane is decided while it waits.
    const entry: Waiting = { jobId, lane: this.shared };
    const resolving = this.router ? this.laneOf(jobId) : null;
    if (resolving) {
      entry.lane = { key: `routing:${jobId}`, concurrency: 0 };
      this.waiting.push(entry);
      entry.lane = await resolving;
    } else {
      this.waiting.push(entry);
    }
    this.known.set(entry.lane.key, entry.lane);
    this.pump();
  }

  async reroute(): Promise<void> {
    await Promise.all(
      [...this.waiting].map(async (entry) => {
        const lane = await this.laneOf(entry.jobId);
        entry.lane = lane;
        this.known.set(lane.key, lane);
      }),
    );
    this.pump();
  }

  start(handler: (jobId: number, lane: string) => Promise<void>): void {
    this.handler = handler;
    this.stopped = false;
    this.pump();
  }

  private busy(key: string): number {
    return this.runningByLane.get(key) ?? 0;
  }

  private pump(): void {
    const handler = this.handler;
    if (!handler || this.stopped) return;
    for (let i = 0; i < this.waiting.length; ) {
      const { jobId, lane } = this.waiting[i]!;
      if (this.busy(lane.key) >= lane.concurrency) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      this.runningByLane.set(lane.key, this.busy(lane.key) + 1);
      // The handler records its own failures on the job row; nothing may stop the queue.
      const task: Promise<void> = handler(jobId, lane.key)
        .catch(() => {})
        .finally(() => {
          this.running.delete(task);
          const left = this.busy(lane.key) - 1;
          if (left > 0) this.runningByLane.set(lane.key, left);
          else this.runningByLane.delete(lane.key);
          this.pump();
        });
      this.running.add(task);
    }
  }

  lanes(): LaneLoad[] {
    const keys = new Set([SHARED_LANE, ...this.runningByLane.keys(), ...this.waiting.map((w) => w.lane.key)]);
    return [...keys]
      .filter((key) => !key.startsWith('routing:'))
      .map((key) => {
        const lane = this.known.get(key) ?? { key, concurrency: 0 };
        return {
          key,
          concurrency: lane.concurrency,
          running: this.busy(key),
          queued: this.waiting.filter((w) => w.lane.key === key).length,
        };
      });
  }

  /** Waits for the jobs in hand; queued ones stay in the database for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.running]);
  }

  /** For tests: resolves when nothing is queued or running. */
  async idle(): Promise<void> {
    while (this.running.size > 0 || (this.waiting.length > 0 && !this.stopped && this.handler)) {
      await Promise.race([...this.running, new Promise((r) => setTimeout(r, 20))]);
    }
  }
}
