import type { Permissions } from '@medx/contract';

/**
 * Tool access (spec §6): allowed when the policy is MENUS or true, unless the tool id is in
 * a deny list; false denies every tool. The spec's per-tool map (a boolean or 'deny' per
 * id) is the workflows policy's shape; a tools policy is never a map (contract ToolsPolicy).
 */
export function toolAllowed(policy: Permissions['tools'], toolId: string): boolean {
  if (policy === 'MENUS' || policy === true) return true;
  if (policy === false) return false;
  return !policy.includes(toolId);
}
