import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { unwrap } from '../../../api/client';
import { adminMessagesApi } from '../../../api/news';

export const adminMessagesKey = ['admin', 'messages'] as const;

/** The contract's default page of the admin list. */
export const ADMIN_MESSAGES_PAGE_SIZE = 10;

/** GET /v1/messages/admin: one page of the notices and version notes, newest first. */
export function useAdminMessages(page: number, limit: number) {
  return useQuery({
    queryKey: [...adminMessagesKey, page, limit],
    placeholderData: keepPreviousData,
    queryFn: async () => unwrap(await adminMessagesApi.list(page, limit)),
  });
}

/** Reloads the list after a save, a publish or a withdrawal. */
export function useRefreshAdminMessages(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: adminMessagesKey }), [queryClient]);
}
