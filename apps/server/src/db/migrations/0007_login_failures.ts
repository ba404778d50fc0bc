import type { Migration } from 'kysely/migration';
import type { AnyDb, DialectName } from '../dialect';

/**
 * Wrong passwords per (account, client address): the login backoff. Keyed on the
 * account text as typed (normalised), not on a user id, so an unknown account backs
 * off exactly like a real one and the answers reveal nothing.
 */
export function loginFailures(_dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('login_failures')
        .addColumn('account', 'varchar(160)', (c) => c.notNull())
        .addColumn('client', 'varchar(64)', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('last_failed_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('blocked_until', 'varchar(32)')
        .addPrimaryKeyConstraint('login_failures_pk', ['account', 'client'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('login_failures').execute();
    },
  };
}
