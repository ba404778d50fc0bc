import { z } from 'zod';
import { limitField, pageField } from './fields';

/**
 * Compute that users buy (issue 15 parts 2–4; the spec does not show these calls, see
 * docs/decisions.md "Billing"). Money is integer fen (1 yuan = 100 fen) everywhere on
 * the wire and in the database; compute is core-seconds. Calls live under /v1/billing;
 * the payment provider's callback under /v1/payments.
 */

/** Spec §3, §9: the four levels, cheapest first. */
export const INSTANCE_LEVELS = ['Basic', 'Normal', 'Enhanced', 'Professional'] as const;
export type InstanceLevel = (typeof INSTANCE_LEVELS)[number];

/** Spec §3: prePaid by the month, postPaid by use (core-hours charged to the balance). */
export const PAY_TYPES = ['prePaid', 'postPaid'] as const;
export type PayType = (typeof PAY_TYPES)[number];

/** Spec §4: pending, initializing and starting all display as activating. */
export const INSTANCE_STATUSES = ['pending', 'initializing', 'starting', 'running', 'failed', 'expired'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];
export const ACTIVATING_STATUSES: readonly InstanceStatus[] = ['pending', 'initializing', 'starting'];

/** Spec §4: order and recharge status; "payment error" is `payment_error` on the wire. */
export const ORDER_STATUSES = ['pending', 'paid', 'complete', 'canceled', 'payment_error'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_KINDS = ['INSTANCE', 'RECHARGE'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** Why a balance or quota changed: each change is one ledger row. */
export const LEDGER_KINDS = ['RECHARGE', 'PURCHASE', 'USAGE', 'ADJUSTMENT', 'REFUND'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const BILLING_LIMITS = {
  /** A prepaid instance is bought for 1 to 12 months at once. */
  monthsMax: 12,
  /** A recharge: 1 yuan to 100,000 yuan. */
  rechargeMinFen: 100,
  rechargeMaxFen: 10_000_000,
  /** An admin's adjustment: at most 1,000,000 yuan and 100,000 core-hours either way. */
  adjustBalanceMaxFen: 100_000_000,
  adjustQuotaMaxCoreHours: 100_000,
  reasonMax: 200,
  /** Days of a prepaid month. */
  daysPerMonth: 30,
  /**
   * Unpaid (pending) orders one user may hold, instance orders and recharges together: each is
   * a row and, for a recharge, a checkout session at the provider; a script must not open them
   * by the thousand. Paying or canceling one frees its place.
   */
  pendingOrdersMax: 10,
} as const;

/** One level's configuration and prices (GET /v1/billing/levels). */
export const LevelSpec = z.object({
  level: z.enum(INSTANCE_LEVELS),
  cores: z.number().int(),
  memory_gb: z.number().int(),
  /** Jobs the instance runs at once; each gets cores / concurrent_jobs cores. */
  concurrent_jobs: z.number().int(),
  month_price_fen: z.number().int(),
  core_hour_price_fen: z.number().int(),
});
export type LevelSpec = z.infer<typeof LevelSpec>;

export const Instance = z.object({
  id: z.number().int(),
  level: z.enum(INSTANCE_LEVELS),
  pay_type: z.enum(PAY_TYPES),
  status: z.enum(INSTANCE_STATUSES),
  cores: z.number().int(),
  memory_gb: z.number().int(),
  concurrent_jobs: z.number().int(),
  /** Per month (prePaid) or per core-hour (postPaid). */
  price_fen: z.number().int(),
  order_no: z.string().nullable(),
  created_at: z.string(),
  activated_at: z.string().nullable(),
  /** prePaid: the end of the paid period; postPaid: null (runs until stopped). */
  expires_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** expired, stopped (by its owner or an admin), activation failed. */
  end_reason: z.string().nullable(),
  /** Jobs of this instance's owner running on it now, and all that ran on it. */
  jobs_running: z.number().int(),
  jobs_total: z.number().int(),
});
export type Instance = z.infer<typeof Instance>;

/** GET /v1/billing/account: the User Center's balance, quota and live instances. */
export const BillingAccount = z.object({
  balance_fen: z.number().int(),
  quota_total_core_seconds: z.number().int(),
  quota_used_core_seconds: z.number().int(),
  /** Instances not yet ended (activating or running). */
  instances: z.array(Instance),
  /** The payment provider's name, and whether it is the sandbox (no real money moves). */
  payment_provider: z.string(),
  payment_sandbox: z.boolean(),
});
export type BillingAccount = z.infer<typeof BillingAccount>;

export const SORT_ORDERS = ['asc', 'desc'] as const;

export const LedgerQuery = z.object({
  page: pageField,
  limit: limitField(10),
  sort_by: z.enum(['created_at', 'amount_fen'], { error: 'invalidValue' }).default('created_at'),
  order: z.enum(SORT_ORDERS, { error: 'invalidValue' }).default('desc'),
});
export type LedgerQuery = z.output<typeof LedgerQuery>;

/** An account record row: one change of balance and/or quota. */
export const LedgerEntry = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed: a recharge is positive, a purchase or usage negative. */
  amount_fen: z.number().int(),
  balance_after_fen: z.number().int(),
  /** Signed change of the compute quota. */
  quota_core_seconds: z.number().int(),
  order_no: z.string().nullable(),
  job_id: z.number().int().nullable(),
  instance_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** The admin who made an ADJUSTMENT. */
  admin: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;
export const LedgerList = z.object({ total: z.number().int(), items: z.array(LedgerEntry) });
export type LedgerList = z.infer<typeof LedgerList>;

export const OrderQuery = z.object({
  kind: z.enum(ORDER_KINDS, { error: 'invalidValue' }),
  page: pageField,
  limit: limitField(10),
  sort_by: z.enum(['created_at', 'amount_fen', 'status'], { error: 'invalidValue' }).default('created_at'),
  order: z.enum(SORT_ORDERS, { error: 'invalidValue' }).default('desc'),
});
export type OrderQuery = z.output<typeof OrderQuery>;

export const Order = z.object({
  order_no: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  amount_fen: z.number().int(),
  level: z.enum(INSTANCE_LEVELS).nullable(),
  pay_type: z.enum(PAY_TYPES).nullable(),
  months: z.number().int().nullable(),
  instance_id: z.number().int().nullable(),
  /** Who took the payment: 'balance' for instances, the provider's name for recharges. */
  provider: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;
export const OrderList = z.object({ total: z.number().int(), items: z.array(Order) });
export type OrderList = z.infer<typeof OrderList>;

/** Amounts in fen: whole, positive numbers (no yuan fractions of a fen, no floats). */
const fenField = z
  .number({ error: 'amountInvalid' })
  .int('amountInvalid')
  .nonnegative('amountInvalid')
  .max(Number.MAX_SAFE_INTEGER, 'amountInvalid');

/**
 * POST /v1/billing/orders: an instance order (pending). The terms must be accepted (spec §5).
 * prePaid needs months; postPaid costs nothing up front and charges each job's core-hours.
 */
export const InstanceOrderRequest = z
  .object({
    level: z.enum(INSTANCE_LEVELS, { error: 'levelUnknown' }),
    pay_type: z.enum(PAY_TYPES, { error: 'payTypeUnknown' }),
    months: z
      .number({ error: 'monthsInvalid' })
      .int('monthsInvalid')
      .min(1, 'monthsInvalid')
      .max(BILLING_LIMITS.monthsMax, 'monthsInvalid')
      .optional(),
    accept_terms: z.boolean({ error: 'termsNotAccepted' }),
  })
  .refine((v) => v.accept_terms, { message: 'termsNotAccepted', path: ['accept_terms'] })
  .refine((v) => v.pay_type === 'postPaid' || v.months !== undefined, { message: 'monthsInvalid', path: ['months'] });
export type InstanceOrderRequest = z.infer<typeof InstanceOrderRequest>;

/** POST /v1/billing/recharges: amount in fen; the answer sends the browser to the provider's checkout. */
export const RechargeRequest = z.object({
  amount_fen: fenField
    .min(BILLING_LIMITS.rechargeMinFen, 'rechargeTooSmall')
    .max(BILLING_LIMITS.rechargeMaxFen, 'rechargeTooLarge'),
});
export type RechargeRequest = z.infer<typeof RechargeRequest>;

export const RechargeCheckout = z.object({
  order: Order,
  /** Where the browser goes to pay: the provider's hosted checkout. */
  checkout_url: z.string(),
  sandbox: z.boolean(),
});
export type RechargeCheckout = z.infer<typeof RechargeCheckout>;

export const orderNoParam = z.string({ error: 'orderNotFound' }).regex(/^MX\d{14}[A-Z0-9]{6}$/, 'orderNotFound');
