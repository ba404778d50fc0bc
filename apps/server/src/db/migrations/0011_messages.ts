import type { Migration } from 'kysely/migration';
import { type AnyDb, type DialectName, withIdColumn } from '../dialect';

/**
 * News (issue 15, docs/decisions.md "News"): admins' notices and version notes (user_id
 * null: for everyone, both languages in their own columns) and each user's event
 * notifications (user_id set, rendered from event_kind and event_params in the reader's
 * language). message_acks records who has read what, for both.
 */
export function messages(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withIdColumn(db.schema.createTable('messages'), dialect)
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('title_en', 'text')
        .addColumn('title_zh', 'text')
        .addColumn('content_en', 'text')
        .addColumn('content_zh', 'text')
        .addColumn('event_kind', 'varchar(32)')
        .addColumn('event_params', 'text')
        .addColumn('link', 'varchar(500)')
        .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('published_at', 'varchar(32)')
        .addColumn('withdrawn_at', 'varchar(32)')
        .execute();
      // A reader's list: its own events and the published messages for everyone, by type.
      await db.schema.createIndex('messages_reader').on('messages').columns(['user_id', 'type', 'status']).execute();
      await db.schema
        .createTable('message_acks')
        .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('acked_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('message_acks_pk', ['message_id', 'user_id'])
        .execute();
      await db.schema.createIndex('message_acks_user').on('message_acks').column('user_id').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('message_acks').execute();
      await db.schema.dropTable('messages').execute();
    },
  };
}
