import type { MessageResolver } from './zod-rule';

/**
 * The confirmation check: empty gives 'Please enter a password', a different value
 * 'Passwords do not match' (spec §5). Shared by the login page and the User Center.
 */
export function passwordMatchCheck(resolve: MessageResolver, getPassword: () => unknown) {
  return async (value: unknown): Promise<void> => {
    if (typeof value !== 'string' || value === '') throw new Error(resolve('passwordRequired'));
    if (value !== getPassword()) throw new Error(resolve('passwordsDoNotMatch'));
  };
}
