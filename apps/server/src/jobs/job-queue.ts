/**
 * Carries job ids to runners; the database holds everything else about a job.
 * The embedded default runs jobs in this process; a pg-boss implementation for
 * scale mode plugs in behind the same interface.
 */
export interface JobQueue {
  enqueue(jobId: number): Promise<void>;
  /** Starts delivering ids to the handler, at most `concurrency` at a time. */
  start(handler: (jobId: number) => Promise<void>): void;
  stop(): Promise<void>;
}

/** In-process FIFO with a concurrency limit (default: the CPU cores). */
export class LocalJobQueue implements JobQueue {
  private readonly waiting: number[] = [];
  private readonly running = new Set<Promise<void>>();
  private handler: ((jobId: number) => Promise<void>) | null = null;
  private stopped = false;

  constructor(private readonly concurrency: number) {}

  async enqueue(jobId: number): Promise<void> {
    this.waiting.push(jobId);
    this.pump();
  }

  start(handler: (jobId: number) => Promise<void>): void {
    this.handler = handler;
    this.stopped = false;
    this.pump();
  }

  private pump(): void {
    const handler = this.handler;
    if (!handler || this.stopped) return;
    while (this.running.size < this.concurrency && this.waiting.length > 0) {
      const jobId = this.waiting.shift()!;
      // The handler records its own failures on the job row; nothing may stop the queue.
      const task: Promise<void> = handler(jobId)
        .catch(() => {})
        .finally(() => {
          this.running.delete(task);
          this.pump();
        });
      this.running.add(task);
    }
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
