/**
 * What the benchmarks that drive the real server share (bench:docking, bench:screen,
 * bench:dude): the server started as a child process on a throwaway data directory and
 * called through its API (guest login, one project, tus uploads), killed and started again
 * on the same data (bench:dude), its memory read from /proc, the crystal ligand's box and
 * the raw-Vina receptor preparation. Benchmark code only: not part of the server and not
 * run by `npm test`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import * as tus from 'tus-js-client';
import { assembleReceptorPdbqt, cleanReceptor, receptorObabelArgs } from '../src/chem/receptor';

export const ROOT = resolve(fileURLToPath(import.meta.url), '../../../..');
/** The complexes the benchmarks dock (outside the repository: ../shared/bench/<id>/receptor.pdb, ligand.sdf). */
export const BENCH = resolve(ROOT, '../shared/bench');

/** `--name value` from the command line. */
export function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Runs a program to its end; throws with the tail of its output when it fails. Answers stdout + stderr. */
export function run(cmd: string, args: string[], cwd: string, input?: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', input, maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw new Error(`${cmd} ${args.join(' ')} could not run: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${(r.stderr || r.stdout).slice(-500)}`);
  return `${r.stdout}${r.stderr}`;
}

export interface Pocket {
  center_x: number;
  center_y: number;
  center_z: number;
  size_x: number;
  size_y: number;
  size_z: number;
}

/** The bench's own Python (not the server's): crystal ligand → SMILES, box, heavy-atom SDF. */
const CRYSTAL_PY = fileURLToPath(new URL('./crystal_ligand.py', import.meta.url));

/**
 * The crystal ligand of ../shared/bench/<id>: its SMILES, its box padded 5 Å each side, its
 * heavy-atom SDF. `id` may also be an absolute folder holding ligand.sdf or ligand.mol2 (a
 * data set kept in the repository, bench/data/…): resolve() keeps an absolute path as it is
 * and puts a bare id under BENCH, as join() did.
 */
export function crystalInfo(id: string, work: string) {
  const file = ['ligand.sdf', 'ligand.mol2'].map((f) => resolve(BENCH, id, f)).find(existsSync);
  if (!file) throw new Error('no ligand.sdf or ligand.mol2');
  const request = JSON.stringify({ ligand: file, out: join(work, 'crystal.sdf') });
  const out = run('/usr/bin/python3', [CRYSTAL_PY, '-', '-'], work, request);
  // The answer is stdout's one line; RDKit's warnings (stderr) come after it.
  const info = JSON.parse(out.split('\n')[0]!) as { smiles: string; lo: number[]; hi: number[] };
  const r = (n: number) => Math.round(n * 100) / 100;
  const pocket: Pocket = {
    center_x: r((info.lo[0]! + info.hi[0]!) / 2),
    center_y: r((info.lo[1]! + info.hi[1]!) / 2),
    center_z: r((info.lo[2]! + info.hi[2]!) / 2),
    size_x: r(info.hi[0]! - info.lo[0]! + 10),
    size_y: r(info.hi[1]! - info.lo[1]! + 10),
    size_z: r(info.hi[2]! - info.lo[2]! + 10),
  };
  return { smiles: info.smiles, pocket, crystal: join(work, 'crystal.sdf') };
}

/**
 * The receptor as the platform prepares it (the same commands): cleaned, protonated by
 * Open Babel, reassembled; writes `work`/receptor.pdbqt.
 */
export function prepareRawReceptor(receptorPdb: string, work: string): string {
  mkdirSync(work, { recursive: true });
  const clean = cleanReceptor(receptorPdb);
  writeFileSync(join(work, 'receptor_clean.pdb'), clean.polymerPdb);
  run('obabel', receptorObabelArgs('receptor_clean.pdb', 'receptor.pdbqt'), work);
  writeFileSync(
    join(work, 'receptor.pdbqt'),
    assembleReceptorPdbqt(readFileSync(join(work, 'receptor.pdbqt'), 'utf8'), clean),
  );
  return join(work, 'receptor.pdbqt');
}

/** A process's resident memory now (VmRSS) and its peak so far (VmHWM), in MB; null once it is gone. */
export function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** Samples a process's RSS every `ms` (and whenever `sample()` is called); keeps the peak. */
export class RssSampler {
  peak = 0;
  samples = 0;
  private timer: NodeJS.Timeout | null = null;
  constructor(private readonly pid: number) {}

  start(ms = 1000): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), ms);
    return this;
  }

  sample(): void {
    const memory = memoryOf(this.pid);
    if (!memory) return;
    this.samples++;
    this.peak = Math.max(this.peak, memory.rss);
  }

  stop(): number {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sample();
    return this.peak;
  }
}

/**
 * Runs `cleanup` once when the bench is interrupted (Ctrl-C, SIGTERM), then exits: the child
 * server and the temporary directory must not outlive it.
 */
export function cleanupOnSignal(cleanup: () => Promise<void> | void): void {
  let done = false;
  const handler = (signal: NodeJS.Signals) => {
    if (done) return;
    done = true;
    console.error(`\n${signal}: stopping the server and removing the temporary files…`);
    Promise.resolve()
      .then(cleanup)
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}

const STARTUP_TRIES = 300;
const STOP_GRACE_MS = 30_000;

/** A TCP port free on 127.0.0.1 now. */
function freePort(): Promise<number> {
  return new Promise<number>((ok) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const p = (probe.address() as { port: number }).port;
      probe.close(() => ok(p));
    });
  });
}

