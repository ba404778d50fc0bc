import {
  type AdminMessage,
  type AdminMessageInput,
  type AdminMessageList,
  MessageContent,
  type MessageType,
  type SystemMessage,
  type UnreadCount,
} from '@medx/contract';
import { api } from './client';

/** How many messages a News group shows (the server's default page). */
export const NEWS_PAGE_SIZE = 20;

/** News (spec §2): unread counts, the three groups' messages, acknowledging them; the admins' notices. */
export const newsApi = {
  /** Silent (spec §7): a failed unread fetch shows nothing. */
  unreadCounts: () => api.get<UnreadCount[]>('/messages/unread/count', undefined, { silent: true }),
  /** Silent too: a group that fails to load is shown empty. */
  list: (type: MessageType, page = 1, limit = NEWS_PAGE_SIZE) =>
    api.get<SystemMessage[]>('/messages/system', { message_type: type, page, limit }, { silent: true }),
  ack: (id: number) => api.post<null>(`/messages/${id}/ack`, {}),
  ackAll: (type: MessageType) => api.post<null>('/messages/ack_all', { message_type: type }),
};

/** The admin panel's Messages section: notices and version notes in both languages. */
export const adminMessagesApi = {
  list: (page: number, limit: number) => api.get<AdminMessageList>('/messages/admin', { page, limit }),
  create: (body: AdminMessageInput) => api.post<AdminMessage>('/messages/admin', body),
  update: (id: number, body: AdminMessageInput) => api.put<AdminMessage>(`/messages/admin/${id}`, body),
  publish: (id: number) => api.post<AdminMessage>(`/messages/admin/${id}/publish`, {}),
  withdraw: (id: number) => api.post<AdminMessage>(`/messages/admin/${id}/withdraw`, {}),
};

/**
 * A message's `content` is JSON text ({title, content, link?}); anything else (an older row,
 * a hand-written notice) is shown as it is, untitled, rather than hidden.
 */
export function parseMessageContent(raw: string): MessageContent {
  try {
    const parsed = MessageContent.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return { title: '', content: raw };
}

/**
 * Whether a message's link may be followed inside the app: a path of this site only
 * (never `//host`, a scheme such as `javascript:`, or another origin).
 */
export function isInAppLink(link: string | undefined): link is string {
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');
}
