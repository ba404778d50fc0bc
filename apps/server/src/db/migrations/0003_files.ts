import type { Migration } from 'kysely/migration';
import { type AnyDb, type DialectName, withIdColumn } from '../dialect';

/** Project files (entries), their groups, and the resumable uploads that become files. */
export function files(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withIdColumn(db.schema.createTable('file_groups'), dialect)
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('file_groups_project').on('file_groups').column('project_id').execute();

      await withIdColumn(db.schema.createTable('files'), dialect)
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('group_id', 'integer', (c) => c.references('file_groups.id').onDelete('set null'))
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('ext', 'varchar(16)', (c) => c.notNull())
        .addColumn('file_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('source_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('storage_key', 'varchar(512)', (c) => c.notNull().unique())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
        .addColumn('is_show_entry', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_job_result', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('job_id', 'integer')
        .addColumn('description', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('files_project_created').on('files').columns(['project_id', 'created_at']).execute();
      await db.schema.createIndex('files_group').on('files').column('group_id').execute();

      await db.schema
        .createTable('uploads')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('filename', 'varchar(255)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of ['uploads', 'files', 'file_groups']) await db.schema.dropTable(table).execute();
    },
  };
}
