import type { MessageKey } from '@medx/contract';
import type { UserRow } from '../db/schema';
import { AppError } from './app-error';
import type { AuthContext } from './request-context';

/** Whether a user is an administrator (the Admin Panel permission: ADMIN_EMAILS). */
export type IsAdmin = (user: UserRow) => boolean;

/** The one admin check of admin-only calls: a guest never is one; others get 403 with `key`. */
export function requireAdmin(auth: AuthContext, isAdmin: IsAdmin, key: MessageKey): void {
  if (auth.user.user_type === 'GUEST' || !isAdmin(auth.user)) throw new AppError(403, key);
}