const running = (child: ChildProcess | null): child is ChildProcess =>
  child !== null && child.exitCode === null && child.signalCode === null;

/** The platform, started by a bench on a throwaway data directory (`dir`). */
export class Platform {
  protected child: ChildProcess | null = null;
  protected token = '';
  protected projectId = 0;
  base = '';
  /** Kept for restart(): the server comes back where the bench (and its token) expect it. */
  private port = 0;
  /** `env`: added to the server's environment (e.g. MEDX_SCREEN_PARALLEL, MEDX_VINA). */
  constructor(
    protected readonly dir: string,
    private readonly env: Record<string, string> = {},
  ) {}

  /** The server's process id (its RSS: /proc/<pid>/status), once started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the server on a fresh data directory, logs in as a guest and creates the project "Bench". */
  async start() {
    this.port = await freePort();
    this.base = `http://127.0.0.1:${this.port}`;
    await this.launch();
    this.token = (await this.call<{ token: string }>('POST', '/v1/users/guest_login', {})).token;
    this.projectId = (await this.call<{ id: number }>('POST', '/v1/projects/new', { project_name: 'Bench' })).id;
  }

  /**
   * SIGKILL, as a crash or the OOM killer would: no shutdown code runs. The programs the
   * server started die with it (lib/process.ts runs them under `setpriv --pdeathsig KILL`);
   * what those started in turn (Vina under a screening chunk) may run on to its own end.
   */
  async kill() {
    const child = this.child;
    if (!running(child)) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  /**
   * The server started again on the same data directory and port (after kill() or stop()),
   * as an operator restarts a crashed one; it recovers its interrupted jobs itself. The
   * token and project are kept (sessions and projects live in its database): a call to the
   * project checks that they still work.
   */
  async restart() {
    if (!this.port) throw new Error('restart() before start()');
    await this.stop();
    await this.launch();
    await this.call('GET', `/v1/projects/${this.projectId}`);
  }

  /** Spawns the server on `this.port` and waits until /v1/health answers. */
  private async launch() {
    const port = this.port;
    mkdirSync(join(this.dir, 'tmp'), { recursive: true });
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'serve'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: join(this.dir, 'data'),
        TMPDIR: join(this.dir, 'tmp'),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        STORAGE_URL: '',
        ...this.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.child = child;
    let up = false;
    for (let i = 0; i < STARTUP_TRIES && !up; i++) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `the server exited while starting (${child.exitCode ?? child.signalCode}); see its output above`,
        );
      }
      up = await fetch(`${this.base}/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await new Promise((r) => setTimeout(r, 200));
    }
    if (!up) throw new Error(`the server did not answer ${this.base}/v1/health within ${STARTUP_TRIES * 0.2} s`);
  }

  /** What a job recorded of its run (provenance, read from the bench server's SQLite file): chunks at once and their size. */
  provenance(jobId: number): { parallel?: number; chunk_size?: number } {
    const db = new Database(join(this.dir, 'data', 'medx.sqlite'), { readonly: true });
    try {
      const row = db.prepare('SELECT provenance FROM jobs WHERE id = ?').get(jobId) as
        | { provenance: string | null }
        | undefined;
      return row?.provenance ? (JSON.parse(row.provenance) as { parallel?: number; chunk_size?: number }) : {};
    } finally {
      db.close();
    }
  }

  /** SIGTERM (the server stops its jobs and their programs); SIGKILL if it has not exited after 30 s. */
  async stop() {
    const child = this.child;
    if (!running(child)) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.request(method, path, body);
    const text = await res.text();
    let envelope: { success: boolean; msg: string; data: T };
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      throw new Error(`${method} ${path}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
    }
    if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.msg}`);
    return envelope.data;
  }

  /** A call whose answer is not the JSON envelope (a download, an export): the body as text. */
  async text(method: string, path: string): Promise<string> {
    const res = await this.request(method, path);
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status}: ${text.slice(0, 200)}`);
    return text;
  }

  private async request(method: string, path: string, body?: unknown): Promise<Response> {
    const send = () =>
      fetch(`${this.base}${path}`, {
        method,
        headers: { token: this.token, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    // After a long raw-Vina arm, kept-alive sockets may have been closed by the server just
    // as they are reused ("fetch failed"): a failed socket is dropped, so retry a few times.
    let res: Response | undefined;
    for (let attempt = 1; !res; attempt++) {
      res = await send().catch(async (error: Error) => {
        if (attempt >= 4) throw new Error(`${method} ${path}: ${error.message} (${String(error.cause ?? '')})`);
        await new Promise((r) => setTimeout(r, 250));
        return undefined;
      });
    }
    return res;
  }

  async upload(name: string, content: string): Promise<number> {
    const url = await new Promise<string>((ok, fail) => {
      const upload = new tus.Upload(Buffer.from(content), {
        endpoint: `${this.base}/v1/uploads`,
        headers: { token: this.token },
        metadata: { filename: name, project_id: String(this.projectId) },
        retryDelays: [],
        storeFingerprintForResuming: false,
        onError: fail,
        onSuccess: () => ok(upload.url!),
      });
      upload.start();
    });
    const created = await this.call<{ files: { id: number }[] }>('POST', '/v1/files', {
      name,
      project_id: this.projectId,
      file_url: url.split('/').pop(),
      ext: name.split('.').pop(),
      source_type: 'ALIYUN',
      is_show_entry: true,
    });
    return created.files[0]!.id;
  }
}
