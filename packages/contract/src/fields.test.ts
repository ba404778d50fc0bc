import { describe, expect, it } from 'vitest';
import { codeField, passwordField, projectNameField, shareCodeField } from './fields';
import { UpdateShareRequest } from './projects';
import { SignUpRequest } from './users';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('field rules carry catalogue keys', () => {
  it('password: required, 6 to 18', () => {
    expect(firstMessage(passwordField.safeParse(undefined))).toBe('passwordRequired');
    expect(firstMessage(passwordField.safeParse(''))).toBe('passwordRequired');
    expect(firstMessage(passwordField.safeParse('12345'))).toBe('passwordLength');
    expect(firstMessage(passwordField.safeParse('x'.repeat(19)))).toBe('passwordLength');
    expect(passwordField.safeParse('123456').success).toBe(true);
    expect(passwordField.safeParse('x'.repeat(18)).success).toBe(true);
  });

  it('verification code: 6 digits', () => {
    expect(firstMessage(codeField.safeParse(''))).toBe('codeRequired');
    expect(firstMessage(codeField.safeParse('12345a'))).toBe('codeFormat');
    expect(codeField.safeParse(' 123456 ').success).toBe(true);
  });

  it('share code: exactly 4 letters or digits', () => {
    expect(firstMessage(shareCodeField.safeParse('abc'))).toBe('shareCodeLength');
    expect(firstMessage(shareCodeField.safeParse('ab-1'))).toBe('shareCodeChars');
    expect(shareCodeField.safeParse('Ab12').success).toBe(true);
  });

  it('project name: required after trimming, at most 12', () => {
    expect(firstMessage(projectNameField.safeParse('   '))).toBe('projectNameRequired');
    expect(firstMessage(projectNameField.safeParse('x'.repeat(13)))).toBe('projectNameTooLong');
    expect(projectNameField.parse('  twelve chars ')).toBe('twelve chars');
  });

  it('sign-up needs an e-mail or a phone and the agreement', () => {
    const base = { code: '123456', password: 'secret1', identity: 'Student', agreement: true };
    expect(firstMessage(SignUpRequest.safeParse(base))).toBe('accountRequired');
    expect(firstMessage(SignUpRequest.safeParse({ ...base, email: 'a@b.co', agreement: false }))).toBe(
      'agreementRequired',
    );
    expect(SignUpRequest.safeParse({ ...base, email: 'A@B.co' }).data?.email).toBe('a@b.co');
  });

  it('sharing on needs code, type and url; off needs nothing', () => {
    expect(UpdateShareRequest.safeParse({ is_shared: false }).success).toBe(true);
    expect(firstMessage(UpdateShareRequest.safeParse({ is_shared: true, share_code: 'AB12', share_url: 'u' }))).toBe(
      'shareTypeRequired',
    );
  });
});
