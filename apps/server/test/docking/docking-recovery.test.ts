import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AuthResult, DockingResultList, Envelope, Job } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchFile } from '../support/bench';
import { freshDatabase } from '../support/test-app';
import { tusUpload, uploadIdOf } from '../support/uploads';
import { waitUntil } from '../support/wait';
import { alive, pocketOf, vinaProcessesUnder } from './docking-support';

/**
 * The real server as a child process (its own DATA_DIR, PORT and TMPDIR), killed with
 * SIGKILL while Vina runs, then started again on the same data: the job is run again
 * to FINISHED, never left RUNNING, and no Vina of the killed server survives it.
 */
const ROOT = resolve(fileURLToPath(import.meta.url), '../../../../..');
let dataDir: string;
let jobTmp: string;
let port: number;
let server: ChildProcess | null = null;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address() as { port: number };
      probe.close(() => ok(p));
    });
  });
}

async function startServer(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      TMPDIR: jobTmp,
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  server = child;
  const up = await waitUntil(
    () =>
      fetch(`http://127.0.0.1:${port}/v1/health`)
        .then((r) => r.ok)
        .catch(() => false),
    (ok) => ok || child.exitCode !== null,
    { timeoutMs: 60_000 },
  );
  if (!up) throw new Error('the server did not start');
}

async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<Envelope<T>> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { ...(token ? { token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as Envelope<T>;
}

async function upload(token: string, projectId: number, name: string, content: Buffer | string): Promise<number> {
  const { url } = await tusUpload(`http://127.0.0.1:${port}`, token, projectId, name, Buffer.from(content));
  const res = await api<{ files: { id: number }[] }>('POST', '/v1/files', token, {
    name,
    project_id: projectId,
    file_url: uploadIdOf(url),
    ext: name.split('.').pop(),
    source_type: 'ALIYUN',
    is_show_entry: true,
  });
  return res.data.files[0]!.id;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'medx-recovery-data-'));
  jobTmp = mkdtempSync(join(tmpdir(), 'medx-recovery-tmp-'));
  port = await freePort();
  const database = await freshDatabase();
  databaseUrl = database.url;
  dropDatabase = database.drop;
});
afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(jobTmp, { recursive: true, force: true });
});

describe('recovery after the server is killed mid-docking', () => {
  it('runs the job again to FINISHED and leaves no orphan vina', async () => {
    await startServer();
    const guest = (await api<AuthResult>('POST', '/v1/users/guest_login', undefined, {})).data;
    const projectId = (await api<{ id: number }>('POST', '/v1/projects/new', guest.token, { project_name: 'Crash' }))
      .data.id;
    const crystal = benchFile('7cnq', 'ligand.sdf').toString();
    const proteinId = await upload(guest.token, projectId, '7cnq.pdb', benchFile('7cnq', 'receptor.pdb'));
    const ligandId = await upload(guest.token, projectId, 'lig.sdf', crystal);
    const submitted = await api<{ job_id: number }>('POST', '/v1/jobs/docking', guest.token, {
      project_id: projectId,
      protein_id: proteinId,
      ligand_ids: [ligandId],
      pocket: pocketOf(crystal),
      settings: { exhaustiveness: 16, seed: 11 },
    });
    expect(submitted.success, submitted.msg).toBe(true);
    const jobId = submitted.data.job_id;

    // Vina is running (its working directory is under this server's TMPDIR).
    const running = await waitUntil(
      async () => vinaProcessesUnder(jobTmp),
      (pids) => pids.length > 0,
      { timeoutMs: 60_000 },
    );
    expect(running.length).toBeGreaterThan(0);
    expect((await api<Job>('GET', `/v1/jobs/${jobId}`, guest.token)).data.status).toBe('RUNNING');

    const killed = server!;
    killed.kill('SIGKILL');
    await new Promise((r) => killed.once('exit', r));
    // The kernel takes the tools down with the server (parent-death signal), at once:
    // well before this Vina (exhaustiveness 16) could have finished on its own.
    const left = await waitUntil(
      async () => running.filter(alive),
      (pids) => pids.length === 0,
      { timeoutMs: 2_000 },
    );
    expect(left).toEqual([]);

    await startServer();
    const done = await waitUntil(
      async () => (await api<Job>('GET', `/v1/jobs/${jobId}`, guest.token)).data,
      (j) => ['FINISHED', 'FAILED', 'STOPPED'].includes(j.status),
      { timeoutMs: 150_000 },
    );
    expect(done.status, done.error ?? '').toBe('FINISHED');
    const log = (await api<{ comment: string }>('GET', `/v1/jobs/${jobId}/comment`, guest.token)).data.comment;
    expect(log).toContain('The server stopped during this job; it is run again.');
    const results = (await api<DockingResultList>('GET', `/v1/jobs/${jobId}/docking_result`, guest.token)).data;
    // One ligand, retain_count 1: exactly one row, nothing left over from the killed attempt.
    expect(results.total).toBe(1);
    expect(results.items[0]).toMatchObject({ rank: 1, status: 'SUCCESS' });
    const outputs = (await api<{ ext: string }[]>('GET', `/v1/jobs/${jobId}/files`, guest.token)).data;
    expect(outputs.map((f) => f.ext).sort()).toEqual(['pdb', 'pdbqt', 'sdf']);
    expect(vinaProcessesUnder(jobTmp).filter(alive)).toEqual([]);
    // The killed attempt's working folder went when the server started again (issue 9), the
    // second attempt's when it ended.
    const folders = await waitUntil(
      async () => readdirSync(jobTmp).filter((n) => /^medx-(job|chem)-/.test(n)),
      (left) => left.length === 0,
      { timeoutMs: 5_000 },
    );
    expect(folders).toEqual([]);
  }, 240_000);
});
