#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL cluster.
//
//   node scripts/with-postgres.mjs <command> [args...]
//
// Creates a fresh cluster in a temp directory, starts it on a free port on
// 127.0.0.1, runs <command> with
//   MEDX_TEST_PG_URL=postgres://medx@127.0.0.1:<port>/postgres
// (superuser `medx`, trust auth), then stops the cluster and deletes the
// directory whatever happened (command failure, SIGINT, SIGTERM), and exits
// with the command's exit code.
//
// Example (single quotes so the variable is expanded by the inner shell, after
// the cluster exists, not by your shell before):
//   node scripts/with-postgres.mjs sh -c 'psql "$MEDX_TEST_PG_URL" -c "select 1"'
//
// Only Node builtins are used.

import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'with-postgres:';

// PostgreSQL refuses to run as root. As root we run initdb/pg_ctl as the
// `postgres` system user that Debian's postgresql package creates.
const AS_ROOT = process.getuid?.() === 0;
const PG_USER = 'postgres';

// State shared with cleanup(), which may run from a signal handler at any point.
let workDir; // temp directory holding data/, sock/ and server.log
let dataDir;
let logFile;
let pgCtl; // path of pg_ctl once found
let serverStarted = false;
let child; // the user's command once spawned
let exiting = false; // set by the first SIGINT/SIGTERM/SIGHUP

function fail(message) {
  console.error(`${PREFIX} ${message}`);
}

// ---------------------------------------------------------------------------
// Locating the PostgreSQL binaries
// ---------------------------------------------------------------------------

/**
 * Directory holding initdb and pg_ctl. Debian installs them outside PATH in
 * /usr/lib/postgresql/<major>/bin (only client wrappers are on PATH), so
 * prefer the highest installed major version there, then fall back to PATH.
 */
function findPgBin() {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
    for (const version of versions) {
      const bin = join(base, version, 'bin');
      if (isFile(join(bin, 'initdb')) && isFile(join(bin, 'pg_ctl'))) return bin;
    }
  }
  for (const dir of (process.env.PATH ?? '').split(':').filter(Boolean)) {
    if (isFile(join(dir, 'initdb')) && isFile(join(dir, 'pg_ctl'))) return dir;
  }
  return undefined;
}

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------
// Running PostgreSQL tools
// ---------------------------------------------------------------------------

/**
 * Runs a PostgreSQL server tool (as `postgres` when we are root), capturing its
 * output: initdb and pg_ctl are chatty, so their output is shown only on failure.
 * Synchronous on purpose: cleanup() needs it from signal and exit handlers, and
 * each call is short (pg_ctl -w bounds its own wait with -t).
 */
function pgTool(path, args) {
  const [command, fullArgs] = AS_ROOT ? [runuser(), ['-u', PG_USER, '--', path, ...args]] : [path, args];
  // cwd = our temp dir: as `postgres` we may not be allowed into the caller's
  // working directory (e.g. under /root), which makes initdb complain.
  return spawnSync(command, fullArgs, { cwd: workDir, encoding: 'utf8' });
}

/**
 * Path of runuser (util-linux). It lives in /usr/sbin, which is not always on
 * PATH (npm scripts, CI runners, su without -), so look there too.
 */
function runuser() {
  const dirs = [...(process.env.PATH ?? '').split(':').filter(Boolean), '/usr/sbin', '/sbin'];
  const found = dirs.map((dir) => join(dir, 'runuser')).find(isFile);
  if (!found) throw new Error('running as root but runuser (util-linux) was not found to run PostgreSQL as postgres');
  return found;
}

function describe(result) {
  if (result.error) return result.error.message;
  return `${result.signal ? `killed by ${result.signal}` : `exit code ${result.status}`}\n${result.stdout ?? ''}${result.stderr ?? ''}`.trimEnd();
}

function printServerLog() {
  if (logFile && existsSync(logFile)) {
    console.error(`${PREFIX} --- server log (${logFile}) ---`);
    console.error(readFileSync(logFile, 'utf8').trimEnd());
    console.error(`${PREFIX} --- end of server log ---`);
  }
}

