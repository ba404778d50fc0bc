/**
 * The worker side of WorkerPool: answers `{id, task, args}` messages by calling the
 * named task. A task returns its result (expected failures, such as a SMILES RDKit
 * cannot read, are part of the result); a throw means the worker is unusable and the
 * pool replaces it.
 */
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerAnswer } from './worker-pool';

// biome-ignore lint/suspicious/noExplicitAny: tasks of any signature are served; the pool's callers type them.
export type WorkerTasks = Record<string, (...args: any[]) => unknown>;

export function serveTasks(tasks: WorkerTasks): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks must run in a worker thread');
  lowerOwnPriority((workerData as { niceness?: number } | null)?.niceness ?? 0);
  port.on('message', async (request: { id: number; task: string; args: unknown[] }) => {
    let answer: WorkerAnswer;
    try {
      const task = tasks[request.task];
      if (!task) throw new Error(`unknown task '${request.task}'`);
      answer = { id: request.id, ok: true, value: await task(...request.args) };
    } catch (error) {
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      answer = { id: request.id, ok: false, error: detail.slice(0, 500) };
    }
    port.postMessage(answer);
  });
  // The pool's time limits start now: loading the entry (RDKit's WASM, tsx in tests)
  // is not the task's time.
  port.postMessage({ ready: true } satisfies WorkerAnswer);
}

/**
 * Renices this thread only: on Linux setpriority(PRIO_PROCESS, 0) applies to the calling
 * thread, so the server's event loop keeps its priority. Threads a thread creates inherit its
 * nice value; libuv's shared I/O pool is started by the main thread while modules load, before
 * any worker exists, so it keeps the server's (measured: /proc/self/task/<tid>/stat).
 */
function lowerOwnPriority(niceness: number): void {
  if (niceness <= 0) return;
  try {
    setPriority(0, Math.min(19, getPriority(0) + niceness));
  } catch {
    // Not permitted (a container without CAP_SYS_NICE may refuse): the work still runs.
  }
}
