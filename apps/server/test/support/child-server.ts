import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AuthResult, Envelope } from '@medx/contract';
import { type Db, openDatabase } from '../../src/db/database';
import { freshDatabase } from './test-app';
import { tusUpload, uploadIdOf } from './uploads';
import { waitUntil } from './wait';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../../../..');

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => ok(port));
    });
  });
}

/**
 * The real server as a child process (`main.ts serve`) with its own DATA_DIR, PORT and
 * TMPDIR, on a fresh database: for tests that kill it with SIGKILL and start it again on
 * the same data. `run` runs another of its commands (tool-install...) on the same data.
 */
export class ChildServer {
  dataDir = '';
  jobTmp = '';
  port = 0;
  private process: ChildProcess | null = null;
  /** The server's PostgreSQL database (PostgreSQL pass only). */
  databaseUrl: string | undefined;
  /** More variables for the server and its workers (SCREEN_CHUNKS, STORAGE_URL...). */
  extraEnv: NodeJS.ProcessEnv = {};
  private dropDatabase = async () => {};
  /** A sibling shares another server's database and data folder: closing it leaves them. */
  private ownsData = true;

  async init(): Promise<void> {
    this.dataDir = mkdtempSync(join(tmpdir(), 'medx-child-data-'));
    this.jobTmp = mkdtempSync(join(tmpdir(), 'medx-child-tmp-'));
    this.port = await freePort();
    const database = await freshDatabase();
    this.databaseUrl = database.url;
    this.dropDatabase = database.drop;
  }

  /**
   * A second server on this one's database and data folder, with its own port and job
   * folders: several servers sharing one queue (JOB_QUEUE=pgboss). Its extraEnv starts as a copy.
   */
  async sibling(): Promise<ChildServer> {
    const other = new ChildServer();
    other.dataDir = this.dataDir;
    other.jobTmp = mkdtempSync(join(tmpdir(), 'medx-child-tmp-'));
    other.port = await freePort();
    other.databaseUrl = this.databaseUrl;
    other.extraEnv = { ...this.extraEnv };
    other.ownsData = false;
    return other;
  }

  private env(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      DATA_DIR: this.dataDir,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      TMPDIR: this.jobTmp,
      LOG_LEVEL: 'warn',
      ...(this.databaseUrl ? { DATABASE_URL: this.databaseUrl } : {}),
      ...this.extraEnv,
    };
  }

  /** `medx worker` on this server's database and storage, with more variables (WORKER_SLOTS...). */
  startWorker(env: NodeJS.ProcessEnv = {}): ChildProcess {
    return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'worker'], {
      cwd: ROOT,
      env: { ...this.env(), ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }

  /** Runs a command of main.ts on this server's data; answers its exit code. */
  run(args: string[]): Promise<number | null> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', ...args], {
      cwd: ROOT,
      env: this.env(),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    return new Promise((ok) => child.once('exit', (code) => ok(code)));
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'serve'], {
      cwd: ROOT,
      env: this.env(),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.process = child;
    const up = await waitUntil(
      () =>
        fetch(`http://127.0.0.1:${this.port}/v1/health`)
          .then((r) => r.ok)
          .catch(() => false),
      (ok) => ok || child.exitCode !== null,
      { timeoutMs: 60_000 },
    );
    if (!up) throw new Error('the server did not start');
  }

  /** A connection of the test's own to this server's database (close it with destroy()). */
  openDb(): Db {
    return openDatabase({ databaseUrl: this.databaseUrl, dataDir: this.dataDir });
  }

  /** SIGKILL: no shutdown of any kind. */
  async kill(): Promise<void> {
    const killed = this.process;
    if (!killed || killed.exitCode !== null) return;
    killed.kill('SIGKILL');
    await new Promise((r) => killed.once('exit', r));
  }

  async close(): Promise<void> {
    const server = this.process;
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    if (this.ownsData) {
      await this.dropDatabase();
      rmSync(this.dataDir, { recursive: true, force: true });
    }
    rmSync(this.jobTmp, { recursive: true, force: true });
  }

  async api<T>(method: string, path: string, token?: string, body?: unknown): Promise<Envelope<T>> {
    const res = await fetch(`http://127.0.0.1:${this.port}${path}`, {
      method,
      headers: { ...(token ? { token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as Envelope<T>;
  }

  /** Imports a file into a project (tus upload, then POST /v1/files); answers its id. */
  async upload(token: string, projectId: number, name: string, content: Buffer | string): Promise<number> {
    const { url } = await tusUpload(`http://127.0.0.1:${this.port}`, token, projectId, name, Buffer.from(content));
    const res = await this.api<{ files: { id: number }[] }>('POST', '/v1/files', token, {
      name,
      project_id: projectId,
      file_url: uploadIdOf(url),
      ext: name.split('.').pop(),
      source_type: 'ALIYUN',
      is_show_entry: true,
    });
    if (!res.success) throw new Error(`import of ${name} failed: ${res.msg}`);
    return res.data.files[0]!.id;
  }

  /** Signs a user up with the code the server wrote to its outbox. */
  async register(email: string): Promise<AuthResult> {
    await this.api('POST', '/v1/users/send_email_code', undefined, { email, purpose: 'sign_up' });
    const lines = readFileSync(join(this.dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n');
    const code = lines
      .map((line) => JSON.parse(line) as { to: string; code: string })
      .filter((m) => m.to === email)
      .pop()?.code;
    const res = await this.api<AuthResult>('POST', '/v1/users/sign_up', undefined, {
      email,
      code,
      password: 'secret123',
      identity: 'Student',
      agreement: true,
    });
    if (!res.success) throw new Error(`sign up failed: ${res.msg}`);
    return res.data;
  }
}
