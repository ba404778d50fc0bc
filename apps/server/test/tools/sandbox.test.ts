import { readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunResult, runProcess } from '../../src/lib/process';
import type { GalaxyLoadError, GalaxyTool } from '../../src/modules/tools/galaxy-model';
import { callGalaxy } from '../../src/modules/tools/galaxy-python';
import {
  DEFAULT_SANDBOX_LIMITS,
  type SandboxLimits,
  sandboxAvailable,
  sandboxUid,
} from '../../src/modules/tools/sandbox';
import { stageDataset } from '../../src/modules/tools/staging';
import { type RunToolOptions, runGalaxyTool } from '../../src/modules/tools/tool-run';

/**
 * Issue 16 point 5: a user-submitted tool runs confined (tools/sandbox.ts). A user-style
 * Galaxy tool (XML and scripts written here) tries each escape from inside, through the path
 * a job takes (runGalaxyTool with an executor on lib/process.ts), and writes what it saw to
 * its output. Each attempt must fail confined; where it means something, the same attempt
 * run unconfined succeeds, so the test would notice a sandbox that confines nothing.
 */

const PROBE_PY = `
import json, os, socket, sqlite3, sys

action, arg, source, out = sys.argv[1:5]

def attempt(work):
    try:
        return {'ok': True, 'value': work()}
    except BaseException as error:
        return {'ok': False, 'error': '%s: %s' % (type(error).__name__, error)}

def read(path):
    with open(path, 'rb') as handle:
        return handle.read().decode('utf-8', 'replace')

def ancestors():
    """The environ of every process above this one, and of pid 1."""
    seen, pid = {}, os.getpid()
    while pid > 0:
        status = read('/proc/%d/status' % pid)
        pid = int([line.split()[1] for line in status.splitlines() if line.startswith('PPid:')][0])
        if pid > 0:
            seen[str(pid)] = attempt(lambda: read('/proc/%d/environ' % pid))
    seen['1'] = attempt(lambda: read('/proc/1/environ'))
    return seen

def connect():
    with socket.create_connection(('127.0.0.1', int(arg)), timeout=10) as connection:
        connection.sendall(b'hello from the tool')
        return 'connected'

def write():
    with open(arg, 'w') as handle:
        handle.write('written by the tool')
    return 'written'

def legit():
    text = read(source)
    return {'lines': len(text.splitlines()), 'upper': text.upper(), 'python': sys.executable,
            'uid': os.getuid(), 'tool_dir': os.path.dirname(os.path.abspath(__file__))}

if action == 'legit':
    report = attempt(legit)
elif action == 'read':
    report = attempt(lambda: read(arg))
elif action == 'sqlite':
    report = attempt(lambda: sqlite3.connect('file:%s?mode=ro' % arg, uri=True).execute('SELECT secret FROM secrets').fetchall())
elif action == 'environ':
    report = {'env': dict(os.environ), 'proc': ancestors()}
elif action == 'connect':
    report = attempt(connect)
elif action == 'write':
    report = attempt(write)
elif action == 'memory':
    report = attempt(lambda: len(bytearray(int(arg) * 1024 * 1024)))
else:
    report = {'ok': False, 'error': 'unknown action ' + action}
with open(out, 'w') as handle:
    json.dump(report, handle)
`;

const PROBE_SH = `
action="$1"; arg="$2"; out="$3"
case "$action" in
  forkbomb)
    # Each started background process is counted in the output, with builtins only.
    i=0
    while [ "$i" -lt 1000 ]; do
      sleep 30 &
      i=$((i + 1))
      echo "$i" > "$out"
    done
    ;;
  cancel)
    # A daemon: double fork, its own session, deaf to SIGHUP, no pipe to the server.
    ( setsid nohup python3 -c 'import time; time.sleep(600)' "$arg" > /dev/null 2>&1 & )
    echo started > "$out"
    sleep 600
    ;;
esac
`;

