import type SQLite from 'better-sqlite3';
import { buildRowsInJs } from './sqlite-rows';

const SCHEMA_CHANGE = /^\s*(?:create|alter|drop)\b/i;

/**
 * Reuses prepared statements by SQL text. Kysely's SQLite driver prepares every query
 * anew; under bench:api's listing load preparing took as much CPU as running the
 * queries (3.4 s against 3.9 s of a 25 s profile). Kysely's queries are built from a
 * fixed set of shapes with bound parameters, so the SQL texts repeat. A statement that
 * is busy (an iterator still open over it) is never handed out twice: a fresh one is.
 * SQLite re-prepares a cached statement itself when the schema changes (migrations); the
 * column names its rows are built from (sqlite-rows.ts) are not, so a statement that changes
 * the schema empties the cache.
 */
export function cacheStatements(db: SQLite.Database, max = 500): void {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, SQLite.Statement>();
  db.prepare = ((source: string) => {
    const cached = cache.get(source);
    if (cached && !cached.busy) {
      // Most recently used last, so the first key is the one to evict.
      cache.delete(source);
      cache.set(source, cached);
      return cached;
    }
    const statement = prepare(source);
    if (SCHEMA_CHANGE.test(source)) {
      cache.clear();
      return statement;
    }
    buildRowsInJs(statement);
    if (!cached) {
      cache.set(source, statement);
      if (cache.size > max) cache.delete(cache.keys().next().value as string);
    }
    return statement;
  }) as typeof db.prepare;
}
