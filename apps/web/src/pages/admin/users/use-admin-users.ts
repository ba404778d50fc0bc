import type { AdminUserQuery, LedgerQuery } from '@medx/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { adminUsersApi } from '../../../api/admin';
import { unwrap } from '../../../api/client';

/** Every users query (the list and each user's account record) is under this key. */
export const adminUsersKey = ['admin', 'users'] as const;

export const ADMIN_USERS_PAGE_SIZE = 10;

/** GET /v1/admin/users: one page of the search. */
export function useAdminUsers(query: AdminUserQuery) {
  return useQuery({
    queryKey: [...adminUsersKey, 'list', query],
    placeholderData: keepPreviousData,
    queryFn: async () => unwrap(await adminUsersApi.list(query)),
  });
}

/** GET /v1/admin/users/{id}/ledger: one page of a user's account record. */
export function useAdminUserLedger(userId: number, query: LedgerQuery) {
  return useQuery({
    queryKey: [...adminUsersKey, 'ledger', userId, query],
    placeholderData: keepPreviousData,
    queryFn: async () => unwrap(await adminUsersApi.ledger(userId, query)),
  });
}

/** Reloads the list and the account records after any change to a user. */
export function useRefreshAdminUsers(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: adminUsersKey }), [queryClient]);
}
