import type { Permissions } from '@medx/contract';

/**
 * Workflow access (spec §6): false denies every workflow, true allows every one; a list
 * names the denied ids; a map gives true (allowed), false or 'deny' (denied) per id, and
 * an id it does not name is allowed.
 */
export function workflowAllowed(policy: Permissions['workflows'], workflowId: string): boolean {
  if (typeof policy === 'boolean') return policy;
  if (Array.isArray(policy)) return !policy.includes(workflowId);
  const rule = Object.hasOwn(policy, workflowId) ? policy[workflowId] : true;
  return rule === true;
}
