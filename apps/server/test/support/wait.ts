/**
 * The one polling helper of the integration suites: reads until `done` holds, and FAILS
 * on its timeout (with the last value read), never returns a value that did not pass.
 */
export async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const { timeoutMs = 30_000, intervalMs = 100, what = 'the awaited condition' } = options;
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) {
      throw new Error(
        `${what} did not happen within ${timeoutMs} ms; last value: ${JSON.stringify(value)?.slice(0, 1000)}`,
      );
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
