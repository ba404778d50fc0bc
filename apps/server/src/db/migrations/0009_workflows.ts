import type { Migration } from 'kysely/migration';
import { type AnyDb, type DialectName, withIdColumn } from '../dialect';

/**
 * Workflows: workflows users imported (the normalized model as JSON; built-in ones are
 * files of the repository), invocations with a snapshot of the workflow they run, the
 * state of each step, the jobs each step submitted, and a user's workflows policy.
 */
export function workflows(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('workflows')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('workflows_user').on('workflows').column('user_id').execute();
      await withIdColumn(db.schema.createTable('workflow_invocations'), dialect)
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('workflow_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('workflow_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('job_name', 'varchar(128)')
        .addColumn('state', 'varchar(20)', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('request', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('finished_at', 'varchar(32)')
        .execute();
      await db.schema
        .createIndex('workflow_invocations_project')
        .on('workflow_invocations')
        .columns(['project_id', 'created_at'])
        .execute();
      await db.schema.createIndex('workflow_invocations_state').on('workflow_invocations').column('state').execute();
      await db.schema
        .createTable('workflow_invocation_steps')
        .addColumn('invocation_id', 'integer', (c) =>
          c.notNull().references('workflow_invocations.id').onDelete('cascade'),
        )
        .addColumn('step_index', 'integer', (c) => c.notNull())
        .addColumn('state', 'varchar(20)', (c) => c.notNull())
        .addColumn('outputs', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('error', 'text')
        .addPrimaryKeyConstraint('workflow_invocation_steps_pk', ['invocation_id', 'step_index'])
        .execute();
      await db.schema
        .createTable('workflow_step_jobs')
        .addColumn('job_id', 'integer', (c) => c.primaryKey().references('jobs.id').onDelete('cascade'))
        .addColumn('invocation_id', 'integer', (c) =>
          c.notNull().references('workflow_invocations.id').onDelete('cascade'),
        )
        .addColumn('step_index', 'integer', (c) => c.notNull())
        .addColumn('element_index', 'integer', (c) => c.notNull())
        .addUniqueConstraint('workflow_step_jobs_element', ['invocation_id', 'step_index', 'element_index'])
        .execute();
      await db.schema.alterTable('users').addColumn('workflows_policy', 'text').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('users').dropColumn('workflows_policy').execute();
      await db.schema.dropTable('workflow_step_jobs').execute();
      await db.schema.dropTable('workflow_invocation_steps').execute();
      await db.schema.dropTable('workflow_invocations').execute();
      await db.schema.dropTable('workflows').execute();
    },
  };
}
