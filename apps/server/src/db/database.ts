import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { DialectName } from './dialect';
import { migrationProvider } from './migrations/index';
import type { Database } from './schema';
import { cacheStatements } from './statement-cache';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  destroy(): Promise<void>;
}

/** SQLite file under DATA_DIR by default; PostgreSQL when DATABASE_URL is set. */
export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle pooled connection that the server ends (restart, failover, a dropped test
    // database) emits 'error' on the pool; unhandled, that would take the whole process
    // down. The pool discards that client and opens a new one on the next query.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', destroy: () => kysely.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(join(options.dataDir, 'medx.sqlite'));
  // WAL lets readers proceed while a writer commits; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  cacheStatements(sqlite);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', destroy: () => kysely.destroy() };
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider: migrationProvider(db.dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
