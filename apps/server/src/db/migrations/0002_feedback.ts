import type { Migration } from 'kysely/migration';
import { type AnyDb, type DialectName, withIdColumn } from '../dialect';

/** Feedback messages sent from the sidebar's Feedback form. */
export function feedback(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withIdColumn(db.schema.createTable('feedback'), dialect)
        // Kept when the user is purged: the message is about the product, not the account.
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('feedback').execute();
    },
  };
}
