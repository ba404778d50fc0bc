import { codeField, emailField, LoginRequest, passwordField, SignUpRequest } from '@medx/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { zodRule } from '../../lib/zod-rule';
import { passwordMatchCheck } from './password-match';
import { PhoneValueSchema } from './phone-value';

type Validator = (rule: unknown, value: unknown) => Promise<unknown>;

/** The validator of an object rule (the adapter never returns a rule function). */
function validatorOf(rule: FormRule): Validator {
  if (typeof rule === 'function' || typeof rule.validator !== 'function') throw new Error('not a validator rule');
  return rule.validator as unknown as Validator;
}

/** The text the form shows under the field, or null when the value passes. */
async function errorOf(rule: FormRule, value: unknown): Promise<string | null> {
  try {
    await validatorOf(rule)({}, value);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

let en: TFunction;
let zh: TFunction;

beforeAll(() => {
  en = i18n.getFixedT('en');
  zh = i18n.getFixedT('zh-CN');
});

describe('zodRule (contract schema → antd rule, texts from the msg namespace)', () => {
  it('gives the spec texts for passwords (§5)', async () => {
    expect(await errorOf(zodRule(passwordField, en), undefined)).toBe('Please enter a password');
    expect(await errorOf(zodRule(passwordField, en), '')).toBe('Please enter a password');
    expect(await errorOf(zodRule(passwordField, en), '12345')).toBe(
      'Password must be between 6 and 18 characters long',
    );
    expect(await errorOf(zodRule(passwordField, en), 'x'.repeat(19))).toBe(
      'Password must be between 6 and 18 characters long',
    );
    expect(await errorOf(zodRule(passwordField, en), '123456')).toBeNull();
    expect(await errorOf(zodRule(passwordField, en), 'x'.repeat(18))).toBeNull();
  });

  it('gives the spec texts for verification codes', async () => {
    expect(await errorOf(zodRule(codeField, en), undefined)).toBe('Please input your verification code');
    expect(await errorOf(zodRule(codeField, en), '  ')).toBe('Please input your verification code');
    expect(await errorOf(zodRule(codeField, en), '12a456')).toBe('The verification code has 6 digits.');
    expect(await errorOf(zodRule(codeField, en), '12345')).toBe('The verification code has 6 digits.');
    expect(await errorOf(zodRule(codeField, en), '123456')).toBeNull();
  });

  it('treats an untouched field (undefined or null) as missing', async () => {
    expect(await errorOf(zodRule(emailField, en), null)).toBe('Please input your Email.');
    expect(await errorOf(zodRule(emailField, en), 'not-an-email')).toBe('Please enter a valid email address.');
    expect(await errorOf(zodRule(emailField, en), ' Ada@Example.org ')).toBeNull();
  });

  it('covers the sign-up select, checkbox and optional fields', async () => {
    const fields = SignUpRequest.shape;
    expect(await errorOf(zodRule(fields.identity, en), undefined)).toBe('Please select your identity.');
    expect(await errorOf(zodRule(fields.identity, en), 'Student')).toBeNull();
    expect(await errorOf(zodRule(fields.agreement, en), false)).toBe(
      'Please agree to the privacy policy and user agreement.',
    );
    expect(await errorOf(zodRule(fields.agreement, en), true)).toBeNull();
    expect(await errorOf(zodRule(fields.username, en), undefined)).toBeNull();
    expect(await errorOf(zodRule(fields.username, en), 'x'.repeat(33))).toBe('Username must be at most 32 characters.');
    expect(await errorOf(zodRule(LoginRequest.shape.account, en), '')).toBe('Please input your email or phone number.');
  });

  it('answers in the language of the t function', async () => {
    expect(await errorOf(zodRule(passwordField, zh), '')).toBe('请输入密码');
    expect(await errorOf(zodRule(codeField, zh), '')).toBe('请输入验证码');
  });

  it('rejects an incomplete phone value with the blank message (§5)', async () => {
    const rule = zodRule(PhoneValueSchema, en);
    expect(await errorOf(rule, undefined)).toBe(' ');
    expect(await errorOf(rule, { region: '86', number: '' })).toBe(' ');
    expect(await errorOf(rule, { region: '', number: '13800138000' })).toBe(' ');
    expect(await errorOf(rule, { region: '86', number: '12ab' })).toBe('Please enter a valid phone number.');
    expect(await errorOf(rule, { region: '852', number: '9123 4567' })).toBeNull();
  });
});

describe('passwordMatchCheck (password confirmation)', () => {
  const resolve = (key: string) => en(`msg:${key}`);
  const messageOf = async (check: (value: unknown) => Promise<void>, value: unknown) =>
    check(value).then(
      () => null,
      (error: Error) => error.message,
    );

  it('asks for the password when empty and compares otherwise', async () => {
    const check = passwordMatchCheck(resolve, () => 'secret1');
    expect(await messageOf(check, undefined)).toBe('Please enter a password');
    expect(await messageOf(check, '')).toBe('Please enter a password');
    expect(await messageOf(check, 'secret2')).toBe('Passwords do not match');
    expect(await messageOf(check, 'secret1')).toBeNull();
  });
});
