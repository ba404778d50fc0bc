import type { MessageKey } from '@medx/contract';

/**
 * The callers every permission matrix tries: the project's owner, a READ_WRITE and a READ_ONLY
 * member, a signed-in stranger, a guest, and no token at all.
 */
export type Role = 'owner' | 'readWriteMember' | 'readOnlyMember' | 'stranger' | 'guest' | 'noToken';
export const ROLES: Role[] = ['owner', 'readWriteMember', 'readOnlyMember', 'stranger', 'guest', 'noToken'];

/**
 * What a project-scoped call answers a role: 200, or the status and message of its refusal.
 * A project one cannot open reads as missing (its existence is not revealed); a read-only
 * member may read but not write.
 */
export function expectedAnswer(role: Role, need: 'read' | 'write' = 'read'): 200 | [number, MessageKey] {
  if (role === 'noToken') return [401, 'sessionExpired'];
  if (role === 'stranger' || role === 'guest') return [404, 'projectNotFound'];
  if (role === 'readOnlyMember' && need === 'write') return [403, 'readOnlyProject'];
  return 200;
}
