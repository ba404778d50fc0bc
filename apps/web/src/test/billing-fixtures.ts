import type { BillingAccount, Instance, LedgerEntry, LevelSpec, Order } from '@medx/contract';

/** The billing answers of the web tests: fen and core-seconds as the server sends them. */

export const LEVELS: LevelSpec[] = [
  { level: 'Basic', cores: 2, memory_gb: 4, concurrent_jobs: 1, month_price_fen: 9900, core_hour_price_fen: 50 },
  { level: 'Normal', cores: 4, memory_gb: 8, concurrent_jobs: 2, month_price_fen: 19900, core_hour_price_fen: 45 },
  { level: 'Enhanced', cores: 8, memory_gb: 16, concurrent_jobs: 4, month_price_fen: 39900, core_hour_price_fen: 40 },
  {
    level: 'Professional',
    cores: 16,
    memory_gb: 32,
    concurrent_jobs: 8,
    month_price_fen: 79900,
    core_hour_price_fen: 35,
  },
];

export function instance(id: number, extra: Partial<Instance> = {}): Instance {
  return {
    id,
    level: 'Normal',
    pay_type: 'prePaid',
    status: 'running',
    cores: 4,
    memory_gb: 8,
    concurrent_jobs: 2,
    price_fen: 19900,
    order_no: `MX20260101000000ABC00${id}`,
    created_at: '2026-01-01T00:00:00Z',
    activated_at: '2026-01-01T00:01:00Z',
    expires_at: '2026-01-31T00:01:00Z',
    ended_at: null,
    end_reason: null,
    jobs_running: 0,
    jobs_total: 0,
    ...extra,
  };
}

export function account(extra: Partial<BillingAccount> = {}): BillingAccount {
  return {
    balance_fen: 123456,
    quota_total_core_seconds: 36_000,
    quota_used_core_seconds: 9_000,
    instances: [],
    payment_provider: 'sandbox',
    payment_sandbox: false,
    ...extra,
  };
}

export function order(orderNo: string, extra: Partial<Order> = {}): Order {
  return {
    order_no: orderNo,
    kind: 'INSTANCE',
    status: 'pending',
    amount_fen: 39800,
    level: 'Normal',
    pay_type: 'prePaid',
    months: 2,
    instance_id: null,
    provider: 'balance',
    created_at: '2026-01-02T03:04:05Z',
    paid_at: null,
    completed_at: null,
    error: null,
    ...extra,
  };
}

export function ledgerEntry(id: number, extra: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id,
    kind: 'RECHARGE',
    amount_fen: 10000,
    balance_after_fen: 10000,
    quota_core_seconds: 0,
    order_no: null,
    job_id: null,
    instance_id: null,
    reason: null,
    admin: null,
    created_at: '2026-01-02T03:04:05Z',
    ...extra,
  };
}
