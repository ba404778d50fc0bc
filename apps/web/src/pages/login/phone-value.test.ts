import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PHONE_VALUE,
  normalizePhoneNumber,
  PhoneValueSchema,
  toAccountPayload,
  toContactPayload,
  toRegionOptions,
  toSendCodeCall,
} from './phone-value';

describe('PhoneValueSchema', () => {
  const issue = (value: unknown) => {
    const result = PhoneValueSchema.safeParse(value);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('needs both the region and the number, else the blank message key', () => {
    expect(issue(undefined)).toBe('phoneIncomplete');
    expect(issue({})).toBe('phoneIncomplete');
    expect(issue(DEFAULT_PHONE_VALUE)).toBe('phoneIncomplete');
    expect(issue({ region: '', number: '13800138000' })).toBe('phoneIncomplete');
    expect(issue({ region: undefined, number: '13800138000' })).toBe('phoneIncomplete');
    expect(issue({ region: '86', number: '   ' })).toBe('phoneIncomplete');
  });

  it('checks the number once both parts are there', () => {
    expect(issue({ region: '86', number: '12ab5678' })).toBe('phoneInvalid');
    expect(issue({ region: '86', number: '1234' })).toBe('phoneInvalid');
    expect(issue({ region: '86', number: '13800138000' })).toBeNull();
    expect(issue({ region: '1', number: '(415) 555-0100' })).toBeNull();
  });

  it('refuses a region that is not a calling code', () => {
    expect(issue({ region: 'CN', number: '13800138000' })).toBe('phoneIncomplete');
    expect(issue({ region: '12345', number: '13800138000' })).toBe('phoneIncomplete');
  });
});

describe('normalizePhoneNumber', () => {
  it('drops spaces, dashes and brackets only', () => {
    expect(normalizePhoneNumber(' 138 0013-8000 ')).toBe('13800138000');
    expect(normalizePhoneNumber('(415) 555-0100')).toBe('4155550100');
    expect(normalizePhoneNumber(undefined)).toBe('');
  });
});

describe('request payloads', () => {
  const values = { email: '  ada@example.org ', phone: { region: '852', number: '9123 4567' } };

  it('names the account by email, or by phone digits plus region', () => {
    expect(toAccountPayload('email', values)).toEqual({ account: 'ada@example.org' });
    expect(toAccountPayload('phone', values)).toEqual({ account: '91234567', region: '852' });
  });

  it('falls back to region 86 when the region is missing', () => {
    expect(toAccountPayload('phone', { phone: { number: '13800138000' } })).toEqual({
      account: '13800138000',
      region: '86',
    });
  });

  it('sends only the chosen contact on sign-up', () => {
    expect(toContactPayload('email', values)).toEqual({ email: 'ada@example.org' });
    expect(toContactPayload('phone', values)).toEqual({ phone: '91234567', region: '852' });
  });

  it('picks the send-code call and body', () => {
    expect(toSendCodeCall('email', values, 'sign_up')).toEqual({
      path: '/send_email_code',
      body: { email: 'ada@example.org', purpose: 'sign_up' },
    });
    expect(toSendCodeCall('phone', values, 'reset_password')).toEqual({
      path: '/send_phone_code',
      body: { phone: '91234567', region: '852', purpose: 'reset_password' },
    });
  });
});

describe('toRegionOptions', () => {
  const codes = [
    { code: '86', name: 'China', name_zh: '中国' },
    { code: '1', name: 'United States', name_zh: '美国' },
    { code: '1', name: 'Canada', name_zh: '加拿大' },
    { code: '+44', name: 'United Kingdom', name_zh: '英国' },
  ];

  it('keeps the server order, merges shared codes and labels in English', () => {
    expect(toRegionOptions(codes, 'en').map((o) => [o.value, o.label])).toEqual([
      ['86', '+86 China'],
      ['1', '+1 United States / Canada'],
      ['44', '+44 United Kingdom'],
    ]);
  });

  it('labels in Chinese for zh languages', () => {
    expect(toRegionOptions(codes, 'zh-CN').map((o) => o.label)).toEqual(['+86 中国', '+1 美国、加拿大', '+44 英国']);
  });
});
