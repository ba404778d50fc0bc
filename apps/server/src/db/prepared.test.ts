import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { preparedQuery, preparedShapes } from './prepared';

interface Schema {
  t: { id: number; owner: number; name: string };
}

const dbs: Kysely<Schema>[] = [];
async function database(): Promise<Kysely<Schema>> {
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  dbs.push(db);
  await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, owner INTEGER, name TEXT)`.execute(db);
  await db
    .insertInto('t')
    .values([1, 2, 3, 4, 5].map((id) => ({ id, owner: id % 2, name: `n${id}` })))
    .execute();
  return db;
}

afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.destroy()));
});

describe('preparedQuery', () => {
  it("builds and compiles once, then runs with each call's values, a value used twice included", async () => {
    const db = await database();
    let builds = 0;
    const query = preparedQuery(db, (v: { owner: number; limit: number }) => {
      builds++;
      return db
        .selectFrom('t')
        .select(['id', 'name'])
        .where((eb) => eb.or([eb('owner', '=', v.owner), eb('id', '=', v.owner)]))
        .orderBy('id')
        .limit(v.limit);
    });
    expect(await query({ owner: 1, limit: 10 })).toEqual([
      { id: 1, name: 'n1' },
      { id: 3, name: 'n3' },
      { id: 5, name: 'n5' },
    ]);
    expect(await query({ owner: 0, limit: 2 })).toEqual([
      { id: 2, name: 'n2' },
      { id: 4, name: 'n4' },
    ]);
    // No row has owner 4; the id comparison, bound to the same value, finds one.
    expect(await query({ owner: 4, limit: 10 })).toEqual([{ id: 4, name: 'n4' }]);
    expect(builds).toBe(1);
  });

  it('refuses a shape that does not bind a value it asked for, instead of running with a stand-in', async () => {
    const db = await database();
    const query = preparedQuery(db, (v: { owner: number; unused: string }) => {
      void v.unused;
      return db.selectFrom('t').select('id').where('owner', '=', v.owner);
    });
    await expect(query({ owner: 1, unused: 'x' })).rejects.toThrow('"unused" was not bound as a parameter');
  });
});

describe('preparedShapes', () => {
  it('makes one prepared query per shape, on first use', async () => {
    const db = await database();
    const made: string[] = [];
    const byOrder = preparedShapes((order: 'asc' | 'desc') => {
      made.push(order);
      return preparedQuery(db, (v: { owner: number }) =>
        db.selectFrom('t').select('id').where('owner', '=', v.owner).orderBy('id', order),
      );
    });
    expect(await byOrder('desc')({ owner: 1 })).toEqual([{ id: 5 }, { id: 3 }, { id: 1 }]);
    expect(await byOrder('asc')({ owner: 1 })).toEqual([{ id: 1 }, { id: 3 }, { id: 5 }]);
    expect(await byOrder('desc')({ owner: 0 })).toEqual([{ id: 4 }, { id: 2 }]);
    expect(made).toEqual(['desc', 'asc']);
  });
});
