import type { Migration } from 'kysely/migration';
import { type AnyDb, type DialectName, withIdColumn } from '../dialect';

/**
 * The parameter builder (issue 16, docs/decisions.md "The parameter builder"): the versions
 * a user saves of a tool draft (the draft as JSON: it is read and written whole), and the
 * tool versions submitted for review with their review state. A submission's files are a
 * folder under DATA_DIR/tool-submissions/<id> (tools are installed on the server's disk).
 */
export function toolBuilder(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withIdColumn(db.schema.createTable('tool_builder_versions'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('tool_id', 'varchar(100)', (c) => c.notNull())
        .addColumn('version', 'varchar(50)', (c) => c.notNull())
        .addColumn('note', 'varchar(200)', (c) => c.notNull())
        .addColumn('draft', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('tool_builder_versions_user_tool')
        .on('tool_builder_versions')
        .columns(['user_id', 'tool_id', 'id'])
        .execute();

      await withIdColumn(db.schema.createTable('tool_submissions'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('tool_id', 'varchar(100)', (c) => c.notNull())
        .addColumn('tool_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('version', 'varchar(50)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('test_status', 'varchar(16)', (c) => c.notNull())
        .addColumn('test_report', 'text', (c) => c.notNull())
        .addColumn('category', 'varchar(100)')
        .addColumn('reason', 'text')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('reviewed_at', 'varchar(32)')
        .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('tool_submissions_status').on('tool_submissions').columns(['status', 'id']).execute();
      await db.schema
        .createIndex('tool_submissions_tool')
        .on('tool_submissions')
        .columns(['tool_id', 'version'])
        .execute();
      await db.schema.createIndex('tool_submissions_user').on('tool_submissions').columns(['user_id', 'id']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('tool_submissions').execute();
      await db.schema.dropTable('tool_builder_versions').execute();
    },
  };
}
