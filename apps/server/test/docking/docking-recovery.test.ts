import { readdirSync } from 'node:fs';
import type { AuthResult, DockingResultList, Job } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchFile } from '../support/bench';
import { ChildServer } from '../support/child-server';
import { waitUntil } from '../support/wait';
import { alive, pocketOf, vinaProcessesUnder } from './docking-support';

/**
 * The real server as a child process (its own DATA_DIR, PORT and TMPDIR), killed with
 * SIGKILL while Vina runs, then started again on the same data: the job is run again
 * to FINISHED, never left RUNNING, and no Vina of the killed server survives it.
 */
const server = new ChildServer();
const api = <T>(method: string, path: string, token?: string, body?: unknown) =>
  server.api<T>(method, path, token, body);
const upload = (token: string, projectId: number, name: string, content: Buffer | string) =>
  server.upload(token, projectId, name, content);

beforeAll(() => server.init());
afterAll(() => server.close());

describe('recovery after the server is killed mid-docking', () => {
  it('runs the job again to FINISHED and leaves no orphan vina', async () => {
    await server.start();
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
      async () => vinaProcessesUnder(server.jobTmp),
      (pids) => pids.length > 0,
      { timeoutMs: 60_000 },
    );
    expect(running.length).toBeGreaterThan(0);
    expect((await api<Job>('GET', `/v1/jobs/${jobId}`, guest.token)).data.status).toBe('RUNNING');

    await server.kill();
    // The kernel takes the tools down with the server (parent-death signal), at once:
    // well before this Vina (exhaustiveness 16) could have finished on its own.
    const left = await waitUntil(
      async () => running.filter(alive),
      (pids) => pids.length === 0,
      { timeoutMs: 2_000 },
    );
    expect(left).toEqual([]);

    await server.start();
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
    expect(vinaProcessesUnder(server.jobTmp).filter(alive)).toEqual([]);
    // The killed attempt's working folder went when the server started again (issue 9), the
    // second attempt's when it ended.
    const folders = await waitUntil(
      async () => readdirSync(server.jobTmp).filter((n) => /^medx-(job|chem)-/.test(n)),
      (left) => left.length === 0,
      { timeoutMs: 5_000 },
    );
    expect(folders).toEqual([]);
  }, 240_000);
});
