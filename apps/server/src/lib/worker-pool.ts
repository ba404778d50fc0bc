/**
 * A bounded pool of worker threads for CPU-heavy or crash-prone work (RDKit's
 * WebAssembly, cavity grids) so that none of it runs on the server's event loop.
 *
 * Each call gets a time limit; a worker that overruns it, throws, or dies is
 * terminated and replaced, so one poisoned input (RDKit's WASM stack overflowing
 * on a 1,000-carbon chain leaves the module unusable) costs one worker, never the
 * server. Calls beyond the pool's size wait in a bounded queue; a full queue is
 * refused at once (WorkerPoolBusyError) rather than piling up work no one waits for.
 *
 * The worker side is `serveTasks` (worker-host.ts): a task returns a value; any
 * throw is treated as the worker being unusable.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PROGRAM_NICENESS } from './process';

export interface WorkerPoolOptions {
  /** For messages and logs ('rdkit', 'cavity'). */
  name: string;
  /** The worker's entry module (see workerScript). */
  script: URL;
  /** Workers at most; default min(2, cores). */
  size?: number;
  /** Default time limit of one call. */
  timeoutMs: number;
  /** Calls waiting for a worker before new ones are refused. */
  maxQueue?: number;
  /** V8 heap of a worker (typed arrays and WASM memory are not part of it). */
  maxHeapMb?: number;
  /** JavaScript stack of a worker: WASM recursion (RDKit's SMILES parser) runs on it. */
  stackSizeMb?: number;
  /**
   * Added to the worker thread's nice value (default PROGRAM_NICENESS, as for programs): on a
   * few cores a cavity grid or a density map must not take CPU time from the event loop that
   * answers every user. Linux nices a thread, not the process: the event loop keeps its own.
   */
  niceness?: number;
}

/** The call ran past its time limit; the worker was terminated. */
export class WorkerTimeoutError extends Error {
  constructor(
    readonly pool: string,
    readonly timeoutMs: number,
  ) {
    super(`${pool} work took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`);
    this.name = 'WorkerTimeoutError';
  }
}

/** The worker threw or died on this call; it was replaced. */
export class WorkerCrashError extends Error {
  constructor(
    readonly pool: string,
    detail: string,
  ) {
    super(`${pool} failed on this input: ${detail}`);
    this.name = 'WorkerCrashError';
  }
}

/** Too many calls are waiting already. */
export class WorkerPoolBusyError extends Error {
  constructor(readonly pool: string) {
    super(`${pool} is busy; try again shortly`);
    this.name = 'WorkerPoolBusyError';
  }
}

interface Request {
  id: number;
  task: string;
  args: unknown[];
}

export type WorkerAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: string }
  | { ready: true };

interface Pending {
  request: Request;
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** The entry has loaded and listens: time limits count from here, not from start-up. */
  ready: boolean;
  current: Pending | null;
  timer: NodeJS.Timeout | null;
}

/**
 * The entry of a worker next to the calling module: `<name>.ts` from source (loaded
 * through tsx, see below), `<name>.js` beside the bundle (build.mjs bundles each
 * worker entry to dist/<name>.js).
 */
export function workerScript(callerUrl: string, name: string): URL {
  return new URL(callerUrl.endsWith('.ts') ? `./${name}.ts` : `./${name}.js`, callerUrl);
}

