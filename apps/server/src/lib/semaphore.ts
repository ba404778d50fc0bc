/** A counting semaphore with a bounded FIFO queue: at most `size` holders, at most `maxQueue` waiting. */
export class Semaphore {
  private held = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly size: number,
    readonly maxQueue = Number.POSITIVE_INFINITY,
  ) {}

  get active(): number {
    return this.held;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Resolves with a release function once a slot is free; null at once when the queue is full. */
  acquire(): Promise<(() => void) | null> {
    if (this.held < this.size) {
      this.held++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.maxQueue) return Promise.resolve(null);
    return new Promise((resolve) => this.waiting.push(() => resolve(this.releaser())));
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `held` stays the same.
      if (next) next();
      else this.held--;
    };
  }
}
