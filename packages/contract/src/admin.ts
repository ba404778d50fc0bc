import { z } from 'zod';
import { limitField, pageField } from './fields';

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