/** A TCP port that was free a moment ago: bind port 0, read it, release it. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Numeric uid and gid of a user, through `id` so NSS sources beyond /etc/passwd work. */
function userIds(user) {
  const uid = spawnSync('id', ['-u', user], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

// ---------------------------------------------------------------------------
// Cluster lifecycle
// ---------------------------------------------------------------------------

async function startCluster() {
  const bin = findPgBin();
  if (!bin) {
    throw new Error(
      'initdb/pg_ctl not found in /usr/lib/postgresql/*/bin or on PATH. ' +
        'Install PostgreSQL (apt-get install postgresql, or run node scripts/setup.mjs).',
    );
  }
  pgCtl = join(bin, 'pg_ctl');

  // Everything lives in one temp directory so cleanup is a single rm -rf.
  workDir = mkdtempSync(join(tmpdir(), 'medx-pg-'));
  dataDir = join(workDir, 'data'); // created by initdb itself (it insists on mode 0700)
  const socketDir = join(workDir, 'sock'); // keeps us off the system's /var/run/postgresql
  logFile = join(workDir, 'server.log');
  mkdirSync(socketDir);

  if (AS_ROOT) {
    const ids = userIds(PG_USER);
    if (!ids) {
      throw new Error(
        `running as root but there is no '${PG_USER}' user to run PostgreSQL as (install the postgresql package)`,
      );
    }
    chownSync(workDir, ids.uid, ids.gid);
    chownSync(socketDir, ids.uid, ids.gid);
  }

  // --no-sync: don't fsync the new cluster to disk; it is thrown away anyway
  // and fsync is most of initdb's run time on slow disks.
  const initdb = pgTool(join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'medx',
    '--encoding=UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  if (initdb.status !== 0) throw new Error(`initdb failed (${describe(initdb)})`);

  // The port is free when we pick it but another process could take it before
  // the server binds, so retry a couple of times on "address already in use".
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    // pg_ctl passes -o through /bin/sh, hence the quotes around the socket path.
    const serverOptions = [
      `-p ${port}`,
      `-k '${socketDir}'`,
      '-c listen_addresses=127.0.0.1',
      // Durability settings off: a test cluster never needs crash safety, and
      // they make schema-heavy test suites several times faster.
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      // Parallel test workers each open a pool.
      '-c max_connections=200',
    ].join(' ');
    const start = pgTool(pgCtl, ['-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', serverOptions, 'start']);
    if (start.status === 0) {
      serverStarted = true;
      return port;
    }
    // pg_ctl -w can fail after the postmaster was launched (e.g. timeout): try
    // to stop it before retrying or giving up.
    serverStarted = existsSync(join(dataDir, 'postmaster.pid'));
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    if (attempt < 3 && /already in use/i.test(log)) {
      stopServer();
      continue;
    }
    printServerLog();
    throw new Error(`pg_ctl start failed (${describe(start)})`);
  }
}

/** Stops the server fast; the data is thrown away, so no clean shutdown is needed. */
function stopServer() {
  if (!serverStarted) return;
  serverStarted = false;
  // Already gone (e.g. Ctrl+C reached the postmaster too, which shuts down on
  // SIGINT): nothing to stop, and pg_ctl would only complain.
  if (!existsSync(join(dataDir, 'postmaster.pid'))) return;
  const stop = pgTool(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop']);
  if (stop.status === 0) return;
  // pg_ctl could not stop it: kill the postmaster from its pid file so no
  // server keeps running on a deleted directory.
  fail(`pg_ctl stop failed (${describe(stop)}); killing the postmaster`);
  try {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (pid > 0) process.kill(pid, 'SIGKILL');
  } catch {
    // No pid file or no such process: nothing left to stop.
  }
}

let cleanedUp = false;

/** Stops the cluster and removes its directory. Idempotent and synchronous. */
function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  try {
    stopServer();
  } catch (error) {
    fail(`stopping the server failed: ${error.message}`);
  }
  if (workDir) {
    try {
      rmSync(workDir, { recursive: true, force: true });
    } catch (error) {
      fail(`could not remove ${workDir}: ${error.message}`);
    }
  }
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

/** Exit code convention of shells for a process killed by a signal: 128 + its number. */
function signalExitCode(signal) {
  return 128 + (constants.signals[signal] ?? 0);
}

function onSignal(signal) {
  if (exiting) {
    // Second signal: the user really wants out. Clean up now and exit.
    cleanup();
    process.exit(signalExitCode(signal));
  }
  exiting = true;
  if (child && child.exitCode === null && child.signalCode === null) {
    // Pass it on and let the child's 'exit' handler clean up and exit with
    // its status. (On Ctrl+C the terminal has already sent SIGINT to the
    // whole process group; a second one does no harm.)
    child.kill(signal);
  } else if (!child) {
    // Still setting up: no command to pass it to. Stop the server if it is
    // already up, remove the directory, and leave.
    cleanup();
    process.exit(signalExitCode(signal));
  }
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
    process.exit(2);
  }

  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  // Last resort for exits we did not plan (process.exit from anywhere,
  // uncaught errors): cleanup() is synchronous so it works in 'exit'.
  process.on('exit', cleanup);

  const startedAt = performance.now();
  let port;
  try {
    port = await startCluster();
  } catch (error) {
    fail(error.message);
    cleanup();
    process.exit(1);
  }
  // initdb and pg_ctl run synchronously, so a SIGTERM that arrived meanwhile
  // is still queued: give its handler (which cleans up and exits) a chance to
  // run before we start the command. Signals are read in the event loop's
  // poll phase, which lies between two setImmediate (check) phases: two turns.
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  const url = `postgres://medx@127.0.0.1:${port}/postgres`;
  console.error(`${PREFIX} PostgreSQL ready at ${url} (${((performance.now() - startedAt) / 1000).toFixed(1)} s)`);

  child = spawn(command, args, {
    stdio: 'inherit',
    env: { ...process.env, MEDX_TEST_PG_URL: url },
  });
  child.on('error', (error) => {
    // Typically ENOENT: the command does not exist.
    fail(`could not run ${command}: ${error.message}`);
    cleanup();
    process.exit(error.code === 'ENOENT' ? 127 : 126);
  });
  child.on('exit', (code, signal) => {
    cleanup();
    process.exit(code ?? signalExitCode(signal));
  });
}

main();
