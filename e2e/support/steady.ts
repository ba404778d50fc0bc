// Waiting for something to stop changing, as a condition with a deadline (never a fixed sleep).

import { expect } from '@playwright/test';

export interface SteadyOptions {
  /** How many reads in a row must agree. */
  samples?: number;
  /** Pause between reads, in ms. */
  interval?: number;
  /** Fails after this many ms without `samples` equal reads. */
  timeout?: number;
  /** Named in the failure message. */
  what?: string;
}

/** Reads `read` until `samples` reads in a row are equal, and answers that value; throws on time-out. */
export async function waitForSteady<T>(read: () => Promise<T>, options: SteadyOptions = {}): Promise<T> {
  const { samples = 3, interval = 250, timeout = 30_000, what = 'the value' } = options;
  const seen: string[] = [];
  let value: T | undefined;
  await expect
    .poll(
      async () => {
        value = await read();
        seen.push(JSON.stringify(value));
        const last = seen.slice(-samples);
        return last.length === samples && last.every((entry) => entry === last[0]);
      },
      { timeout, intervals: [interval], message: `${what} kept changing for ${timeout / 1000} s` },
    )
    .toBe(true);
  return value as T;
}
