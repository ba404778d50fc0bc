import type { Migration } from 'kysely/migration';
import type { AnyDb, DialectName } from '../dialect';

/**
 * Galaxy tools: the job space (project files imported for tool jobs, each under a random
 * galaxy_file_id, spec §7) and a user's tools policy as an admin set it (null: the default
 * of the user's type; JSON of 'MENUS', true, false or a list of denied tool ids).
 */
export function tools(_dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('job_space_items')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('job_space_items_file').on('job_space_items').column('file_id').execute();
      await db.schema.alterTable('users').addColumn('tools_policy', 'text').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('users').dropColumn('tools_policy').execute();
      await db.schema.dropTable('job_space_items').execute();
    },
  };
}
