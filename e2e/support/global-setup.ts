// Starts the built MedX server for the e2e run, on the port and data directory
// chosen in env.ts, and waits until it is healthy.
//
// We start it ourselves instead of using Playwright's `webServer` option so
// that its output goes to <DATA_DIR>/server.log (kept with the run's data),
// the tail of that log is printed when it fails to start, and teardown can
// stop it gracefully (SIGTERM first) rather than killing it outright.

import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_EMAIL, baseURL, dataDir, E2E_DIR, port, REPO_ROOT, serverLogFile, serverPidFile } from './env';
import { startPdbArchive } from './pdb-archive';

const SERVER_ENTRY = join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js');
const HEALTH_URL = `${baseURL}/v1/health`;
const STARTUP_TIMEOUT_MS = 60_000;
// Older run directories are deleted at startup, keeping this many recent ones.
const KEEP_RUNS = 5;

function logTail(lines = 60): string {
  if (!existsSync(serverLogFile)) return '(no server log)';
  return readFileSync(serverLogFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** Deletes all but the newest KEEP_RUNS run-* directories (names sort by time). */
function pruneOldRuns(): void {
  const tmp = join(E2E_DIR, '.tmp');
  const runs = readdirSync(tmp)
    .filter((name) => name.startsWith('run-'))
    .sort();
  for (const name of runs.slice(0, Math.max(0, runs.length - KEEP_RUNS))) {
    rmSync(join(tmp, name), { recursive: true, force: true });
  }
}

async function isHealthy(): Promise<boolean> {
  try {
    const response = await fetch(HEALTH_URL, { signal: AbortSignal.timeout(2_000) });
    return response.status === 200;
  } catch {
    return false; // not listening yet
  }
}

export default async function globalSetup(): Promise<void> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} does not exist: build first (npm run build, or npm run test:e2e which builds).`);
  }
  // Something already answering on our port would make every test run against
  // the wrong server.
  if (await isHealthy()) throw new Error(`something is already serving ${HEALTH_URL}`);

  mkdirSync(dataDir, { recursive: true });
  pruneOldRuns();

  // Get PDB fetches from a local fixture archive, never the internet.
  const archive = await startPdbArchive();

  // The child gets its own handle on the log file; ours can be closed at once.
  const log = openSync(serverLogFile, 'a');
  const server = spawn(process.execPath, [SERVER_ENTRY, 'serve'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      PDB_ARCHIVE_URL: archive.url,
      ADMIN_EMAILS: ADMIN_EMAIL,
      // Every test signs its users up from this one loopback address: the production budget of 30
      // codes per address and hour (integration tests check it) ran out once the suite passed 40 tests.
      RATE_LIMIT_CODES_PER_HOUR: '1000',
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);

  let exited: string | undefined;
  server.on('exit', (code, signal) => {
    exited = signal ? `was killed by ${signal}` : `exited with code ${code}`;
  });
  server.on('error', (error) => {
    exited = `could not be started: ${error.message}`;
  });
  if (server.pid === undefined) {
    throw new Error(`could not start the server (${process.execPath} ${SERVER_ENTRY} serve)`);
  }
  writeFileSync(serverPidFile, `${server.pid}\n`);
  // Never let the server outlive the test runner. global-teardown.ts stops it
  // gracefully after a normal run or Ctrl+C (Playwright handles SIGINT itself).
  // But on SIGTERM or SIGHUP (e.g. `timeout`, a CI job being cancelled) the
  // runner dies without teardown: kill the server, then re-raise the signal
  // (our listener is gone by then, so the default action ends the runner). The
  // 'exit' hook covers any other exit path.
  const pid = server.pid;
  const killServer = () => {
    if (exited !== undefined) return;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.on('exit', killServer);
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killServer();
      process.kill(process.pid, signal);
    });
  }
  // unref() so a stuck server cannot keep the runner alive either.
  server.unref();

  const started = Date.now();
  while (!(await isHealthy())) {
    if (exited !== undefined) {
      throw new Error(`the server ${exited} before becoming healthy. ${serverLogFile}:\n${logTail()}`);
    }
    if (Date.now() - started > STARTUP_TIMEOUT_MS) {
      // Do not leave it running: global teardown is skipped when setup fails.
      server.kill('SIGKILL');
      throw new Error(
        `${HEALTH_URL} did not answer 200 within ${STARTUP_TIMEOUT_MS / 1000} s. ${serverLogFile}:\n${logTail()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.log(`e2e: server ready at ${baseURL} in ${((Date.now() - started) / 1000).toFixed(1)} s (data: ${dataDir})`);
}
