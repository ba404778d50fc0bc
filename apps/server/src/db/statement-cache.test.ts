import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cacheStatements } from './statement-cache';

describe('cacheStatements', () => {
  it('hands out one statement per SQL text, a fresh one while it is busy, and evicts the least recently used', () => {
    const db = new SQLite(':memory:');
    cacheStatements(db, 2);
    db.exec('CREATE TABLE t (v INTEGER)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    for (let v = 1; v <= 3; v++) db.prepare('INSERT INTO t (v) VALUES (?)').run(v);
    expect(db.prepare('INSERT INTO t (v) VALUES (?)')).toBe(insert);
    const select = 'SELECT v FROM t ORDER BY v';
    const iterator = db.prepare(select).iterate() as IterableIterator<{ v: number }>;
    expect(iterator.next().value).toEqual({ v: 1 });
    // The cached statement is mid-iteration: a second use gets its own statement.
    expect(db.prepare(select).all()).toEqual([{ v: 1 }, { v: 2 }, { v: 3 }]);
    expect(iterator.next().value).toEqual({ v: 2 });
    iterator.return?.();
    db.prepare('SELECT 1');
    db.prepare('SELECT 2');
    // Two newer texts pushed the INSERT out of a cache of two.
    expect(db.prepare('INSERT INTO t (v) VALUES (?)')).not.toBe(insert);
    db.close();
  });
});
