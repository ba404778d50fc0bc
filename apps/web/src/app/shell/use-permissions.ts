import type { Permissions } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../api/client';
import { useSessionToken } from '../../api/session-store';
import { usersApi } from '../../api/users';

/**
 * GET /v1/users/permissions. Silent on failure: without the data the sidebar simply
 * hides the Apps and Admin Panel entries.
 */
export function usePermissions(): Permissions | undefined {
  const token = useSessionToken();
  const query = useQuery({
    queryKey: ['users', 'permissions', token],
    enabled: Boolean(token),
    queryFn: async () => unwrap(await usersApi.permissions()),
    staleTime: 5 * 60_000,
  });
  return token ? query.data : undefined;
}

/**
 * Spec §6: the Apps entry needs a tools entry in the permission data. `tools: false`
 * denies every tool (spec §6), so it counts as no entry; MENUS, true or a deny list show Apps.
 */
export function canSeeApps(permissions: Permissions | undefined): boolean {
  const tools = permissions?.tools;
  return tools !== undefined && tools !== null && tools !== false;
}

/** Spec §6: the Admin Panel entry needs an admin-panel entry. */
export function canSeeAdminPanel(permissions: Permissions | undefined): boolean {
  return permissions?.ADMIN_PANEL === true;
}
