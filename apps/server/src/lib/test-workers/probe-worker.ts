/** A worker for worker-pool.test.ts: tasks that answer, throw, hang, exit or report who ran them and at which priority. */
import { getPriority } from 'node:os';
import { threadId } from 'node:worker_threads';
import { serveTasks } from '../worker-host';

let calls = 0;

serveTasks({
  echo: (value: unknown) => value,
  niceness: () => getPriority(0),
  whoAmI: () => ({ threadId, calls: ++calls }),
  wait: (ms: number) => new Promise((resolve) => setTimeout(() => resolve(threadId), ms)),
  throws: () => {
    throw new RangeError('Maximum call stack size exceeded');
  },
  spins: () => {
    for (;;) {
      // a task that never yields: only terminating the thread stops it
    }
  },
  exits: () => process.exit(3),
});
