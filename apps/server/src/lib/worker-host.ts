/**
 * The worker side of WorkerPool: answers `{id, task, args}` messages by calling the
 * named task. A task returns its result (expected failures, such as a SMILES RDKit
 * cannot read, are part of the result); a throw means the worker is unusable and the
 * pool replaces it.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerAnswer, WorkerSettings } from './worker-pool';

// biome-ignore lint/suspicious/noExplicitAny: tasks of any signature are served; the pool's callers type them.
export type WorkerTasks = Record<string, (...args: any[]) => unknown>;

/**
 * This thread's id for the kernel (Linux: /proc/thread-self is `<pid>/task/<tid>`); null
 * elsewhere.
 */
export function kernelThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) ? tid : null;
  } catch {
    return null;
  }
}

/** Lowers this worker thread's priority (setpriority on its own thread id); no-op where unsupported. */
function niceThisThread(nice: number): void {
  const tid = kernelThreadId();
  if (tid === null) return;
  try {
    setPriority(tid, nice);
  } catch {
    // Not permitted here: the thread keeps the server's priority.
  }
}

export function serveTasks(tasks: WorkerTasks): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks must run in a worker thread');
  const settings = (workerData ?? {}) as WorkerSettings;
  if (settings.nice !== undefined) niceThisThread(settings.nice);
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
