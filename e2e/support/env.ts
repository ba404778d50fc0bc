// Where the e2e run's server lives: port, base URL and data directory.
//
// Playwright evaluates playwright.config.ts (which imports this module) before
// globalSetup, and again in every worker process. So the values are chosen
// here, once, by the first process that loads this module (the test runner),
// and handed down through environment variables, which the worker processes
// inherit. Any later evaluation finds the variables set and reuses them.

import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The e2e/ directory. */
export const E2E_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The repository root (the server is started from there). */
export const REPO_ROOT = join(E2E_DIR, '..');

/** A TCP port that was free a moment ago: bind port 0, read it, release it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not pick a free port'))));
    });
  });
}

if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = String(await freePort());
}
if (!process.env.E2E_DATA_DIR) {
  // One fresh directory per run under e2e/.tmp/ (ignored by git through the
  // root .gitignore's `.tmp/` rule). It is kept after the run for debugging:
  // server.log and outbox.jsonl are the first things to look at.
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  process.env.E2E_DATA_DIR = join(E2E_DIR, '.tmp', `run-${stamp}`);
}

export const port = Number(process.env.E2E_PORT);
/** Base URL of the server under test, e.g. http://127.0.0.1:41234 */
export const baseURL = `http://127.0.0.1:${port}`;
/** The server's DATA_DIR for this run. */
export const dataDir = process.env.E2E_DATA_DIR;
/** Development outbox: one JSON line {to, purpose, code, at} per verification code sent. */
export const outboxFile = join(dataDir, 'outbox.jsonl');
/** The server's stdout and stderr. */
export const serverLogFile = join(dataDir, 'server.log');
/** Pid of the server, written by global-setup.ts for global-teardown.ts. */
export const serverPidFile = join(dataDir, 'server.pid');

/**
 * The e-mail global-setup.ts gives the Admin Panel permission (ADMIN_EMAILS). Each run has a
 * fresh data directory, so the one test that signs it up can do so once per run.
 */
export const ADMIN_EMAIL = 'admin@e2e.example.com';
