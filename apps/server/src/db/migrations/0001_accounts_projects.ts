import type { Migration } from 'kysely/migration';
import { type AnyDb, type DialectName, withIdColumn } from '../dialect';

/** Users, sessions, verification codes, projects, memberships and join attempts. */
export function accountsAndProjects(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withIdColumn(db.schema.createTable('users'), dialect)
        .addColumn('username', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.unique())
        .addColumn('phone', 'varchar(32)')
        .addColumn('region', 'varchar(8)')
        .addColumn('password_hash', 'varchar(255)')
        .addColumn('identity', 'varchar(64)')
        .addColumn('organization', 'varchar(255)')
        .addColumn('research_field', 'varchar(255)')
        .addColumn('source', 'varchar(64)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_phone_unique').on('users').columns(['region', 'phone']).unique().execute();
      await db.schema.createIndex('users_type_created').on('users').columns(['user_type', 'created_at']).execute();

      await withIdColumn(db.schema.createTable('sessions'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await withIdColumn(db.schema.createTable('verification_codes'), dialect)
        .addColumn('target', 'varchar(300)', (c) => c.notNull())
        .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('consumed_at', 'varchar(32)')
        .execute();
      await db.schema
        .createIndex('codes_target_created')
        .on('verification_codes')
        .columns(['target', 'created_at'])
        .execute();

      await withIdColumn(db.schema.createTable('projects'), dialect)
        .addColumn('project_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('is_shared', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('share_code', 'varchar(8)')
        .addColumn('share_type', 'varchar(16)')
        .addColumn('share_id', 'varchar(32)', (c) => c.unique())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('deleted_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('projects_creator').on('projects').column('creator_id').execute();

      await db.schema
        .createTable('project_members')
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('joined_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('project_members_pk', ['project_id', 'user_id'])
        .execute();
      await db.schema.createIndex('project_members_user').on('project_members').column('user_id').execute();

      await withIdColumn(db.schema.createTable('join_attempts'), dialect)
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('succeeded', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('join_attempts_project_created')
        .on('join_attempts')
        .columns(['project_id', 'created_at'])
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of ['join_attempts', 'project_members', 'projects', 'verification_codes', 'sessions', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
