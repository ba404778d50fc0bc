import type { Migration } from 'kysely/migration';
import { type AnyDb, type DialectName, withIdColumn } from '../dialect';

/**
 * Med View (issue 12): access keys of the remote state addresses, remote states and the
 * project viewer session. The objects live in storage; these rows describe them.
 *
 * viewer_states and viewer_sessions carry no foreign key to projects on purpose: when a
 * project goes (the guest purge deletes projects by cascade) its rows stay behind, and the
 * viewer feature's sweep deletes their objects and then the rows (a cascade would drop the
 * rows and leave the objects with nothing naming them). Project ids are never reused.
 */
export function viewerStates(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withIdColumn(db.schema.createTable('viewer_state_keys'), dialect)
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('viewer_state_keys_holder')
        .on('viewer_state_keys')
        .columns(['project_id', 'user_id'])
        .execute();
      // id orders the list as uploaded (equal timestamps included); state_id is Mol*'s id, a UUID.
      await withIdColumn(db.schema.createTable('viewer_states'), dialect)
        .addColumn('state_id', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('play_on_load', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('storage_key', 'varchar(1024)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('viewer_states_project').on('viewer_states').columns(['project_id', 'id']).execute();
      await db.schema
        .createTable('viewer_sessions')
        .addColumn('project_id', 'integer', (c) => c.primaryKey())
        .addColumn('etag', 'varchar(64)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('storage_key', 'varchar(1024)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('viewer_sessions').execute();
      await db.schema.dropTable('viewer_states').execute();
      await db.schema.dropTable('viewer_state_keys').execute();
    },
  };
}
