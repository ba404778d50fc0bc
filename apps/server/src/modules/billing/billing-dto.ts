import type { Instance, LedgerEntry, Order } from '@medx/contract';
import type { OrderRow } from '../../db/schema';
import type { InstanceWithOwner } from './instances.repository';
import type { LedgerListRow } from './ledger.repository';

/** Rows to the contract's shapes (bigint columns arrive as strings from PostgreSQL). */
export function toOrder(row: OrderRow): Order {
  return {
    order_no: row.order_no,
    kind: row.kind,
    status: row.status,
    amount_fen: Number(row.amount_fen),
    level: (row.level as Order['level']) ?? null,
    pay_type: (row.pay_type as Order['pay_type']) ?? null,
    months: row.months,
    instance_id: row.instance_id,
    provider: row.provider,
    created_at: row.created_at,
    paid_at: row.paid_at,
    completed_at: row.completed_at,
    error: row.error,
  };
}

export function toInstance(row: InstanceWithOwner, jobs = { running: 0, total: 0 }): Instance {
  return {
    id: row.id,
    level: row.level as Instance['level'],
    pay_type: row.pay_type,
    status: row.status,
    cores: row.cores,
    memory_gb: row.memory_gb,
    concurrent_jobs: row.concurrent_jobs,
    price_fen: Number(row.price_fen),
    order_no: row.order_no,
    created_at: row.created_at,
    activated_at: row.activated_at,
    expires_at: row.expires_at,
    ended_at: row.ended_at,
    end_reason: row.end_reason,
    jobs_running: jobs.running,
    jobs_total: jobs.total,
  };
}

export function toLedgerEntry(row: LedgerListRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    amount_fen: Number(row.amount_fen),
    balance_after_fen: Number(row.balance_after_fen),
    quota_core_seconds: Number(row.quota_core_seconds),
    order_no: row.order_no,
    job_id: row.job_id,
    instance_id: row.instance_id,
    reason: row.reason,
    admin: row.admin_id !== null && row.admin_username ? { id: row.admin_id, username: row.admin_username } : null,
    created_at: row.created_at,
  };
}
