import { LocalJobQueue } from '../../src/jobs/job-queue';
import { jobQueueContract } from './job-queue-contract';

/** The embedded default: the in-process queue (no database). */
jobQueueContract('in-process (LocalJobQueue)', async (concurrency) => {
  const queue = new LocalJobQueue(concurrency);
  return Object.assign(queue, { close: () => queue.stop() });
});
