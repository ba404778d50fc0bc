import type { Permissions } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from './client';
import { useSessionToken } from './session-store';
import { usersApi } from './users';

export const permissionsKey = (token: string | null) => ['users', 'permissions', token] as const;

/**
 * GET /v1/users/permissions (spec §3 Permission data), shared by the sidebar, the Apps page and
 * the tools' access check. Silent on failure: the caller decides what a missing answer means.
 */
export function usePermissionsQuery() {
  const token = useSessionToken();
  return useQuery({
    queryKey: permissionsKey(token),
    enabled: Boolean(token),
    queryFn: async () => unwrap(await usersApi.permissions()),
    staleTime: 5 * 60_000,
  });
}

/** The permission data, or undefined without a session or while (or when failing) loading. */
export function usePermissions(): Permissions | undefined {
  const token = useSessionToken();
  const query = usePermissionsQuery();
  return token ? query.data : undefined;
}

/** Spec §6: the Admin Panel (its sidebar entry and the /admin page) needs ADMIN_PANEL true. */
export function canSeeAdminPanel(permissions: Permissions | undefined): boolean {
  return permissions?.ADMIN_PANEL === true;
}
