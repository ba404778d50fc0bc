import { z } from 'zod';
import { limitField, pageField, requiredString } from './fields';

/**
 * News (spec §2 "News", §3 "Message", §7): the header's dropdown has three groups. VERSION
 * and NOTICE are written and published by admins for everyone; EVENT messages are the
 * user's own (a job finished or failed, someone joined a shared project). The spec names
 * VERSION and NOTICE; EVENT is the third group's type (docs/decisions.md "News").
 */
export const MESSAGE_TYPES = ['EVENT', 'NOTICE', 'VERSION'] as const;
export const MessageType = z.enum(MESSAGE_TYPES, { error: 'invalidValue' });
export type MessageType = z.infer<typeof MessageType>;

/** The types an admin writes. */
export const PUBLISHED_TYPES = ['NOTICE', 'VERSION'] as const;
export const PublishedType = z.enum(PUBLISHED_TYPES, { error: 'invalidValue' });
export type PublishedType = z.infer<typeof PublishedType>;

/** GET /v1/messages/unread/count: one entry per type, every type present. */
export const UnreadCount = z.object({ type: MessageType, unread_count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

/**
 * What `content` holds once parsed (spec: JSON text with title and content), in the
 * caller's language. `link` (not in the spec) is an address inside the app the message
 * is about: the job's result, the joined project.
 */
export const MessageContent = z.object({
  title: z.string(),
  content: z.string(),
  link: z.string().optional(),
});
export type MessageContent = z.infer<typeof MessageContent>;

/** GET /v1/messages/system: newest first. `created_at` (not in the spec) is when it was published. */
export const SystemMessage = z.object({
  id: z.number().int(),
  type: MessageType,
  ack: z.boolean(),
  content: z.string(),
  created_at: z.string(),
});
export type SystemMessage = z.infer<typeof SystemMessage>;

export const SystemMessagesQuery = z.object({
  message_type: MessageType,
  page: pageField,
  limit: limitField(20),
});
export type SystemMessagesQuery = z.output<typeof SystemMessagesQuery>;

/** POST /v1/messages/ack_all (not in the spec): marks every message of a type read. */
export const AckAllRequest = z.object({ message_type: MessageType });
export type AckAllRequest = z.infer<typeof AckAllRequest>;

export const NEWS_LIMITS = { titleMax: 200, contentMax: 5000 } as const;

const title = requiredString('messageTitleRequired')
  .trim()
  .min(1, 'messageTitleRequired')
  .max(NEWS_LIMITS.titleMax, 'textTooLong');
const body = requiredString('messageContentRequired')
  .trim()
  .min(1, 'messageContentRequired')
  .max(NEWS_LIMITS.contentMax, 'textTooLong');

/** An admin's notice or version note, in both languages. */
export const AdminMessageInput = z.object({
  type: PublishedType,
  title_en: title,
  title_zh: title,
  content_en: body,
  content_zh: body,
});
export type AdminMessageInput = z.infer<typeof AdminMessageInput>;

export const ADMIN_MESSAGE_STATUSES = ['DRAFT', 'PUBLISHED', 'WITHDRAWN'] as const;
export const AdminMessageStatus = z.enum(ADMIN_MESSAGE_STATUSES);
export type AdminMessageStatus = z.infer<typeof AdminMessageStatus>;

/** An admin's view of a notice: both languages, its state and how many have read it. */
export const AdminMessage = AdminMessageInput.extend({
  id: z.number().int(),
  status: AdminMessageStatus,
  author_id: z.number().int().nullable(),
  created_at: z.string(),
  published_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  read_count: z.number().int(),
});
export type AdminMessage = z.infer<typeof AdminMessage>;

export const AdminMessagesQuery = z.object({ page: pageField, limit: limitField(10) });
export const AdminMessageList = z.object({ total: z.number().int(), items: z.array(AdminMessage) });
export type AdminMessageList = z.infer<typeof AdminMessageList>;

/**
 * GET /v1/messages/stream (server-sent events, not in the spec): `event: news` with the
 * type that changed whenever a message reaches the user, and `event: job` when one of the
 * user's jobs ends, so the web refreshes counts and job lists without polling.
 */
export const NewsStreamEvent = z.object({ type: MessageType });
export const JobStreamEvent = z.object({
  job_id: z.number().int(),
  project_id: z.number().int(),
  status: z.string(),
});
export type JobStreamEvent = z.infer<typeof JobStreamEvent>;
