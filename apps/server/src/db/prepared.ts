import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** Stands for a value given at each run; compiled as an ordinary bound parameter. */
class Slot {
  constructor(readonly key: string) {}
}

/**
 * A query built and compiled once, then run with new values (issue 9, bench:api). Kysely
 * builds an immutable node tree and compiles it to SQL on every call; on the hottest paths
 * (a session per request, a listing and its access check) that cost more CPU than SQLite
 * running the query. `build` receives stand-ins for the values: each one must end up as a
 * bound parameter (a comparison, `limit`, `offset`), never as SQL text or inside a list, and
 * the first run checks that every stand-in it handed out was bound, so a shape that inlines
 * one fails loudly instead of running with a stand-in object as its value.
 *
 * The compiled text belongs to the database it was built on (SQLite `?`, PostgreSQL `$1`):
 * make one per repository instance.
 */
export function preparedQuery<DB, P extends object, R>(
  db: Kysely<DB>,
  build: (values: P) => Compilable<R>,
): (values: P) => Promise<R[]> {
  let compiled: CompiledQuery<R> | null = null;
  let keys: (string | null)[] = [];
  const compile = (): CompiledQuery<R> => {
    const handedOut = new Map<string, Slot>();
    const stand = new Proxy({} as P, {
      get: (_target, key) => {
        if (typeof key !== 'string') return undefined;
        const slot = handedOut.get(key) ?? new Slot(key);
        handedOut.set(key, slot);
        return slot;
      },
    });
    const query = build(stand).compile();
    keys = query.parameters.map((p) => (p instanceof Slot ? p.key : null));
    for (const key of handedOut.keys()) {
      if (!keys.includes(key)) throw new Error(`preparedQuery: "${key}" was not bound as a parameter`);
    }
    return query;
  };
  return async (values: P) => {
    compiled ??= compile();
    const given = values as Record<string, unknown>;
    const parameters = compiled.parameters.map((p, i) => {
      const key = keys[i];
      return key === null || key === undefined ? p : given[key];
    });
    // Without plugins a query id carries nothing between hooks, so the compiled one is reused.
    const { rows } = await db.executeQuery<R>({ ...compiled, parameters });
    return rows;
  };
}

/**
 * Prepared queries of several shapes (a sort column, a scope): one compiled query per shape,
 * made on first use. Shapes must be few and fixed (enum values), never user text.
 */
export function preparedShapes<S, P extends object, R>(
  make: (shape: S) => (values: P) => Promise<R[]>,
): (shape: S) => (values: P) => Promise<R[]> {
  const made = new Map<S, (values: P) => Promise<R[]>>();
  return (shape) => {
    const query = made.get(shape) ?? make(shape);
    made.set(shape, query);
    return query;
  };
}
