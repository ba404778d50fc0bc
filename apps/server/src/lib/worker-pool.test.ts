import { getPriority } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { PROGRAM_NICENESS } from './process';
import { WorkerCrashError, WorkerPool, WorkerPoolBusyError, WorkerTimeoutError, workerScript } from './worker-pool';

const script = workerScript(new URL('./test-workers/x.ts', import.meta.url).href, 'probe-worker');
const pools: WorkerPool[] = [];

function pool(options: { size?: number; timeoutMs?: number; maxQueue?: number; niceness?: number } = {}): WorkerPool {
  const created = new WorkerPool({ name: 'probe', script, timeoutMs: 5_000, ...options });
  pools.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('WorkerPool', { timeout: 30_000 }, () => {
  it('runs a task in a worker thread and returns its value', async () => {
    const p = pool();
    expect(await p.run('echo', [{ a: [1, 2] }])).toEqual({ a: [1, 2] });
    const who = await p.run<{ threadId: number }>('whoAmI', []);
    expect(who.threadId).toBeGreaterThan(0);
  });

  it("lowers the priority of its worker threads only, never the caller's (Linux nices a thread)", async () => {
    const own = getPriority(0);
    expect(await pool().run('niceness', [])).toBe(Math.min(19, own + PROGRAM_NICENESS));
    expect(await pool({ niceness: 3 }).run('niceness', [])).toBe(Math.min(19, own + 3));
    expect(await pool({ niceness: 0 }).run('niceness', [])).toBe(own);
    expect(getPriority(0)).toBe(own);
  });

  it('replaces a worker whose task threw, and the next call is served by a fresh one', async () => {
    const p = pool({ size: 1 });
    const before = await p.run<{ threadId: number }>('whoAmI', []);
    await expect(p.run('throws', [])).rejects.toBeInstanceOf(WorkerCrashError);
    const after = await p.run<{ threadId: number; calls: number }>('whoAmI', []);
    expect(after.threadId).not.toBe(before.threadId);
    expect(after.calls).toBe(1);
  });

  it('stops a task past its time limit without stalling the caller, then serves the next call', async () => {
    const p = pool({ size: 1 });
    await expect(p.run('spins', [], 300)).rejects.toBeInstanceOf(WorkerTimeoutError);
    expect(await p.run('echo', ['alive'])).toBe('alive');
  });

  it('fails the call of a worker that exits and replaces it', async () => {
    const p = pool({ size: 1 });
    await expect(p.run('exits', [])).rejects.toBeInstanceOf(WorkerCrashError);
    expect(await p.run('echo', [7])).toBe(7);
  });

  it('runs at most `size` tasks at once and queues the rest in order', async () => {
    const p = pool({ size: 2 });
    const threads = await Promise.all([0, 1, 2, 3, 4, 5].map(() => p.run<number>('wait', [50])));
    expect(new Set(threads).size).toBe(2);
    expect(p.workers).toBe(2);
  });

  it('refuses at once when its queue is full', async () => {
    const p = pool({ size: 1, maxQueue: 1 });
    const running = p.run('wait', [200]);
    const queued = p.run('wait', [1]);
    await expect(p.run('echo', [1])).rejects.toBeInstanceOf(WorkerPoolBusyError);
    await expect(Promise.all([running, queued])).resolves.toHaveLength(2);
  });

  it('a queued call is served by the replacement of a worker that timed out', async () => {
    const p = pool({ size: 1 });
    const stuck = p.run('spins', [], 300);
    const waiting = p.run('echo', ['after']);
    await expect(stuck).rejects.toBeInstanceOf(WorkerTimeoutError);
    expect(await waiting).toBe('after');
  });
});
