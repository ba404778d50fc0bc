import { z } from 'zod';
import { BILLING_LIMITS, Instance, ORDER_KINDS, ORDER_STATUSES, Order } from './billing';
import { limitField, pageField } from './fields';
import { Permissions } from './users';

/**
 * The admin area's calls beyond messages (issue 15 part 5; not in the spec): under
 * /v1/admin, for users with the Admin Panel permission only.
 */

/** GET /v1/admin/feedback: the Feedback form's messages, newest first. */
export const FEEDBACK_FILTERS = ['open', 'handled', 'all'] as const;
export const AdminFeedbackQuery = z.object({
  page: pageField,
  limit: limitField(10),
  status: z.enum(FEEDBACK_FILTERS, { error: 'invalidValue' }).default('open'),
});
export type AdminFeedbackQuery = z.output<typeof AdminFeedbackQuery>;

export const AdminFeedback = z.object({
  id: z.number().int(),
  email: z.string(),
  content: z.string(),
  created_at: z.string(),
  /** Who sent it; null once the account is gone (a purged guest). */
  user: z.object({ id: z.number().int(), username: z.string(), user_type: z.enum(['GUEST', 'REGISTERED']) }).nullable(),
  handled_at: z.string().nullable(),
});
export type AdminFeedback = z.infer<typeof AdminFeedback>;

export const AdminFeedbackList = z.object({ total: z.number().int(), items: z.array(AdminFeedback) });
export type AdminFeedbackList = z.infer<typeof AdminFeedbackList>;

/** PUT /v1/admin/feedback/{id}: marks it handled, or open again. */
export const AdminFeedbackUpdate = z.object({ handled: z.boolean({ error: 'invalidValue' }) });
export type AdminFeedbackUpdate = z.infer<typeof AdminFeedbackUpdate>;

/** GET /v1/admin/users: search by id, name, e-mail, phone or organization. */
export const AdminUserQuery = z.object({
  page: pageField,
  limit: limitField(10),
  query: z.string({ error: 'invalidValue' }).trim().max(100, 'textTooLong').default(''),
  user_type: z.enum(['all', 'GUEST', 'REGISTERED'], { error: 'invalidValue' }).default('all'),
  status: z.enum(['all', 'active', 'disabled'], { error: 'invalidValue' }).default('all'),
});
export type AdminUserQuery = z.output<typeof AdminUserQuery>;

export const AdminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  user_type: z.enum(['GUEST', 'REGISTERED']),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  organization: z.string().nullable(),
  created_at: z.string(),
  disabled: z.boolean(),
  /** The Admin Panel permission: granted here, or by ADMIN_EMAILS (which the panel cannot take away). */
  admin_panel: z.boolean(),
  admin_by_config: z.boolean(),
  permissions: Permissions,
  balance_fen: z.number().int(),
  quota_total_core_seconds: z.number().int(),
  quota_used_core_seconds: z.number().int(),
  storage_limit_bytes: z.number().int(),
  storage_custom: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUser>;
export const AdminUserList = z.object({ total: z.number().int(), items: z.array(AdminUser) });
export type AdminUserList = z.infer<typeof AdminUserList>;

/** PUT /v1/admin/users/{id}: disable or enable an account, grant or take the Admin Panel. */
export const AdminUserUpdate = z
  .object({
    disabled: z.boolean({ error: 'invalidValue' }).optional(),
    admin_panel: z.boolean({ error: 'invalidValue' }).optional(),
  })
  .refine((v) => v.disabled !== undefined || v.admin_panel !== undefined, { message: 'fieldRequired' });
export type AdminUserUpdate = z.infer<typeof AdminUserUpdate>;

/**
 * POST /v1/admin/users/{id}/adjust: a signed change of balance (fen) and/or compute quota
 * (core-hours), recorded as one ledger row with the admin's id and the reason.
 */
export const AdminAdjustment = z
  .object({
    balance_fen: z
      .number({ error: 'amountInvalid' })
      .int('amountInvalid')
      .min(-BILLING_LIMITS.adjustBalanceMaxFen, 'amountInvalid')
      .max(BILLING_LIMITS.adjustBalanceMaxFen, 'amountInvalid')
      .default(0),
    quota_core_hours: z
      .number({ error: 'invalidValue' })
      .int('invalidValue')
      .min(-BILLING_LIMITS.adjustQuotaMaxCoreHours, 'invalidValue')
      .max(BILLING_LIMITS.adjustQuotaMaxCoreHours, 'invalidValue')
      .default(0),
    reason: z
      .string({ error: 'adjustmentReasonRequired' })
      .trim()
      .min(1, 'adjustmentReasonRequired')
      .max(BILLING_LIMITS.reasonMax, 'textTooLong'),
  })
  .refine((v) => v.balance_fen !== 0 || v.quota_core_hours !== 0, { message: 'adjustmentEmpty' });
export type AdminAdjustment = z.infer<typeof AdminAdjustment>;

const Owner = z.object({ id: z.number().int(), username: z.string() });

/** GET /v1/admin/orders: every user's orders, newest first. */
export const AdminOrderQuery = z.object({
  page: pageField,
  limit: limitField(10),
  kind: z.enum(['all', ...ORDER_KINDS], { error: 'invalidValue' }).default('all'),
  status: z.enum(['all', ...ORDER_STATUSES], { error: 'invalidValue' }).default('all'),
});
export type AdminOrderQuery = z.output<typeof AdminOrderQuery>;
export const AdminOrder = Order.extend({ user: Owner });
export type AdminOrder = z.infer<typeof AdminOrder>;
export const AdminOrderList = z.object({ total: z.number().int(), items: z.array(AdminOrder) });
export type AdminOrderList = z.infer<typeof AdminOrderList>;

/** GET /v1/admin/instances: live ones (activating or running), ended ones, or all. */
export const AdminInstanceQuery = z.object({
  page: pageField,
  limit: limitField(10),
  status: z.enum(['live', 'ended', 'all'], { error: 'invalidValue' }).default('live'),
});
export type AdminInstanceQuery = z.output<typeof AdminInstanceQuery>;
export const AdminInstance = Instance.extend({ user: Owner });
export type AdminInstance = z.infer<typeof AdminInstance>;
export const AdminInstanceList = z.object({ total: z.number().int(), items: z.array(AdminInstance) });
export type AdminInstanceList = z.infer<typeof AdminInstanceList>;

/** GET /v1/admin/system: what runs jobs, how busy it is, and what is stored. */
export const AdminSystem = z.object({
  workers: z.array(
    z.object({
      id: z.string(),
      host: z.string(),
      kind: z.string(),
      cpus: z.number().int(),
      /** 1, 5 and 15 minute load averages. */
      load: z.array(z.number()),
      memory_total_bytes: z.number(),
      memory_free_bytes: z.number(),
      /** Job slots: the shared pool and each running instance's own. */
      lanes: z.array(
        z.object({
          key: z.string(),
          instance_id: z.number().int().nullable(),
          user: Owner.nullable(),
          concurrency: z.number().int(),
          running: z.number().int(),
          queued: z.number().int(),
        }),
      ),
    }),
  ),
  queue_depth: z.number().int(),
  jobs_by_state: z.record(z.string(), z.number().int()),
  storage: z.object({ files: z.number().int(), bytes: z.number() }),
  users: z.object({ registered: z.number().int(), guests: z.number().int(), disabled: z.number().int() }),
  capacity: z.object({ sellable_cores: z.number().int(), reserved_cores: z.number().int() }),
});
export type AdminSystem = z.infer<typeof AdminSystem>;
