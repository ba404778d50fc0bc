import type { Migration } from 'kysely/migration';
import type { AnyDb, DialectName } from '../dialect';

/** The admin area's feedback inbox (issue 15): when an admin marked a message handled, and who. */
export function feedbackHandled(_dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('feedback').addColumn('handled_at', 'varchar(32)').execute();
      await db.schema
        .alterTable('feedback')
        .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('feedback_inbox').on('feedback').columns(['handled_at', 'id']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('feedback_inbox').execute();
      await db.schema.alterTable('feedback').dropColumn('handled_by').execute();
      await db.schema.alterTable('feedback').dropColumn('handled_at').execute();
    },
  };
}