function spawn(script: URL, options: WorkerPoolOptions): Worker {
  const workerData = { niceness: options.niceness ?? PROGRAM_NICENESS };
  const resourceLimits = {
    ...(options.maxHeapMb ? { maxOldGenerationSizeMb: options.maxHeapMb } : {}),
    ...(options.stackSizeMb ? { stackSizeMb: options.stackSizeMb } : {}),
  };
  if (script.pathname.endsWith('.ts')) {
    // From source (tests, tsx): a worker does not inherit tsx's loader, so the entry
    // registers it before importing the TypeScript module.
    const code = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(script.href)}); })`;
    return new Worker(code, { eval: true, resourceLimits, workerData });
  }
  return new Worker(fileURLToPath(script), { resourceLimits, workerData });
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private readonly size: number;
  private readonly maxQueue: number;
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    this.size = Math.max(1, options.size ?? Math.min(2, availableParallelism()));
    this.maxQueue = options.maxQueue ?? 64;
  }

  /** Runs `task(...args)` in a worker; rejects with one of the errors above. */
  run<T>(task: string, args: unknown[], timeoutMs = this.options.timeoutMs): Promise<T> {
    if (this.closed) return Promise.reject(new Error(`${this.options.name} pool is closed`));
    return new Promise<T>((resolve, reject) => {
      const pending: Pending = {
        request: { id: this.nextId++, task, args },
        timeoutMs,
        resolve: resolve as (value: unknown) => void,
        reject,
      };
      const idle = this.slots.find((s) => s.current === null) ?? this.grow();
      if (idle) return this.start(idle, pending);
      if (this.queue.length >= this.maxQueue) return reject(new WorkerPoolBusyError(this.options.name));
      this.queue.push(pending);
    });
  }

  /** Workers alive now (for tests and health). */
  get workers(): number {
    return this.slots.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error(`${this.options.name} pool is closed`));
    await Promise.all(this.slots.splice(0).map((slot) => this.discard(slot, new Error('pool closed'))));
  }

  private grow(): Slot | null {
    if (this.slots.length >= this.size) return null;
    const slot: Slot = { worker: spawn(this.options.script, this.options), ready: false, current: null, timer: null };
    slot.worker.unref();
    slot.worker.on('message', (answer: WorkerAnswer) => this.answered(slot, answer));
    slot.worker.on('error', (error) => this.died(slot, error.message));
    slot.worker.on('exit', (code) => this.died(slot, `worker exited with code ${code}`));
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, pending: Pending): void {
    slot.current = pending;
    // A busy worker keeps the process alive; an idle one must not (CLI tools, tests).
    slot.worker.ref();
    if (slot.ready) this.startClock(slot, pending);
    slot.worker.postMessage(pending.request);
  }

  private startClock(slot: Slot, pending: Pending): void {
    slot.timer = setTimeout(() => {
      slot.timer = null;
      void this.discard(slot, new WorkerTimeoutError(this.options.name, pending.timeoutMs));
    }, pending.timeoutMs);
  }

  private answered(slot: Slot, answer: WorkerAnswer): void {
    if ('ready' in answer) {
      slot.ready = true;
      if (slot.current && !slot.timer) this.startClock(slot, slot.current);
      return;
    }
    const pending = slot.current;
    if (!pending || pending.request.id !== answer.id) return;
    if (!answer.ok) {
      // The task threw: the module inside may be in any state (a WASM trap), so the
      // worker goes and a fresh one serves the next call.
      void this.discard(slot, new WorkerCrashError(this.options.name, answer.error));
      return;
    }
    this.finish(slot);
    pending.resolve(answer.value);
    this.next(slot);
  }

  private died(slot: Slot, detail: string): void {
    if (!this.slots.includes(slot)) return;
    void this.discard(slot, new WorkerCrashError(this.options.name, detail));
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.current = null;
    slot.worker.unref();
  }

  /** Removes the worker, fails its call with `error`, and lets a fresh worker take the queue. */
  private async discard(slot: Slot, error: Error): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    const pending = slot.current;
    this.finish(slot);
    slot.worker.removeAllListeners('message');
    slot.worker.removeAllListeners('exit');
    // An 'error' after termination must not be unhandled.
    slot.worker.removeAllListeners('error');
    slot.worker.on('error', () => {});
    pending?.reject(error);
    const replacement = this.queue.length > 0 && !this.closed ? this.grow() : null;
    if (replacement) this.next(replacement);
    await slot.worker.terminate();
  }

  private next(slot: Slot): void {
    const pending = this.queue.shift();
    if (pending) this.start(slot, pending);
  }
}
