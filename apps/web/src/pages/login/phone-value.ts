import { type CallingCode, type CodePurpose, LIMITS, phoneField, regionField } from '@medx/contract';
import { z } from 'zod';

/** How the user names the account: an email address, or a phone number with its region code. */
export type AccountMethod = 'email' | 'phone';

/** The abroad phone value: a region (calling code, default 86) and a national number. */
export interface PhoneValue {
  region?: string;
  number?: string;
}

export const DEFAULT_PHONE_VALUE: PhoneValue = { region: LIMITS.defaultRegion, number: '' };

/** Spaces, dashes and brackets people type inside numbers; the server wants digits only. */
export function normalizePhoneNumber(number: string | undefined): string {
  return (number ?? '').replace(/[\s()-]/g, '');
}

/**
 * Spec §5: the number and the region are both required, otherwise the value is rejected with a
 * blank message (catalogue key `phoneIncomplete`); a complete value must be a valid number.
 */
export const PhoneValueSchema = z.object(
  {
    region: regionField,
    number: z
      .string({ error: 'phoneIncomplete' })
      .transform(normalizePhoneNumber)
      .pipe(z.string().min(1, 'phoneIncomplete'))
      .pipe(phoneField),
  },
  { error: 'phoneIncomplete' },
);

/** The account fields of a form: `email` in email mode, `phone` in phone mode. */
export interface AccountValues {
  email?: string;
  phone?: PhoneValue;
}

/** `{account, region?}` for login, login by code and password reset. */
export interface AccountPayload {
  account: string;
  region?: string;
}

export function toAccountPayload(method: AccountMethod, values: AccountValues): AccountPayload {
  if (method === 'email') return { account: (values.email ?? '').trim() };
  return {
    account: normalizePhoneNumber(values.phone?.number),
    region: values.phone?.region?.trim() || LIMITS.defaultRegion,
  };
}

/** Sign-up names the account as `{email}` or `{phone, region}`. */
export type ContactPayload = { email: string } | { phone: string; region: string };

export function toContactPayload(method: AccountMethod, values: AccountValues): ContactPayload {
  const account = toAccountPayload(method, values);
  return method === 'email'
    ? { email: account.account }
    : { phone: account.account, region: account.region ?? LIMITS.defaultRegion };
}

export interface SendCodeCall {
  path: '/send_email_code' | '/send_phone_code';
  body: { email: string; purpose: CodePurpose } | { phone: string; region: string; purpose: CodePurpose };
}

/** Which send-code call a form makes, and with what body. Paths are relative to the users API. */
export function toSendCodeCall(method: AccountMethod, values: AccountValues, purpose: CodePurpose): SendCodeCall {
  const contact = toContactPayload(method, values);
  return 'email' in contact
    ? { path: '/send_email_code', body: { email: contact.email, purpose } }
    : { path: '/send_phone_code', body: { phone: contact.phone, region: contact.region, purpose } };
}

export interface RegionOption {
  value: string;
  /** '+86 China': a native select jumps to it when "+86" is typed. */
  label: string;
}

/**
 * Region select options from /calling/codes, in the server's order (the default region first):
 * one option per code (codes listed twice are merged), labelled in the current language.
 */
export function toRegionOptions(codes: readonly CallingCode[], lang: string): RegionOption[] {
  const zh = lang.toLowerCase().startsWith('zh');
  const byCode = new Map<string, { names: string[] }>();
  for (const entry of codes) {
    const code = entry.code.replace(/^\+/, '').trim();
    if (!code) continue;
    const item = byCode.get(code) ?? { names: [] };
    const name = zh ? entry.name_zh || entry.name : entry.name;
    if (!item.names.includes(name)) item.names.push(name);
    byCode.set(code, item);
  }
  return [...byCode.entries()].map(([code, item]) => ({
    value: code,
    label: `+${code} ${item.names.join(zh ? '、' : ' / ')}`,
  }));
}

/** Used until /calling/codes answers (or when it fails), so the default region is always selectable. */
export const FALLBACK_CALLING_CODES: readonly CallingCode[] = [
  { code: LIMITS.defaultRegion, name: 'China', name_zh: '中国' },
];
