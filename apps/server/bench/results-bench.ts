/**
 * The screening results table at scale (`npm run bench:results`): the server-side list,
 * histogram and counts over a screen of 10 ligands and of 100,000, while the job runs (ranks
 * counted) and once it has ended (ranks stored). Prints the mean time of each call (5 runs
 * after a warm-up); the goal is that 100,000 rows answer about as fast as 10 (well under the
 * 100 ms an API call may take).
 *
 *   npm run bench:results -- [--rows 100000] [--sqlite]
 *   node scripts/with-postgres.mjs npm run bench:results
 *
 * Prints figures; asserts nothing.
 */

import { ScreeningRepository } from '../src/modules/docking/screening/screening.repository';
import { histogramEdges } from '../src/modules/docking/screening/screening.service';
import { benchDatabase, screeningJob } from './bench-db';

const option = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ROWS = Number(option('rows') ?? 100_000);
const SQLITE = process.argv.includes('--sqlite') || !(process.env.DATABASE_URL ?? process.env.MEDX_TEST_PG_URL);

async function main() {
  const { db, cleanup } = await benchDatabase(SQLITE, 'results');
  try {
    const repo = new ScreeningRepository(db.kysely, db.dialect);
    console.log(`database: ${SQLITE ? 'SQLite' : 'PostgreSQL'}`);
    const table: Record<string, Record<string, string>> = {};
    for (const n of [10, ROWS]) {
      const { job, project } = await screeningJob(db, 'RUNNING');
      await repo.ensureJobState(job.id, project.id, new Date().toISOString());
      // Docked ligands with spread scores, weights, logP, checks and contacts.
      await repo.insertLigands(
        Array.from({ length: n }, (_, idx) => ({
          job_id: job.id,
          idx,
          name: `mol${(idx * 7919) % n}`,
          source_format: 'smi' as const,
          source: 'CCO',
          status: 'DONE' as const,
          score: -5 - ((idx * 31) % 1000) / 100,
          mw: 200 + (idx % 300),
          logp: (idx % 50) / 10,
          valid: idx % 3 ? 1 : 0,
          failed_checks: idx % 3 ? null : ' protein_clash ',
          residues: ` A:ASP${idx % 200} A:LEU83 `,
        })),
      );
      const pages = Math.ceil(n / 20);
      const calls: [string, () => Promise<unknown>][] = [
        ['first page by score', () => repo.list(job.id, {}, 'score', 'asc', 1, 20)],
        ['first page by name', () => repo.list(job.id, {}, 'name', 'asc', 1, 20)],
        ['last page by score', () => repo.list(job.id, {}, 'score', 'asc', pages, 20)],
        ['residue filter', () => repo.list(job.id, { residue: 'ASP86' }, 'score', 'asc', 1, 20)],
        ['valid + MW range', () => repo.list(job.id, { valid: true, mw_min: 300, mw_max: 400 }, 'score', 'asc', 1, 20)],
        ['histogram (24 bins)', () => repo.histogram(job.id, histogramEdges(-15, -5, 24))],
        ['counts', () => repo.counts(job.id)],
      ];
      for (const phase of ['running', 'ended'] as const) {
        if (phase === 'ended') await repo.writeRanks(job.id);
        for (const [label, call] of calls) {
          await call();
          const start = performance.now();
          for (let i = 0; i < 5; i++) await call();
          const key = `${label} (${phase})`;
          table[key] ??= {};
          table[key][`${n} rows`] = `${((performance.now() - start) / 5).toFixed(1)} ms`;
        }
      }
    }
    console.table(table);
  } finally {
    await db.destroy();
    await cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
