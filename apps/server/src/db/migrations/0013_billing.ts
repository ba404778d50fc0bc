import type { Migration } from 'kysely/migration';
import { type AnyDb, type DialectName, withIdColumn } from '../dialect';

/**
 * Billing (issue 15, docs/decisions.md "Billing"): balances in integer fen with a ledger
 * row for every change, orders (instances and recharges), instances (bought capacity),
 * the payment provider's processed callbacks (idempotency) and the sandbox provider's
 * checkouts; jobs remember their lane and metered core-seconds; admins can disable an
 * account or grant the Admin Panel.
 */
export function billing(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('users')
        .addColumn('balance_fen', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('quota_extra_core_seconds', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('users').addColumn('disabled_at', 'varchar(32)').execute();
      await db.schema
        .alterTable('users')
        .addColumn('admin_panel', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('jobs').addColumn('lane', 'varchar(64)').execute();
      await db.schema.alterTable('jobs').addColumn('attempt_started_at', 'varchar(32)').execute();
      await db.schema.alterTable('jobs').addColumn('core_seconds', 'bigint').execute();
      await db.schema.alterTable('jobs').addColumn('quota_core_seconds', 'bigint').execute();

      await withIdColumn(db.schema.createTable('orders'), dialect)
        .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('amount_fen', 'bigint', (c) => c.notNull())
        .addColumn('level', 'varchar(16)')
        .addColumn('pay_type', 'varchar(16)')
        .addColumn('months', 'integer')
        .addColumn('instance_id', 'integer')
        .addColumn('provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('provider_ref', 'varchar(64)')
        .addColumn('error', 'text')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('paid_at', 'varchar(32)')
        .addColumn('completed_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('orders_user_kind').on('orders').columns(['user_id', 'kind', 'id']).execute();

      await withIdColumn(db.schema.createTable('instances'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
        .addColumn('level', 'varchar(16)', (c) => c.notNull())
        .addColumn('pay_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('cores', 'integer', (c) => c.notNull())
        .addColumn('memory_gb', 'integer', (c) => c.notNull())
        .addColumn('concurrent_jobs', 'integer', (c) => c.notNull())
        .addColumn('price_fen', 'bigint', (c) => c.notNull())
        .addColumn('months', 'integer')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('activate_after', 'varchar(32)', (c) => c.notNull())
        .addColumn('activated_at', 'varchar(32)')
        .addColumn('expires_at', 'varchar(32)')
        .addColumn('ended_at', 'varchar(32)')
        .addColumn('end_reason', 'varchar(32)')
        .execute();
      await db.schema.createIndex('instances_user_status').on('instances').columns(['user_id', 'status']).execute();
      await db.schema.createIndex('instances_status').on('instances').column('status').execute();

      await withIdColumn(db.schema.createTable('ledger_entries'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('amount_fen', 'bigint', (c) => c.notNull())
        .addColumn('balance_after_fen', 'bigint', (c) => c.notNull())
        .addColumn('quota_core_seconds', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
        .addColumn('job_id', 'integer', (c) => c.references('jobs.id').onDelete('set null'))
        .addColumn('instance_id', 'integer', (c) => c.references('instances.id').onDelete('set null'))
        .addColumn('admin_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('reason', 'text')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ledger_user').on('ledger_entries').columns(['user_id', 'id']).execute();
      // A job's usage is charged once, whoever hears of its end twice.
      await db.schema.createIndex('ledger_usage_job').on('ledger_entries').column('job_id').unique().execute();

      await db.schema
        .createTable('payment_events')
        .addColumn('provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('event_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
        .execute();

      await db.schema
        .createTable('sandbox_checkouts')
        .addColumn('ref', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
        .addColumn('amount_fen', 'bigint', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('return_url', 'varchar(500)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('sandbox_checkouts').execute();
      await db.schema.dropTable('payment_events').execute();
      await db.schema.dropTable('ledger_entries').execute();
      await db.schema.dropTable('instances').execute();
      await db.schema.dropTable('orders').execute();
      for (const column of ['quota_core_seconds', 'core_seconds', 'attempt_started_at', 'lane']) {
        await db.schema.alterTable('jobs').dropColumn(column).execute();
      }
      for (const column of ['admin_panel', 'disabled_at', 'quota_extra_core_seconds', 'balance_fen']) {
        await db.schema.alterTable('users').dropColumn(column).execute();
      }
    },
  };
}