const TOOL_XML = `<tool id="medx_sandbox_probe" name="Sandbox probe" version="1.0.0" profile="21.01">
    <description>tries to leave its sandbox</description>
    <command detect_errors="exit_code"><![CDATA[
#if str($action) in ('forkbomb', 'cancel')
        bash '$__tool_directory__/probe.sh' '$action' '$arg' '$output'
#else
        python '$__tool_directory__/probe.py' '$action' '$arg' '$input' '$output'
#end if
    ]]></command>
    <inputs>
        <param name="input" type="data" format="txt" label="Input"/>
        <param name="action" type="select" label="Attempt">
            ${['legit', 'read', 'sqlite', 'environ', 'connect', 'write', 'memory', 'forkbomb', 'cancel']
              .map((value) => `<option value="${value}">${value}</option>`)
              .join('\n            ')}
        </param>
        <param name="arg" type="text" value="" label="Argument"/>
    </inputs>
    <outputs>
        <data name="output" format="txt" label="Report"/>
    </outputs>
    <help>Test tool of the sandbox.</help>
</tool>
`;

/** The variables toolEnv (tool-run.ts) sets itself: the only ones a tool may see. */
const TOOL_ENV_KEYS = new Set([
  'PATH',
  'HOME',
  'TMPDIR',
  'TEMP',
  'LANG',
  'GALAXY_SLOTS',
  'GALAXY_MEMORY_MB',
  'GMX_NO_QUOTES',
  'OMP_NUM_THREADS',
]);

/** What bash itself sets for the programs it starts. */
const SHELL_KEYS = new Set(['PWD', 'OLDPWD', 'SHLVL', '_']);

const SECRET = `medx-secret-${process.pid}-${Math.random().toString(36).slice(2)}`;
let root: string;
let toolDir: string;
let dataDir: string;
let tool: GalaxyTool;
let available: string | null;

beforeAll(async () => {
  available = await sandboxAvailable();
  root = await mkdtemp(join(tmpdir(), 'medx-sandbox-test-'));
  // A user tool's folder as the tool builder writes it (readable by others); the copy of a
  // private one is tested apart.
  toolDir = join(root, 'tool');
  await mkdir(toolDir, { mode: 0o755 });
  await chmod(root, 0o755);
  await writeFile(join(toolDir, 'probe.xml'), TOOL_XML);
  await writeFile(join(toolDir, 'probe.py'), PROBE_PY);
  await writeFile(join(toolDir, 'probe.sh'), PROBE_SH);
  const loaded = await callGalaxy<{ tools: GalaxyTool[]; errors: GalaxyLoadError[] }>('load', { paths: [toolDir] });
  expect(loaded.errors).toEqual([]);
  tool = loaded.tools[0]!;
  // DATA_DIR as the server keeps it: another project's file and the database.
  dataDir = join(root, 'data');
  await mkdir(join(dataDir, 'storage', 'projects', '2'), { recursive: true });
  await writeFile(join(dataDir, 'storage', 'projects', '2', 'secret.txt'), `${SECRET}\n`);
  const db = new Database(join(dataDir, 'medx.sqlite'));
  db.exec('CREATE TABLE secrets (secret TEXT)');
  db.prepare('INSERT INTO secrets VALUES (?)').run(SECRET);
  db.close();
  process.env.MEDX_SANDBOX_TEST_SECRET = SECRET;
});

afterAll(async () => {
  delete process.env.MEDX_SANDBOX_TEST_SECRET;
  if (root) await rm(root, { recursive: true, force: true });
});

interface Probe {
  /** The tool's report (its output, JSON; the started count for the fork bomb). */
  report: unknown;
  run: RunResult;
  failed: boolean;
}

