import type { Migration } from 'kysely/migration';
import { type AnyDb, type DialectName, withIdColumn } from '../dialect';

/** Jobs: the database row is the single source of truth for a job's state. */
export function jobs(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withIdColumn(db.schema.createTable('jobs'), dialect)
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('job_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('job_name', 'varchar(128)')
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('provenance', 'text')
        .addColumn('log', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('error', 'text')
        .addColumn('progress_done', 'integer')
        .addColumn('progress_total', 'integer')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('runner_id', 'varchar(64)')
        .addColumn('heartbeat_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('started_at', 'varchar(32)')
        .addColumn('finished_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('jobs_project_created').on('jobs').columns(['project_id', 'created_at']).execute();
      await db.schema.createIndex('jobs_status').on('jobs').column('status').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('jobs').execute();
    },
  };
}
