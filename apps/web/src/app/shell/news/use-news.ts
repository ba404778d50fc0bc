import { MESSAGE_TYPES, type MessageType, normalizeLang, type SystemMessage, type UnreadCount } from '@medx/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../../api/client';
import { newsApi } from '../../../api/news';
import { useSessionToken } from '../../../api/session-store';

/** Query keys of the News dropdown: the unread counts and each group's messages. */
export const newsKey = ['news'] as const;
export const unreadKey = [...newsKey, 'unread'] as const;
export const newsListKey = (type: MessageType) => [...newsKey, 'list', type] as const;

export type UnreadByType = Record<MessageType, number>;

/** The server's one-entry-per-type answer as a record; a missing type (or no answer) counts 0. */
export function unreadByType(counts: UnreadCount[] | undefined): UnreadByType {
  const out = Object.fromEntries(MESSAGE_TYPES.map((type) => [type, 0])) as UnreadByType;
  for (const { type, unread_count } of counts ?? []) out[type] = Math.max(0, unread_count);
  return out;
}

/** GET /v1/messages/unread/count for the session; a failure reads as nothing unread (spec §7). */
export function useUnreadCounts(): UnreadByType {
  const token = useSessionToken();
  const query = useQuery({
    queryKey: unreadKey,
    enabled: Boolean(token),
    queryFn: async () => unwrap(await newsApi.unreadCounts()),
  });
  return useMemo(() => unreadByType(query.data), [query.data]);
}

/**
 * The first page of a group's messages, newest first, fetched again on every opening. The
 * server writes them in the Accept-Language language, so a language switch fetches anew.
 * A failure is an empty group.
 */
export function useNewsList(type: MessageType) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...newsListKey(type), normalizeLang(i18n.language)],
    staleTime: 0,
    queryFn: async (): Promise<SystemMessage[]> => {
      const answer = await newsApi.list(type);
      return answer.success && answer.data ? answer.data : [];
    },
  });
}

/** After a read, a mark-all or a live `news` event: the counts and, when given, that group's list. */
export function refreshNews(queryClient: QueryClient, type?: MessageType): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: unreadKey }),
    type ? queryClient.invalidateQueries({ queryKey: newsListKey(type) }) : undefined,
  ]);
}
