/**
 * The server `npm run bench:api` measures, and the data it lists: the built bundle started on
 * 127.0.0.1 with a throwaway DATA_DIR, and a user's projects and files made through the real API.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DockingPocket, ProjectFile } from '@medx/contract';
import * as tus from 'tus-js-client';

export const ROOT = resolve(fileURLToPath(import.meta.url), '../../../..');
const SERVER = join(ROOT, 'apps/server');
const BUNDLE = join(SERVER, 'dist/main.js');

/** Newest modification time of the files under `dir` (0 when it does not exist). */
export function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/**
 * Builds apps/server when dist/main.js is missing or older than what goes into it (the server's
 * source, its Python programs and the contract it bundles): the bench measures the code as it
 * is now, through the same bundle `npm start` serves. Answers whether it built.
 */
export function ensureBuilt(): boolean {
  const built = existsSync(BUNDLE) ? statSync(BUNDLE).mtimeMs : 0;
  const sources = Math.max(
    newest(join(SERVER, 'src')),
    newest(join(SERVER, 'python/medx_chem')),
    newest(join(ROOT, 'packages/contract/src')),
  );
  if (built > sources) return false;
  const run = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('npm run build -w apps/server failed');
  return true;
}

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => ok(port));
    });
    probe.on('error', fail);
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface BenchServer {
  base: string;
  /** The server's process id (its main thread's id too). */
  pid: number;
  /** The development outbox (no SMTP_URL): where sign-up codes arrive. */
  outbox: string;
  /** Last lines of the server's output, for the reason of a failure. */
  logTail(): string;
  /** Stops the server (SIGTERM, then SIGKILL) and deletes its data; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * `migrate`, then `serve` on 127.0.0.1 (loopback only: the bench must never expose a server)
 * with a fresh DATA_DIR and TMPDIR, on SQLite and local storage whatever the caller's
 * environment says. Its log (the deployed default level unless LOG_LEVEL is set) goes to a file
 * rather than a pipe, so writing it costs the server what it costs in production and costs
 * the load generator nothing.
 */
export async function startServer(): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'medx-api-bench-'));
  mkdirSync(join(dir, 'tmp'));
  const port = await freePort();
  const logPath = join(dir, 'server.log');
  const log = openSync(logPath, 'a');
  const env = {
    ...process.env,
    DATA_DIR: join(dir, 'data'),
    TMPDIR: join(dir, 'tmp'),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    STORAGE_URL: '',
    // Codes must reach the outbox file the set-up reads, never a real mailbox.
    SMTP_URL: '',
  };
  let child: ChildProcess | null = null;
  let stopped = false;
  const logTail = () => (existsSync(logPath) ? readFileSync(logPath, 'utf8').split('\n').slice(-20).join('\n') : '');
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      // A graceful stop cancels the running docking; a server that hangs is killed.
      if (!(await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]))) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    closeSync(log);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const migrate = spawnSync(process.execPath, [BUNDLE, 'migrate'], { cwd: ROOT, env, stdio: ['ignore', log, log] });
    if (migrate.status !== 0) throw new Error(`migrate failed:\n${logTail()}`);
    // BENCH_SERVER_NODE_ARGS: flags for the server's node (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    child = spawn(process.execPath, [...nodeArgs, BUNDLE, 'serve'], { cwd: ROOT, env, stdio: ['ignore', log, log] });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${logTail()}`);
      const up = await fetch(`${base}/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i >= 150) throw new Error(`the server did not answer /v1/health in 30 s:\n${logTail()}`);
      await sleep(200);
    }
    return { base, pid: child.pid!, outbox: join(env.DATA_DIR, 'outbox.jsonl'), logTail, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The API as the web client calls it: JSON bodies, the `token` header, the {success, msg, data} envelope. */
export class Api {
  token = '';
  constructor(readonly base: string) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { token: this.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await res.json()) as { success: boolean; msg: string; data: T };
    if (!envelope.success) throw new Error(`${method} ${path}: ${res.status} ${envelope.msg}`);
    return envelope.data;
  }

  /** A file uploaded as the web does it: tus into /v1/uploads, then POST /v1/files names the upload. */
  async upload(projectId: number, name: string, content: string): Promise<ProjectFile> {
    const url = await new Promise<string>((ok, fail) => {
      const upload = new tus.Upload(Buffer.from(content), {
        endpoint: `${this.base}/v1/uploads`,
        headers: { token: this.token },
        metadata: { filename: name, project_id: String(projectId) },
        retryDelays: [],
        storeFingerprintForResuming: false,
        onError: fail,
        onSuccess: () => ok(upload.url!),
      });
      upload.start();
    });
    const created = await this.call<{ files: ProjectFile[] }>('POST', '/v1/files', {
      name,
      project_id: projectId,
      file_url: url.split('/').pop(),
      ext: name.split('.').pop(),
    });
    return created.files[0]!;
  }
}

export interface Workload {
  projectId: number;
  projects: number;
  files: number;
  protein: ProjectFile;
  ligand: ProjectFile;
  /** A 2D SMILES file, so convert_to_3d really embeds (a 3D SDF would only gain hydrogens). */
  smiles: ProjectFile;
  pocket: DockingPocket;
}

/** Imatinib: big enough that 3D generation is real work, small enough to take about a second. */
const IMATINIB = 'Cc1ccc(NC(=O)c2ccc(CN3CCN(C)CC3)cc2)cc1Nc1nccc(-c2cccnc2)n1 imatinib\n';

/**
 * Signs `email` up (the code from the development outbox, as a self-hosted instance without
 * SMTP gives it) and keeps the session's token on `api`.
 */
export async function signUp(api: Api, outbox: string, email: string): Promise<void> {
  await api.call('POST', '/v1/users/send_email_code', { email, purpose: 'sign_up' });
  const sent = readFileSync(outbox, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { to: string; code: string })
    .findLast((entry) => entry.to === email);
  if (!sent) throw new Error(`no sign-up code for ${email} in ${outbox}`);
  const body = { email, code: sent.code, password: 'bench-secret-1', identity: 'Student', agreement: true };
  api.token = (await api.call<{ token: string }>('POST', '/v1/users/sign_up', body)).token;
}

/**
 * A registered user (a guest may create only 5 projects) with 12 projects, more than the list's
 * page of 10, and in the first ~20 files: the bundled samples imported in turn (7CNQ first, the
 * docking case), plus one SMILES file. The sign-up code comes from the development outbox, as a
 * self-hosted instance without SMTP gives it. The pocket is the box around 7CNQ's crystal
 * ligand, as the docking tests use.
 */
export async function setUpWorkload(api: Api, outbox: string): Promise<Workload> {
  await signUp(api, outbox, 'bench@example.org');
  const projectIds: number[] = [];
  for (let i = 1; i <= 12; i++) {
    projectIds.push((await api.call<{ id: number }>('POST', '/v1/projects/new', { project_name: `Bench ${i}` })).id);
  }
  const projectId = projectIds[0]!;
  const imported: ProjectFile[] = [];
  for (let round = 0; imported.length < 20; round++) {
    const sample = ['7cnq', '1iep', '5x72', '1w1p'][round % 4]!;
    const { files } = await api.call<{ files: ProjectFile[] }>('POST', '/v1/files/samples', {
      project_id: projectId,
      sample_id: sample,
    });
    imported.push(...files);
  }
  const protein = imported.find((f) => f.name === '7cnq_receptor.pdb')!;
  const ligand = imported.find((f) => f.name === '7cnq_ligand.sdf')!;
  const smiles = await api.upload(projectId, 'imatinib.smi', IMATINIB);
  const pocket = await api.call<DockingPocket>('POST', '/v1/docking/pocket/ligand', {
    project_id: projectId,
    ligand_id: ligand.id,
    padding: 5,
  });
  return {
    projectId,
    projects: projectIds.length,
    files: imported.length + 1,
    protein,
    ligand,
    smiles,
    pocket,
  };
}