/** Runs the probe tool in a fresh job folder, as a job would, through the process runner. */
async function probe(
  action: string,
  arg: string,
  options: RunToolOptions & { signal?: AbortSignal; tool?: GalaxyTool } = {},
): Promise<Probe> {
  const dir = await mkdtemp(join(tmpdir(), 'medx-sandbox-job-'));
  try {
    const input = await stageDataset(dir, 0, 'in.txt', 'txt', Buffer.from('alpha\nbeta\n'));
    let run: RunResult | undefined;
    const result = await runGalaxyTool(
      options.tool ?? tool,
      { input: [input], action, arg },
      dir,
      async (command, args, opts) => {
        run = await runProcess(command, args, { ...opts, cwd: dir, timeoutMs: 90_000, signal: options.signal });
        return run;
      },
      { confine: options.confine },
    );
    const output = result.outputs.find((o) => o.name === 'output');
    const text = output ? await readFile(output.path, 'utf8').catch(() => '') : '';
    let report: unknown = text;
    try {
      report = JSON.parse(text);
    } catch {
      // the fork bomb's count, or nothing
    }
    return { report, run: run!, failed: result.failed };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const confined = { confine: true } as const;
const unconfined = { confine: false } as const;

/** Processes (pids) whose command line holds every one of `words`, read from /proc. */
function processesWith(...words: string[]): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (words.every((word) => cmdline.includes(word))) pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

describe('a user tool run confined', () => {
  it('runs here (bubblewrap and user namespaces work on this machine)', () => {
    expect(available).toBeNull();
  });

  it('still does its work: reads its input, runs python on a script of its folder, writes its output', async () => {
    const { report, run, failed } = await probe('legit', '', confined);
    expect(run.stderr).toBe('');
    expect(failed).toBe(false);
    expect(report).toMatchObject({
      ok: true,
      value: { lines: 2, upper: 'ALPHA\nBETA\n', uid: sandboxUid(), tool_dir: toolDir },
    });
  });

  it('works from a tool folder only root can read (copied into the job folder, mounted at its path)', async () => {
    const privateDir = await mkdtemp(join(root, 'private-tool-'));
    for (const name of ['probe.xml', 'probe.py', 'probe.sh'])
      await writeFile(join(privateDir, name), await readFile(join(toolDir, name)), { mode: 0o600 });
    expect((await stat(privateDir)).mode & 0o777).toBe(0o700);
    const loaded = await callGalaxy<{ tools: GalaxyTool[] }>('load', { paths: [privateDir] });
    const { report, failed } = await probe('legit', '', { ...confined, tool: loaded.tools[0]! });
    expect(failed).toBe(false);
    expect(report).toMatchObject({ ok: true, value: { lines: 2, tool_dir: privateDir } });
  });

  it("cannot read another project's file in DATA_DIR", async () => {
    const path = join(dataDir, 'storage', 'projects', '2', 'secret.txt');
    expect((await probe('read', path, unconfined)).report).toEqual({ ok: true, value: `${SECRET}\n` });
    const { report } = await probe('read', path, confined);
    expect(report).toMatchObject({ ok: false, error: expect.stringMatching(/^FileNotFoundError/) });
    expect(JSON.stringify(report)).not.toContain(SECRET);
  });

  it('cannot read the database', async () => {
    const path = join(dataDir, 'medx.sqlite');
    expect((await probe('sqlite', path, unconfined)).report).toEqual({ ok: true, value: [[SECRET]] });
    const { report } = await probe('sqlite', path, confined);
    expect(report).toMatchObject({ ok: false, error: expect.stringMatching(/^OperationalError: unable to open/) });
  });

  it("cannot read the server's files (the repository)", async () => {
    const path = join(process.cwd(), 'package.json');
    expect((await probe('read', path, unconfined)).report).toMatchObject({ ok: true });
    expect((await probe('read', path, confined)).report).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^FileNotFoundError/),
    });
  });

  it.runIf(sandboxUid() !== process.getuid?.())("runs as nobody: root's files of the system stay closed", async () => {
    expect((await probe('read', '/etc/shadow', unconfined)).report).toMatchObject({ ok: true });
    expect((await probe('read', '/etc/shadow', confined)).report).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^PermissionError/),
    });
  });

  it("cannot see the server's environment, in its own nor through /proc", async () => {
    // The variables this process started with (what /proc/<pid>/environ shows) that a tool must not get.
    const server = readFileSync('/proc/self/environ', 'utf8')
      .split('\0')
      .filter((entry) => entry.includes('=') && !TOOL_ENV_KEYS.has(entry.slice(0, entry.indexOf('='))));
    expect(server.length).toBeGreaterThan(0);
    const seenOf = (report: unknown) => {
      const { env, proc } = report as { env: Record<string, string>; proc: Record<string, { value?: string }> };
      const environ = Object.values(proc).flatMap((read) => (read.value ?? '').split('\0'));
      return { env, environ };
    };
    const open = seenOf((await probe('environ', '', unconfined)).report);
    // Unconfined, /proc shows the server's (this process's) environment to the tool.
    expect(open.environ.filter((entry) => server.includes(entry)).length).toBeGreaterThan(0);

    const { env, environ } = seenOf((await probe('environ', '', confined)).report);
    expect(Object.keys(env).filter((key) => !TOOL_ENV_KEYS.has(key) && !SHELL_KEYS.has(key))).toEqual([]);
    expect(JSON.stringify(env)).not.toContain(SECRET);
    expect(environ.filter((entry) => server.includes(entry))).toEqual([]);
    expect(environ.join('\n')).not.toContain(SECRET);
  });

  it('cannot reach the network (a server on 127.0.0.1)', async () => {
    let connections = 0;
    const server: Server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const port = String((server.address() as { port: number }).port);
      expect((await probe('connect', port, unconfined)).report).toEqual({ ok: true, value: 'connected' });
      await expect.poll(() => connections).toBe(1);
      const { report } = await probe('connect', port, confined);
      expect(report).toMatchObject({ ok: false, error: expect.stringMatching(/^(ConnectionRefusedError|OSError)/) });
      expect(connections).toBe(1);
    } finally {
      server.close();
    }
  });

  it('cannot write outside its job folder (host /tmp, its tool folder, DATA_DIR, /etc)', async () => {
    const hostTmp = join(tmpdir(), `medx-sandbox-escape-${process.pid}`);
    const inTool = join(toolDir, 'planted.txt');
    try {
      expect((await probe('write', hostTmp, unconfined)).report).toEqual({ ok: true, value: 'written' });
      expect((await probe('write', inTool, unconfined)).report).toEqual({ ok: true, value: 'written' });
      await rm(hostTmp);
      await rm(inTool);

      // /tmp inside is the sandbox's own (memory-backed): the write lands there, never on the host.
      expect((await probe('write', hostTmp, confined)).report).toEqual({ ok: true, value: 'written' });
      await expect(stat(hostTmp)).rejects.toMatchObject({ code: 'ENOENT' });
      expect((await probe('write', inTool, confined)).report).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^OSError: \[Errno 30\] Read-only file system/),
      });
      await expect(stat(inTool)).rejects.toMatchObject({ code: 'ENOENT' });
      expect((await probe('write', join(dataDir, 'planted.txt'), confined)).report).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^FileNotFoundError/),
      });
      expect((await probe('write', '/etc/medx-planted', confined)).report).toMatchObject({ ok: false });
      await expect(stat('/etc/medx-planted')).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await rm(hostTmp, { force: true });
      await rm(inTool, { force: true });
    }
  });

  it('cannot start more processes than its limit: a fork bomb ends by the limit', async () => {
    const limit = 64;
    const started = performance.now();
    const { report, run, failed } = await probe('forkbomb', '', { confine: { processes: limit } });
    expect(run.timedOut).toBe(false);
    expect(failed).toBe(true);
    expect(run.stderr).toMatch(/fork: Resource temporarily unavailable/);
    const count = Number(String(report).trim());
    // The sandbox's reaper and the two bash processes of the run count too.
    expect(count).toBeGreaterThan(limit - 10);
    expect(count).toBeLessThan(limit);
    // Its sleeps (30 s) died with it: the run ended with the script, not with them.
    expect(performance.now() - started).toBeLessThan(29_000);
  });

  it('cannot allocate more memory than its address-space limit', async () => {
    expect((await probe('memory', '512', unconfined)).report).toEqual({ ok: true, value: 512 * 1024 * 1024 });
    const limits: Partial<SandboxLimits> = { addressSpaceBytes: 256 * 1024 * 1024 };
    expect((await probe('memory', '512', { confine: limits })).report).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^MemoryError/),
    });
    expect(DEFAULT_SANDBOX_LIMITS.addressSpaceBytes).toBe(8 * 1024 ** 3);
  });

  it('cannot outlive a cancel: a double-forked setsid daemon dies with the run', async () => {
    const marker = `medx-sandbox-daemon-${process.pid}-${Date.now()}`;
    const daemon = () => processesWith('time.sleep(600)', marker);

    // Unconfined, the daemon escapes the process group the runner kills.
    const first = new AbortController();
    const openRun = probe('cancel', `${marker}-open`, { ...unconfined, signal: first.signal });
    const escaped = () => processesWith('time.sleep(600)', `${marker}-open`);
    try {
      await expect.poll(() => escaped().length, { timeout: 30_000 }).toBe(1);
      first.abort();
      expect((await openRun).run.cancelled).toBe(true);
      expect(escaped()).toHaveLength(1);
    } finally {
      for (const pid of escaped()) process.kill(pid, 'SIGKILL');
    }

    const controller = new AbortController();
    const running = probe('cancel', marker, { ...confined, signal: controller.signal });
    await expect.poll(() => daemon().length, { timeout: 30_000 }).toBe(1);
    controller.abort();
    const { run } = await running;
    expect(run.cancelled).toBe(true);
    await expect.poll(() => processesWith(marker), { timeout: 10_000 }).toEqual([]);
  });
});
