// Stops the server started by global-setup.ts: SIGTERM first so it can finish
// in-flight work and close its database cleanly, SIGKILL if it is still
// running after a grace period. The run's data directory is kept for
// debugging (global-setup.ts prunes old runs).

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { serverLogFile, serverPidFile } from './env';

const GRACE_MS = 10_000;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: existence check only
    return true;
  } catch {
    return false;
  }
}

const ERROR_LEVEL = 50; // pino: 50 error, 60 fatal
const MAX_ERROR_LINES = 40;

/**
 * The server's error lines of this run, one short line each: in CI only the text of
 * the log survives, and a failed browser test is often explained by the server.
 */
function serverErrors(): string[] {
  if (!existsSync(serverLogFile)) return [];
  const lines: string[] = [];
  for (const line of readFileSync(serverLogFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { level?: number; time?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) < ERROR_LEVEL) continue;
      const when = entry.time ? new Date(entry.time).toISOString() : '-';
      lines.push(`${when} ${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`.slice(0, 400));
    } catch {
      // not a log record (a stack trace printed by a child, say)
    }
  }
  return lines.slice(-MAX_ERROR_LINES);
}

export default async function globalTeardown(): Promise<void> {
  const errors = serverErrors();
  if (errors.length > 0) {
    console.log(`--- server log errors (${errors.length}, last ${MAX_ERROR_LINES} at most) ---`);
    console.log(errors.join('\n'));
    console.log('--- end of server log errors ---');
  }
  if (!existsSync(serverPidFile)) return; // setup never got as far as starting it
  const pid = Number(readFileSync(serverPidFile, 'utf8').trim());
  rmSync(serverPidFile);
  if (!(pid > 0) || !isRunning(pid)) return;

  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + GRACE_MS;
  while (isRunning(pid) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (isRunning(pid)) {
    console.warn(`e2e: server (pid ${pid}) ignored SIGTERM for ${GRACE_MS / 1000} s; killing it`);
    process.kill(pid, 'SIGKILL');
  }
}
