import type { AuthResult, Job, ScreeningSummary } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchFile } from '../support/bench';
import { ChildServer } from '../support/child-server';
import { waitUntil } from '../support/wait';
import { pocketOf } from './docking-support';

/**
 * The real server as a child process, killed with SIGKILL five times during a screen and
 * started again on the same data each time: every ligand ends exactly once, none is lost,
 * and a ligand recorded before a kill is never docked again (its row, attempts and finish
 * time are those it had before the kill).
 */
const server = new ChildServer();
const api = <T>(method: string, path: string, token?: string, body?: unknown) =>
  server.api<T>(method, path, token, body);

// Small molecules: exhaustiveness 1 docks each in about a second.
const SMILES = [
  'c1ccccc1O',
  'Cc1ccccc1N',
  'c1ccc2[nH]ccc2c1',
  'OC(=O)c1ccccc1',
  'CC(=O)Nc1ccc(O)cc1',
  'c1ccncc1CO',
  'Clc1ccccc1',
  'COc1ccccc1',
  'c1ccc2ccccc2c1',
  'NC(=O)c1ccccc1',
  'Oc1ccc(Cl)cc1',
  'c1cnc2ccccc2c1',
  'CC(C)Cc1ccccc1',
  'O=C(O)CCc1ccccc1',
  'c1ccc(cc1)C#N',
  'Cc1cc(C)cc(C)c1',
  'OCc1ccccc1',
  'Nc1ccc(F)cc1',
  'c1ccoc1C=O',
  'CCOC(=O)c1ccccc1',
  'c1ccsc1C',
  'Fc1ccccc1F',
  'CN(C)c1ccccc1',
  'O=C1CCCN1c1ccccc1',
];
const KILLS = 5;

interface Snapshot {
  idx: number;
  status: string;
  attempts: number;
  finished_at: string | null;
  score: number | null;
}

async function recorded(): Promise<Map<number, Snapshot>> {
  const db = server.openDb();
  try {
    const rows = await db.kysely
      .selectFrom('screening_ligands')
      .select(['idx', 'status', 'attempts', 'finished_at', 'score'])
      .where('status', 'in', ['DONE', 'FAILED'])
      .execute();
    return new Map(rows.map((r) => [r.idx, { ...r, score: r.score === null ? null : Number(r.score) }]));
  } finally {
    await db.destroy();
  }
}

beforeAll(() => server.init());
afterAll(() => server.close());

describe('a screen survives its server killed five times', () => {
  it('ends every ligand exactly once and never docks a recorded one again', async () => {
    await server.start();
    const guest = (await api<AuthResult>('POST', '/v1/users/guest_login', undefined, {})).data;
    const projectId = (await api<{ id: number }>('POST', '/v1/projects/new', guest.token, { project_name: 'Kills' }))
      .data.id;
    const crystal = benchFile('7cnq', 'ligand.sdf').toString();
    const proteinId = await server.upload(guest.token, projectId, '7cnq.pdb', benchFile('7cnq', 'receptor.pdb'));
    const libraryId = await server.upload(
      guest.token,
      projectId,
      'library.smi',
      SMILES.map((s, i) => `${s} m${i + 1}`).join('\n'),
    );
    const submitted = await api<{ job_id: number }>('POST', '/v1/jobs/docking/library', guest.token, {
      project_id: projectId,
      protein_id: proteinId,
      pocket: pocketOf(crystal),
      library: { file_ids: [libraryId] },
      settings: { exhaustiveness: 1, seed: 5 },
    });
    expect(submitted.success, submitted.msg).toBe(true);
    const jobId = submitted.data.job_id;
    const summary = async () => (await api<ScreeningSummary>('GET', `/v1/jobs/${jobId}/screening`, guest.token)).data;

    const before: Map<number, Snapshot>[] = [];
    let killedWhileRunning = 0;
    for (let kill = 0; kill < KILLS; kill++) {
      // Some progress since the last restart, then a kill in the middle of the screen.
      const seen = before.at(-1)?.size ?? 0;
      const progress = await waitUntil(
        summary,
        (s) => s.counts.DONE + s.counts.FAILED >= Math.min(SMILES.length, seen + 2),
        { timeoutMs: 120_000, what: `ligands ending after restart ${kill}` },
      );
      const left = progress.counts.PENDING + progress.counts.RUNNING;
      before.push(await recorded());
      await server.kill();
      if (left > 0) killedWhileRunning++;
      await server.start();
    }
    // The library is long enough that every kill fell inside the screen.
    expect(killedWhileRunning).toBe(KILLS);

    const done = await waitUntil(
      async () => (await api<Job>('GET', `/v1/jobs/${jobId}`, guest.token)).data,
      (j) => ['FINISHED', 'FAILED', 'STOPPED'].includes(j.status),
      { timeoutMs: 240_000, what: 'the screen ending' },
    );
    expect(done.status, done.error ?? '').toBe('FINISHED');
    const end = await summary();
    // None lost, none twice.
    expect(end.total).toBe(SMILES.length);
    expect(end.counts.PENDING + end.counts.RUNNING).toBe(0);
    expect(end.counts.DONE + end.counts.FAILED).toBe(SMILES.length);
    const final = await recorded();
    expect([...final.keys()].sort((a, b) => a - b)).toEqual(SMILES.map((_, i) => i));
    // A ligand recorded before a kill kept its row: not docked again after any restart.
    let checked = 0;
    for (const snapshot of before) {
      for (const [idx, row] of snapshot) {
        expect(final.get(idx), `ligand ${idx}`).toEqual(row);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(KILLS * 2);
    // The restarts were noticed: the job was run again from where it stood.
    const log = (await api<{ comment: string }>('GET', `/v1/jobs/${jobId}/comment`, guest.token)).data.comment;
    expect(log.match(/The server stopped during this job; it is run again\./g)?.length).toBe(KILLS);
  }, 600_000);
});
