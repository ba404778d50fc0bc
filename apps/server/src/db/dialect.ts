import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

/**
 * Every difference between SQLite and PostgreSQL lives here, so services and
 * repositories are written once.
 */
export type DialectName = 'sqlite' | 'postgres';

/** An auto-incrementing integer primary key in either dialect. */
export function withIdColumn<T extends string>(
  builder: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? builder.addColumn('id', 'serial', (c: ColumnDefinitionBuilder) => c.primaryKey())
    : builder.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}

/** COUNT(*) comes back as a string from pg (bigint) and a number from SQLite. */
export function toCount(value: string | number | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

// biome-ignore lint/suspicious/noExplicitAny: the migration helpers work on any schema.
export type AnyDb = Kysely<any>;
