import type { User } from '@medx/contract';

/** The four forms of the login page. */
export type LoginMode = 'password' | 'code' | 'signup' | 'reset';

/**
 * The form shown first. `/login?userId=…` is the Register link of a guest (spec §2): when the
 * stored user is that guest, sign-up comes first and upgrades the guest account in place.
 */
export function initialLoginMode(userId: string | null, storedUser: Pick<User, 'user_type'> | null): LoginMode {
  return isGuestUpgrade(userId, storedUser) ? 'signup' : 'password';
}

export function isGuestUpgrade(userId: string | null, storedUser: Pick<User, 'user_type'> | null): boolean {
  return userId !== null && userId !== '' && storedUser?.user_type === 'GUEST';
}
