import { z } from 'zod';
import { QUOTA_POLICY } from './limits';

/**
 * GET /v1/quotas: the caller's usage against its limits (docs/decisions.md "Quotas").
 * Storage counts the files of the projects the user created (the recycle bin included)
 * and the declared size of unfinished uploads into them; bytes throughout.
 */
export const QuotaUsage = z.object({
  user_id: z.number().int(),
  /** Stored files plus reserved bytes (unfinished uploads). May exceed the limit after a job's outputs. */
  storage_used: z.number().int(),
  /** The part of storage_used held by unfinished uploads. */
  storage_reserved: z.number().int(),
  storage_limit: z.number().int(),
  /** Whether storage_limit is an admin's override rather than the default of the user's type. */
  storage_custom: z.boolean(),
  projects: z.number().int(),
  projects_limit: z.number().int(),
  /** Jobs the user submitted that are queued or running. */
  jobs_running: z.number().int(),
  jobs_limit: z.number().int(),
});
export type QuotaUsage = z.infer<typeof QuotaUsage>;

/** PUT /v1/quotas/storage (admins): a user's storage quota in MB; null returns to the default. */
export const SetStorageQuotaRequest = z.object({
  user_id: z.number({ error: 'fieldRequired' }).int().positive(),
  storage_mb: z
    .number({ error: 'invalidValue' })
    .int('invalidValue')
    .positive('invalidValue')
    .max(QUOTA_POLICY.storageOverrideMaxMb, 'invalidValue')
    .nullable(),
});
export type SetStorageQuotaRequest = z.infer<typeof SetStorageQuotaRequest>;
