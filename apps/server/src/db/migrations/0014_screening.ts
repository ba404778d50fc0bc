import type { Migration } from 'kysely/migration';
import { type AnyDb, type DialectName, withIdColumn } from '../dialect';

/**
 * Virtual screening (issue 14, docs/decisions.md "Screening"): one row per ligand of a
 * library with its own status, written as it finishes, so a restarted job never docks a
 * finished ligand again; the best pose is kept in the row (a project file per ligand
 * would put a million rows in the Entry List's table). `screening_jobs` holds what a
 * screen knows as a whole: whether its library was read, the prepared receptor, the
 * enrichment once it ends.
 */
export function screening(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('screening_jobs')
        .addColumn('job_id', 'integer', (c) => c.primaryKey().references('jobs.id').onDelete('cascade'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enumerated', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('has_activity', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('receptor_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
        .addColumn('receptor_sha256', 'varchar(64)')
        .addColumn('staged', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enrichment', 'text')
        .addColumn('first_started_at', 'varchar(32)')
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await db.schema.createIndex('screening_jobs_staged').on('screening_jobs').columns(['staged']).execute();

      await withIdColumn(db.schema.createTable('screening_ligands'), dialect)
        .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
        .addColumn('idx', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(256)', (c) => c.notNull())
        .addColumn('source_format', 'varchar(8)', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('active', 'integer')
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('score', 'double precision')
        .addColumn('rank', 'integer')
        .addColumn('smiles', 'text')
        .addColumn('mw', 'double precision')
        .addColumn('logp', 'double precision')
        .addColumn('hbd', 'integer')
        .addColumn('hba', 'integer')
        .addColumn('rotatable_bonds', 'integer')
        .addColumn('heavy_atoms', 'integer')
        .addColumn('valid', 'integer')
        .addColumn('checks', 'text')
        .addColumn('failed_checks', 'varchar(256)')
        .addColumn('check_details', 'text')
        .addColumn('residues', 'text')
        .addColumn('pose_sdf', 'text')
        .addColumn('claim', 'varchar(64)')
        .addColumn('claimed_at', 'varchar(32)')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('finished_at', 'varchar(32)')
        .execute();
      await db.schema
        .createIndex('screening_ligands_job_idx')
        .on('screening_ligands')
        .columns(['job_id', 'idx'])
        .unique()
        .execute();
      await db.schema
        .createIndex('screening_ligands_job_status')
        .on('screening_ligands')
        .columns(['job_id', 'status', 'idx'])
        .execute();
      // The results table sorts and filters 100,000 rows on the server: one index per sort key,
      // each led by the job; status before score makes a rank (docked ligands with a better
      // score) an index-only range count.
      for (const [name, columns] of [
        ['screening_ligands_job_status_score', ['job_id', 'status', 'score']],
        ['screening_ligands_job_score', ['job_id', 'score']],
        ['screening_ligands_job_name', ['job_id', 'name']],
        ['screening_ligands_job_mw', ['job_id', 'mw']],
        ['screening_ligands_job_logp', ['job_id', 'logp']],
        ['screening_ligands_job_rank', ['job_id', 'rank']],
      ] as const) {
        await db.schema
          .createIndex(name)
          .on('screening_ligands')
          .columns([...columns])
          .execute();
      }
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('screening_ligands').execute();
      await db.schema.dropTable('screening_jobs').execute();
    },
  };
}
