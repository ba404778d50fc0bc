import { emailField, LIMITS, phoneField } from '@medx/contract';
import { badRequest } from '../../http/app-error';
import type { CodeTarget } from './verification-code.service';

/** `account` names an e-mail (it has an @) or a phone number in a region (default 86). */
export function parseAccount(account: string, region: string | undefined): CodeTarget {
  if (account.includes('@')) {
    const email = emailField.safeParse(account);
    if (!email.success) throw badRequest('emailInvalid');
    return { channel: 'email', email: email.data };
  }
  const phone = phoneField.safeParse(account);
  if (!phone.success) throw badRequest('phoneInvalid');
  return { channel: 'phone', region: region ?? LIMITS.defaultRegion, phone: phone.data };
}
