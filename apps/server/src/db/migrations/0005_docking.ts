import type { Migration } from 'kysely/migration';
import { type AnyDb, type DialectName, withIdColumn } from '../dialect';

/**
 * Docking results: one row per retained pose of a ligand, or one FAILED row per
 * ligand that could not be docked. Ranks are computed when listing (best score
 * first), so a row needs no rank of its own.
 */
export function docking(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withIdColumn(db.schema.createTable('docking_results'), dialect)
        .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('ligand_index', 'integer', (c) => c.notNull())
        .addColumn('ligand_name', 'varchar(256)', (c) => c.notNull())
        .addColumn('pose', 'integer')
        .addColumn('score', 'double precision')
        .addColumn('file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
        .addColumn('protein_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
        .addColumn('complex_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('docking_results_job').on('docking_results').columns(['job_id', 'score']).execute();
      await db.schema
        .createIndex('docking_results_project')
        .on('docking_results')
        .columns(['project_id', 'score'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('docking_results').execute();
    },
  };
}
