import { afterEach, describe, expect, it } from 'vitest';
import { type JobQueue, type Lane, SHARED_LANE } from '../../src/jobs/job-queue';

/**
 * The JobQueue contract (issue 14 part 6): what the job runner relies on, run against every
 * implementation — the in-process queue and the pg-boss one (job-queue-*.test.ts).
 */
export interface QueueUnderTest extends JobQueue {
  close(): Promise<void>;
}

export type MakeQueue = (concurrency: number) => Promise<QueueUnderTest>;

/** Handlers of the running test: what they still hold is let go before the queues close. */
const live: { release(): void }[] = [];

/** A handler whose runs the test ends one by one. */
function controlledHandler() {
  const started: { jobId: number; lane: string }[] = [];
  const finishers = new Map<number, () => void>();
  let running = 0;
  let maxRunning = 0;
  const maxByLane = new Map<string, number>();
  const runningByLane = new Map<string, number>();
  const handler = (jobId: number, lane: string) =>
    new Promise<void>((resolve) => {
      started.push({ jobId, lane });
      running++;
      maxRunning = Math.max(maxRunning, running);
      runningByLane.set(lane, (runningByLane.get(lane) ?? 0) + 1);
      maxByLane.set(lane, Math.max(maxByLane.get(lane) ?? 0, runningByLane.get(lane)!));
      finishers.set(jobId, () => {
        running--;
        runningByLane.set(lane, runningByLane.get(lane)! - 1);
        resolve();
      });
    });
  live.push({
    release: () => {
      for (const finish of [...finishers.values()]) finish();
    },
  });
  return {
    handler,
    started,
    ids: () => started.map((s) => s.jobId),
    finish: (jobId: number) => {
      const finish = finishers.get(jobId);
      if (!finish) throw new Error(`job ${jobId} has not started`);
      finishers.delete(jobId);
      finish();
    },
    maxRunning: () => maxRunning,
    maxIn: (lane: string) => maxByLane.get(lane) ?? 0,
  };
}

const POLL = { timeout: 20_000, interval: 50 };

export function jobQueueContract(name: string, make: MakeQueue): void {
  describe(`JobQueue contract: ${name}`, () => {
    const open: QueueUnderTest[] = [];
    const queue = async (concurrency: number) => {
      const q = await make(concurrency);
      open.push(q);
      return q;
    };
    afterEach(async () => {
      // A failed test leaves runs open; closing waits for them.
      for (const handler of live.splice(0)) handler.release();
      await Promise.all(open.splice(0).map((q) => q.close()));
    });

    it('delivers every queued id once, in the shared lane, at most `concurrency` at a time, first in first out', async () => {
      const q = await queue(2);
      const h = controlledHandler();
      q.start(h.handler);
      for (const id of [1, 2, 3, 4, 5]) await q.enqueue(id);
      await expect.poll(() => h.ids(), POLL).toEqual([1, 2]);
      h.finish(1);
      await expect.poll(() => h.ids(), POLL).toEqual([1, 2, 3]);
      h.finish(2);
      h.finish(3);
      await expect.poll(() => h.ids(), POLL).toEqual([1, 2, 3, 4, 5]);
      h.finish(4);
      h.finish(5);
      expect(h.maxRunning()).toBe(2);
      expect(new Set(h.started.map((s) => s.lane))).toEqual(new Set([SHARED_LANE]));
    });

    it('keeps what was queued before start, and what is left at stop, for the next start', async () => {
      const q = await queue(1);
      await q.enqueue(11);
      await q.enqueue(12);
      const h = controlledHandler();
      q.start(h.handler);
      await expect.poll(() => h.ids(), POLL).toEqual([11]);
      // stop waits for the job in hand; 12 stays queued.
      let stopped = false;
      const stopping = q.stop().then(() => {
        stopped = true;
      });
      await expect.poll(() => stopped, { timeout: 500 }).toBe(false);
      h.finish(11);
      await stopping;
      expect(h.ids()).toEqual([11]);
      q.start(h.handler);
      await expect.poll(() => h.ids(), POLL).toEqual([11, 12]);
      h.finish(12);
    });

    it("runs each router's lane up to its own concurrency: a job in a free lane does not wait behind a busy one", async () => {
      const q = await queue(1);
      const lanes: Record<number, Lane> = {
        21: { key: SHARED_LANE, concurrency: 1 },
        22: { key: SHARED_LANE, concurrency: 1 },
        23: { key: 'instance:7', concurrency: 2 },
        24: { key: 'instance:7', concurrency: 2 },
        25: { key: 'instance:7', concurrency: 2 },
      };
      q.setRouter(async (jobId) => lanes[jobId]!);
      const h = controlledHandler();
      q.start(h.handler);
      for (const id of [21, 22, 23, 24, 25]) await q.enqueue(id);
      await expect.poll(() => [...h.ids()].sort(), POLL).toEqual([21, 23, 24]);
      expect(h.started.find((s) => s.jobId === 23)?.lane).toBe('instance:7');
      const load = q.lanes();
      expect(load.find((l) => l.key === 'instance:7')).toMatchObject({ concurrency: 2, running: 2 });
      expect(load.find((l) => l.key === SHARED_LANE)).toMatchObject({ concurrency: 1, running: 1 });
      h.finish(23);
      await expect.poll(() => h.ids().includes(25), POLL).toBe(true);
      expect(h.ids().includes(22)).toBe(false);
      h.finish(21);
      await expect.poll(() => h.ids().includes(22), POLL).toBe(true);
      for (const id of [22, 24, 25]) h.finish(id);
      expect(h.maxIn('instance:7')).toBe(2);
      expect(h.maxIn(SHARED_LANE)).toBe(1);
    });

    it('runs a job in the shared pool when the router fails, and moves waiting jobs when lanes change (reroute)', async () => {
      const q = await queue(1);
      let instanceOpen = false;
      q.setRouter(async (jobId) => {
        if (jobId === 31) throw new Error('router down');
        return instanceOpen && jobId === 33
          ? { key: 'instance:9', concurrency: 1 }
          : { key: SHARED_LANE, concurrency: 1 };
      });
      const h = controlledHandler();
      q.start(h.handler);
      for (const id of [31, 32, 33]) await q.enqueue(id);
      await expect.poll(() => h.ids(), POLL).toEqual([31]);
      expect(h.started[0]!.lane).toBe(SHARED_LANE);
      // An instance opens for 33's owner: 33 leaves the shared line and starts at once.
      instanceOpen = true;
      await q.reroute();
      await expect.poll(() => h.ids(), POLL).toEqual([31, 33]);
      expect(h.started[1]!.lane).toBe('instance:9');
      h.finish(31);
      await expect.poll(() => h.ids(), POLL).toEqual([31, 33, 32]);
      h.finish(32);
      h.finish(33);
    });

    it('goes on after a handler fails', async () => {
      const q = await queue(1);
      const seen: number[] = [];
      q.start(async (jobId) => {
        seen.push(jobId);
        if (jobId === 41) throw new Error('executor crashed');
      });
      await q.enqueue(41);
      await q.enqueue(42);
      await expect.poll(() => seen, POLL).toEqual([41, 42]);
    });
  });
}
