import type { Permissions } from '@medx/contract';

export { canSeeAdminPanel, usePermissions } from '../../api/permissions';

/**
 * Spec §2/§6: the Apps entry needs a tools entry in the permission data. Any value counts,
 * `tools: false` (guests) included: the Apps page then says that Tools need registering.
 */
export function canSeeApps(permissions: Permissions | undefined): boolean {
  return permissions?.tools !== undefined && permissions.tools !== null;
}
