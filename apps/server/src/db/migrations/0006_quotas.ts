import type { Migration } from 'kysely/migration';
import type { AnyDb, DialectName } from '../dialect';

/**
 * Quotas (docs/decisions.md "Quotas"): a user's storage quota set by an admin (null: the
 * default of the user's type), and the length an unfinished upload declared, which is
 * reserved against its project owner's quota until the upload becomes files or is swept.
 */
export function quotas(_dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('users').addColumn('storage_quota_bytes', 'bigint').execute();
      await db.schema.alterTable('uploads').addColumn('upload_length', 'bigint').execute();
      // Usage sums the uploads of an owner's projects and counts a user's active jobs.
      await db.schema.createIndex('uploads_project').on('uploads').column('project_id').execute();
      await db.schema.createIndex('jobs_user_status').on('jobs').columns(['user_id', 'status']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('jobs_user_status').execute();
      await db.schema.dropIndex('uploads_project').execute();
      await db.schema.alterTable('uploads').dropColumn('upload_length').execute();
      await db.schema.alterTable('users').dropColumn('storage_quota_bytes').execute();
    },
  };
}
