import type SQLite from 'better-sqlite3';

type Row = Record<string, unknown>;
type RowOf = (values: unknown[]) => Row;

/**
 * A function that turns one raw row (better-sqlite3's `raw` mode: an array of the column values)
 * into the object better-sqlite3 itself would have made: the same keys in the same order, a later
 * column of the same name winning. Generated as one object literal per column list, so that V8
 * gives every row of a statement the same shape from the start. The names are written as JSON
 * string literals: whatever a column is called, it can only ever be a property key.
 */
function rowBuilder(names: string[]): RowOf {
  const properties = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ');
  return new Function('values', `return { ${properties} };`) as RowOf;
}

/**
 * Makes a reading statement build its row objects in JavaScript instead of in better-sqlite3's
 * native code. better-sqlite3 makes each row by setting its properties one at a time through V8's
 * C++ API, which costs more than the query: a page of 20 files (18 columns) took 85 µs to read as
 * objects and 49 µs as arrays plus this builder (bench:api's listing load; measured in session 16,
 * docs/decisions.md "Rows built in JavaScript"). `all`, `get` and `iterate` answer exactly what they
 * answered before. A caller that picks a row mode of its own (`raw`, `pluck`, `expand`) gets
 * that mode, untouched.
 */
export function buildRowsInJs(statement: SQLite.Statement): void {
  if (!statement.reader) return;
  const all = statement.all.bind(statement);
  const get = statement.get.bind(statement);
  const iterate = statement.iterate.bind(statement);
  let names = statement.columns().map((c) => c.name);
  let rowOf = rowBuilder(names);
  let ours = true;
  // A `SELECT *` of a statement SQLite re-prepared after a schema change made elsewhere can come
  // back with another column count: the names are read again then.
  const toRow = (values: unknown[]): Row => {
    if (values.length !== names.length) {
      names = statement.columns().map((c) => c.name);
      rowOf = rowBuilder(names);
    }
    return rowOf(values);
  };
  statement.raw(true);
  for (const mode of ['raw', 'pluck', 'expand'] as const) {
    const set = statement[mode].bind(statement);
    statement[mode] = ((...toggle: [boolean?]) => {
      ours = false;
      return set(...toggle);
    }) as never;
  }
  statement.all = ((...params: unknown[]) => {
    const rows = all(...params) as unknown[];
    return ours ? (rows as unknown[][]).map(toRow) : rows;
  }) as typeof statement.all;
  statement.get = ((...params: unknown[]) => {
    const values = get(...params);
    return ours && values !== undefined ? toRow(values as unknown[]) : values;
  }) as typeof statement.get;
  statement.iterate = ((...params: unknown[]) => {
    const rows = iterate(...params) as IterableIterator<unknown>;
    if (!ours) return rows;
    // The statement's own iterator, so `return()` still ends the query and frees the statement.
    return {
      next: () => {
        const step = rows.next();
        return step.done ? step : { done: false, value: toRow(step.value as unknown[]) };
      },
      return: (value?: unknown) => rows.return?.(value) ?? { done: true, value },
      [Symbol.iterator]() {
        return this;
      },
    };
  }) as typeof statement.iterate;
}
