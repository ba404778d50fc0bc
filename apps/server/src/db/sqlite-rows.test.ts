import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { buildRowsInJs } from './sqlite-rows';
import { cacheStatements } from './statement-cache';

function database(): SQLite.Database {
  const db = new SQLite(':memory:');
  db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL, data BLOB, note TEXT);
    INSERT INTO t VALUES (1, 'a', 1.5, x'0102', NULL), (2, 'b', -2, NULL, 'n'), (3, 'c', 0, NULL, NULL);`);
  return db;
}

/** The same SQL on a plain connection and on one whose rows are built in JavaScript. */
function both(sql: string): { native: SQLite.Statement; ours: SQLite.Statement } {
  const ours = database().prepare(sql);
  buildRowsInJs(ours);
  return { native: database().prepare(sql), ours };
}

describe('buildRowsInJs', () => {
  it('answers all, get and iterate exactly as better-sqlite3 does: keys, order, types, nulls, blobs', () => {
    const sql = 'SELECT * FROM t WHERE id >= ? ORDER BY id';
    const { native, ours } = both(sql);
    const rows = ours.all(1) as Record<string, unknown>[];
    expect(rows).toEqual(native.all(1));
    expect(rows.map((r) => Object.keys(r))).toEqual((native.all(1) as object[]).map((r) => Object.keys(r)));
    expect(rows[0]!.data).toBeInstanceOf(Buffer);
    expect(ours.get(2)).toEqual(native.get(2));
    expect(ours.get(9)).toBeUndefined();
    expect([...(ours.iterate(2) as Iterable<unknown>)]).toEqual([...(native.iterate(2) as Iterable<unknown>)]);
  });

  it('lets a later column of the same name win, and takes any column name as a key only', () => {
    const sql = `SELECT id AS x, name AS x, 7 AS "a""b", 8 AS "}); throw new Error('no'); ({", 9 AS "__proto__" FROM t WHERE id = 1`;
    const { native, ours } = both(sql);
    expect(ours.all()).toEqual(native.all());
    // "__proto__" sets no property, as with better-sqlite3's own rows.
    expect(ours.get()).toEqual({ x: 'a', 'a"b': 7, "}); throw new Error('no'); ({": 8 });
    expect(Object.keys(ours.get() as object)).toEqual(Object.keys(native.get() as object));
  });

  it('ends the query when an iteration stops early, so the statement can run again', () => {
    const { ours } = both('SELECT id FROM t ORDER BY id');
    const iterator = ours.iterate() as IterableIterator<{ id: number }>;
    expect(iterator.next().value).toEqual({ id: 1 });
    expect(ours.busy).toBe(true);
    iterator.return?.();
    expect(ours.busy).toBe(false);
    expect(ours.all()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it('leaves a row mode the caller chose (pluck, raw) and writing statements as they were', () => {
    const { ours } = both('SELECT id, name FROM t ORDER BY id');
    expect(ours.pluck().all()).toEqual([1, 2, 3]);
    expect(ours.raw().all()).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    const db = database();
    const insert = db.prepare('INSERT INTO t (name) VALUES (?)');
    buildRowsInJs(insert);
    expect(insert.run('d').changes).toBe(1);
  });
});

describe('cacheStatements with rows built in JavaScript', () => {
  it('reads new columns after a schema change made through the connection', () => {
    const db = database();
    cacheStatements(db);
    const select = 'SELECT * FROM t WHERE id = ?';
    expect(Object.keys(db.prepare(select).get(1) as object)).toEqual(['id', 'name', 'score', 'data', 'note']);
    db.prepare('ALTER TABLE t RENAME COLUMN note TO remark').run();
    db.prepare('ALTER TABLE t ADD COLUMN extra INTEGER DEFAULT 5').run();
    expect(db.prepare(select).get(1)).toEqual({
      id: 1,
      name: 'a',
      score: 1.5,
      data: Buffer.from([1, 2]),
      remark: null,
      extra: 5,
    });
  });

  it('reads the columns again when a schema change made elsewhere changes their number', () => {
    const db = database();
    const select = db.prepare('SELECT * FROM t WHERE id = 2');
    buildRowsInJs(select);
    expect(select.get()).toEqual({ id: 2, name: 'b', score: -2, data: null, note: 'n' });
    // exec does not go through prepare: SQLite re-prepares the statement, the cache is not told.
    db.exec('ALTER TABLE t ADD COLUMN extra INTEGER DEFAULT 5');
    expect(select.get()).toEqual({ id: 2, name: 'b', score: -2, data: null, note: 'n', extra: 5 });
  });
});
