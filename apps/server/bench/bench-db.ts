/**
 * A database for the screening benchmarks (bench:claims, bench:results): a fresh SQLite file,
 * or PostgreSQL from DATABASE_URL, else a fresh database in the throwaway cluster of
 * scripts/with-postgres.mjs (MEDX_TEST_PG_URL). Migrated, with one user, project and job.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Db, migrateToLatest, openDatabase } from '../src/db/database';

export async function benchDatabase(
  sqlite: boolean,
  name: string,
): Promise<{ db: Db; url?: string; cleanup: () => Promise<void> }> {
  if (sqlite) {
    const dir = mkdtempSync(join(tmpdir(), `medx-${name}-`));
    const db = openDatabase({ dataDir: dir });
    await migrateToLatest(db);
    return { db, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = process.env.DATABASE_URL ?? process.env.MEDX_TEST_PG_URL;
  if (!admin)
    throw new Error('No PostgreSQL: set DATABASE_URL, run under scripts/with-postgres.mjs, or pass --sqlite.');
  if (process.env.DATABASE_URL) {
    const db = openDatabase({ databaseUrl: admin, dataDir: '.' });
    await migrateToLatest(db);
    return { db, url: admin, cleanup: async () => {} };
  }
  const database = `medx_${name}_${Date.now()}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await query(`CREATE DATABASE ${database}`);
  const url = new URL(admin);
  url.pathname = `/${database}`;
  const db = openDatabase({ databaseUrl: url.toString(), dataDir: '.' });
  await migrateToLatest(db);
  return { db, url: url.toString(), cleanup: () => query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`) };
}

/** A user, a project and a SCREENING job row in that status. */
export async function screeningJob(
  db: Db,
  status: 'RUNNING' | 'FINISHED',
): Promise<{ job: { id: number }; project: { id: number } }> {
  const now = new Date().toISOString();
  const user = await db.kysely
    .insertInto('users')
    .values({
      username: 'bench',
      user_type: 'GUEST',
      email: null,
      phone: null,
      region: null,
      password_hash: null,
      identity: null,
      organization: null,
      research_field: null,
      source: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const project = await db.kysely
    .insertInto('projects')
    .values({
      project_name: 'bench',
      creator_id: user.id,
      is_shared: 0,
      share_code: null,
      share_type: null,
      share_id: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const job = await db.kysely
    .insertInto('jobs')
    .values({
      project_id: project.id,
      user_id: user.id,
      job_type: 'SCREENING',
      job_name: 'bench',
      status,
      params: '{}',
      log: '',
      created_at: now,
      attempts: 1,
      provenance: null,
      error: null,
      progress_done: null,
      progress_total: null,
      runner_id: null,
      heartbeat_at: null,
      started_at: now,
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { job, project };
}
