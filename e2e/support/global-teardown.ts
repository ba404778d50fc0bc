// Stops the server started by global-setup.ts: SIGTERM first so it can finish
// in-flight work and close its database cleanly, SIGKILL if it is still
// running after a grace period. The run's data directory is kept for
// debugging (global-setup.ts prunes old runs).

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { serverPidFile } from './env';

const GRACE_MS = 10_000;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: existence check only
    return true;
  } catch {
    return false;
  }
}

export default async function globalTeardown(): Promise<void> {
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
