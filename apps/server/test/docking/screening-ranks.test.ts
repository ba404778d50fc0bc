import type { AuthResult } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScreeningRepository } from '../../src/modules/docking/screening/screening.repository';
import { createProject, createTestApp, guestLogin, type TestApp } from '../support/test-app';

/**
 * Ranks of a screen that is still running (no stored rank yet): counted for the listed page
 * in one pass over the docked ligands, on SQLite and on PostgreSQL. Ligand rows are written
 * directly: the subject is the ranking, not the docking.
 */
let t: TestApp;
let guest: AuthResult;
let repo: ScreeningRepository;
let jobId: number;
// Ties on purpose (-7.5 three times, -9.25 twice); failed and pending ligands have no rank.
const SCORES = [-7.5, -9.25, -6.1, -7.5, -11.2, null, -8.05, -5.5, -9.25, -7.5, -10.4, -6.6, null, -8.8, -4.9];
const statusOf = (i: number) => (SCORES[i] === null ? (i % 2 ? 'FAILED' : 'PENDING') : 'DONE');
const docked = SCORES.filter((s): s is number => s !== null);
const expectedRank = (score: number) => 1 + docked.filter((s) => s < score).length;

beforeAll(async () => {
  t = await createTestApp();
  guest = await guestLogin(t);
  const projectId = await createProject(t, guest.token, 'Ranks');
  const now = t.clock.now().toISOString();
  const job = await t.db.kysely
    .insertInto('jobs')
    .values({
      project_id: projectId,
      user_id: guest.user.id,
      job_type: 'SCREENING',
      job_name: 'ranks',
      status: 'RUNNING',
      params: '{}',
      provenance: null,
      log: '',
      error: null,
      progress_done: null,
      progress_total: null,
      attempts: 1,
      runner_id: null,
      heartbeat_at: null,
      created_at: now,
      started_at: now,
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  jobId = job.id;
  await t.db.kysely
    .insertInto('screening_ligands')
    .values(
      SCORES.map((score, idx) => ({
        job_id: jobId,
        idx,
        // Names sort in another order than the scores: a page by name mixes good and bad scores.
        name: `lig-${String.fromCharCode(97 + ((idx * 7) % SCORES.length))}`,
        source_format: 'smi' as const,
        source: 'C',
        status: statusOf(idx),
        score,
      })),
    )
    .execute();
  repo = new ScreeningRepository(t.db.kysely, t.db.dialect);
});
afterAll(() => t?.close());

describe('ranks while a screen runs', () => {
  it('gives every docked ligand of every page 1 + the number scoring better (ties share a rank)', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const { total, items } = await repo.list(jobId, {}, 'name', 'asc', page, 6);
      expect(total).toBe(SCORES.length);
      for (const item of items) {
        seen.push(item.idx);
        expect(item.rank, `${item.name} (${item.score})`).toBe(item.score === null ? null : expectedRank(item.score));
      }
    }
    expect(seen.sort((a, b) => a - b)).toEqual(SCORES.map((_, i) => i));
  });

  it('keeps the job-wide rank under a filter', async () => {
    const { items } = await repo.list(jobId, { score_min: -8, score_max: -7 }, 'score', 'asc', 1, 10);
    expect(items.map((i) => i.score)).toEqual([-7.5, -7.5, -7.5]);
    expect(items.map((i) => i.rank)).toEqual([1, 2, 3].map(() => expectedRank(-7.5)));
  });

  it('gives the same ranks once they are stored at the end', async () => {
    const counted = (await repo.list(jobId, {}, 'index', 'asc', 1, 50)).items.map((i) => i.rank);
    await repo.writeRanks(jobId);
    const stored = (await repo.list(jobId, {}, 'index', 'asc', 1, 50)).items.map((i) => i.rank);
    expect(stored).toEqual(counted);
    expect(stored).toEqual(SCORES.map((s) => (s === null ? null : expectedRank(s))));
  });
});
