/**
 * The ceiling of the screening queue (`npm run bench:claims`): how many chunk claims per second
 * the database sustains when many workers claim at once, before it becomes the limit. W workers
 * (default 100) run in this process, each with its own connection, each claiming chunks of the
 * same screen exactly as `medx worker` does (ScreeningRepository.claim: FOR UPDATE SKIP LOCKED
 * on PostgreSQL) and writing every ligand's result under its claim (finish), with a no-op
 * instead of docking. Prints claims/s, ligands/s and the p50/p99 latency of a claim and of a
 * write, and checks that every ligand was written exactly once.
 *
 *   node scripts/with-postgres.mjs npm run bench:claims -- [--workers 100] [--ligands 20000] [--chunk 4]
 *   npm run bench:claims -- --sqlite          (the embedded default, one writer at a time)
 *
 * PostgreSQL comes from DATABASE_URL, else the throwaway cluster of scripts/with-postgres.mjs
 * (MEDX_TEST_PG_URL; a fresh database is made in it). Prints figures; asserts nothing.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../src/db/database';
import type { Database } from '../src/db/schema';
import { ScreeningRepository } from '../src/modules/docking/screening/screening.repository';
import { benchDatabase, screeningJob } from './bench-db';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const WORKERS = Number(option('workers') ?? 100);
const LIGANDS = Number(option('ligands') ?? 20_000);
const CHUNK = Number(option('chunk') ?? 4);
const SQLITE = process.argv.includes('--sqlite');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main() {
  const { db, url, cleanup } = await benchDatabase(SQLITE, 'claims');
  try {
    await migrateToLatest(db);
    const now = new Date().toISOString();
    const { job, project } = await screeningJob(db, 'RUNNING');
    const repo = new ScreeningRepository(db.kysely, db.dialect);
    await repo.ensureJobState(job.id, project.id, now);
    const rows = Array.from({ length: LIGANDS }, (_, idx) => ({
      job_id: job.id,
      idx,
      name: `m${idx}`,
      source_format: 'smi' as const,
      source: 'CCO',
      status: 'PENDING' as const,
    }));
    await repo.insertLigands(rows);

    // Each simulated worker has a connection of its own, as a worker machine would.
    const pools: Kysely<Database>[] = [];
    const repoFor = (): ScreeningRepository => {
      if (!url) return repo;
      const kysely = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
      });
      pools.push(kysely);
      return new ScreeningRepository(kysely, 'postgres');
    };
    const claimMs: number[] = [];
    const writeMs: number[] = [];
    let claims = 0;
    let written = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: SQLITE ? Math.min(WORKERS, 8) : WORKERS }, async (_, w) => {
        const mine = repoFor();
        for (let n = 1; ; n++) {
          const t0 = performance.now();
          const chunk = await mine.claim(job.id, `w${w}:${n}`, CHUNK, new Date().toISOString());
          claimMs.push(performance.now() - t0);
          if (chunk.length === 0) {
            if (await mine.nothingToClaim(job.id)) return;
            continue;
          }
          claims++;
          for (const ligand of chunk) {
            const t1 = performance.now();
            const ok = await mine.finish(
              job.id,
              ligand.idx,
              `w${w}:${n}`,
              { status: 'DONE', score: -5 },
              new Date().toISOString(),
            );
            writeMs.push(performance.now() - t1);
            if (ok) written++;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const counts = await repo.counts(job.id);
    for (const p of pools) await p.destroy();
    console.log(`database: ${SQLITE ? 'SQLite (embedded default; 8 workers: one writer at a time)' : 'PostgreSQL'}`);
    console.log(
      `workers ${SQLITE ? Math.min(WORKERS, 8) : WORKERS}, ligands ${LIGANDS}, chunk ${CHUNK}, no-op docking`,
    );
    console.log(
      `wall ${seconds.toFixed(1)} s: ${(claims / seconds).toFixed(0)} chunk claims/s, ${(written / seconds).toFixed(0)} ligand writes/s`,
    );
    console.log(
      `claim latency p50 ${percentile(claimMs, 50).toFixed(1)} ms, p99 ${percentile(claimMs, 99).toFixed(1)} ms`,
    );
    console.log(
      `write latency p50 ${percentile(writeMs, 50).toFixed(1)} ms, p99 ${percentile(writeMs, 99).toFixed(1)} ms`,
    );
    console.log(
      `every ligand written once: ${written === LIGANDS && counts.DONE === LIGANDS ? 'yes' : `NO (${written} writes, ${counts.DONE} done)`}`,
    );
    // Vina docks a drug-like ligand in ~10-60 s per core: at p99 claim latency L the queue
    // keeps up with this many single-core workers before claims become the limit.
    const perLigand = 10;
    console.log(
      `ceiling at ${perLigand} s per ligand per core: ~${Math.round((written / seconds) * perLigand)} busy cores`,
    );
  } finally {
    await db.destroy();
    await cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
