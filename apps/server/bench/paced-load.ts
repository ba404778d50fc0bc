/**
 * An open-loop load for bench:api's paced phases: requests sent evenly, `rate` per second, over
 * up to `connections` keep-alive connections, whatever the server's answers do. autocannon's
 * own rate option was tried first and is not usable for this: each connection sends its whole
 * per-second budget at once when a one-second timer resets it, so 1,000 requests per second
 * arrive as one burst a second and the p99 measures the burst (261 ms on an idle server that
 * answers a listing in well under 1 ms of CPU).
 *
 * Each latency runs from the moment the request was due, not the moment it was written: a
 * request that waits for a free connection, or for the generator itself, counts that wait
 * (no coordinated omission).
 */
import { Agent, request } from 'node:http';

export interface PacedLoad {
  base: string;
  token: string;
  paths: string[];
  rate: number;
  seconds: number;
  connections: number;
}

export interface PacedResult {
  /** Milliseconds from each request's due time to the end of its answer, in sending order. */
  latencies: number[];
  non2xx: number;
  errors: number;
  /** Seconds from the first due time to the last answer. */
  duration: number;
}

export async function pacedLoad({ base, token, paths, rate, seconds, connections }: PacedLoad): Promise<PacedResult> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const interval = 1000 / rate;
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const answered: Promise<void>[] = [];

  const send = (due: number, path: string) =>
    new Promise<void>((resolve) => {
      const req = request(
        { host: url.hostname, port: url.port, path, method: 'GET', agent, headers: { token } },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            const status = res.statusCode ?? 0;
            if (status < 200 || status >= 300) non2xx++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });

  const start = performance.now();
  let sent = 0;
  await new Promise<void>((done) => {
    // Timers fire late by a millisecond or more: every request already due goes out on each tick.
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        answered.push(send(start + sent * interval, paths[sent % paths.length]!));
        sent++;
      }
      if (sent >= total) done();
      else setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(answered);
  agent.destroy();
  return { latencies, non2xx, errors, duration: (performance.now() - start) / 1000 };
}

/** Nearest-rank percentile of unsorted values (0 for none). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
