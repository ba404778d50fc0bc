import type { User } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from './client';
import { getStoredUser, saveStoredUser, useSessionToken } from './session-store';
import { usersApi } from './users';

export {
  expiryClear,
  getProjectId,
  getStoredUser,
  getStoredUserId,
  getToken,
  SIDEBAR_COLLAPSED_KEY,
  STORAGE_KEYS,
  saveSession,
  saveStoredUser,
  setProjectId,
  signOutClear,
  useSessionToken,
} from './session-store';

export const currentUserKey = (token: string | null) => ['users', 'me', token] as const;

/**
 * The signed-in user: the stored copy at once, then GET /v1/users/ (which also refreshes
 * the stored copy). Null without a session.
 */
export function useCurrentUser(): { user: User | null; isLoading: boolean } {
  const token = useSessionToken();
  const query = useQuery({
    queryKey: currentUserKey(token),
    enabled: Boolean(token),
    queryFn: async () => {
      const user = unwrap(await usersApi.me());
      saveStoredUser(user);
      return user;
    },
    placeholderData: () => getStoredUser() ?? undefined,
    staleTime: 60_000,
  });
  if (!token) return { user: null, isLoading: false };
  return { user: query.data ?? getStoredUser(), isLoading: query.isLoading };
}

export function isGuest(user: User | null): boolean {
  return !user || user.user_type === 'GUEST';
}
