import type { FormValues } from '../../ui-light/form-store';
import { type AccountMethod, type AccountValues, DEFAULT_PHONE_VALUE } from './phone-value';

/**
 * What every form of the login page shares: the email/phone choice and the account typed so
 * far, so switching between password login, code login, sign-up and reset keeps both.
 */
export interface LoginFormProps {
  method: AccountMethod;
  onMethodChange: (method: AccountMethod) => void;
  account: AccountValues;
  onAccountChange: (account: AccountValues) => void;
  /** Focus the account field: on the page's first form, not after a tab change (the tab keeps the focus). */
  autoFocus: boolean;
}

export const EMPTY_ACCOUNT: AccountValues = { email: '', phone: DEFAULT_PHONE_VALUE };

/** The account part of a form's values, for `onAccountChange`. */
export function pickAccount(values: AccountValues): AccountValues {
  return { email: values.email, phone: values.phone };
}

/** Initial values of a login-page form: the shared account, with the default region when empty. */
export function accountInitialValues(account: AccountValues): FormValues {
  return { email: account.email ?? '', phone: account.phone ?? DEFAULT_PHONE_VALUE };
}
