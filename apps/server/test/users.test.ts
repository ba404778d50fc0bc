import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AuthResult,
  type CallingCode,
  CODE_POLICY,
  messages,
  type Permissions,
  SESSION_POLICY,
  translate,
  type User,
} from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  DAY,
  expectFailure,
  expectOk,
  login,
  type RegisteredUser,
  registerWithEmail,
  SECOND,
  sendEmailCode,
  sendPhoneCode,
  signUpBody,
  uniquePhone,
  userByEmail,
} from './support/helpers';
import { createProject, createTestApp, guestLogin, type TestApp, uniqueEmail } from './support/test-app';

const ADMIN_EMAIL = 'boss@medx.example.org';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: `someone@else.org, ${ADMIN_EMAIL}` });
});
afterAll(() => t?.close());

const me = (token: string) => t.request<User>('GET', '/v1/users/', { token });

/** A code target's outbox address never receives a code when a send is refused. */
function outboxHas(to: string): boolean {
  try {
    t.latestCode(to);
    return true;
  } catch {
    return false;
  }
}

/** Codes the development outbox delivered to an address. */
function outboxCount(to: string): number {
  const path = join(t.config.dataDir, 'outbox.jsonl');
  if (!existsSync(path)) return 0;
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .filter((line) => line !== '' && (JSON.parse(line) as { to: string }).to === to).length;
}

/** Verification code rows for one address (the table's target key). */
async function codeRows(target: string) {
  return t.db.kysely.selectFrom('verification_codes').selectAll().where('target', '=', target).execute();
}

describe('POST /v1/users/sign_up', () => {
  it('registers an e-mail account, lower-casing the address, and answers a working token', async () => {
    const email = uniqueEmail('Mixed').replace('mixed', 'MiXeD');
    const code = await sendEmailCode(t, email, 'sign_up');
    const res = await t.request<AuthResult>('POST', '/v1/users/sign_up', {
      body: signUpBody(`  ${email}  `, code, {
        organization: 'Lab',
        research_field: 'Docking',
        source: 'Media',
        identity: 'Teacher',
      }),
    });
    const data = expectOk(res, 'signUpSuccessful');
    expect(data.user).toMatchObject({
      user_type: 'REGISTERED',
      email: email.toLowerCase(),
      phone: null,
      identity: 'Teacher',
      organization: 'Lab',
      research_field: 'Docking',
      source: 'Media',
      username: email.toLowerCase().split('@')[0],
    });
    expect(expectOk(await me(data.token)).id).toBe(data.user.id);
    expect(await userByEmail(t, email.toLowerCase())).toMatchObject({ id: data.user.id, user_type: 'REGISTERED' });
  });

  it('registers a phone account with region 86 by default and logs in with it', async () => {
    const phone = uniquePhone();
    const code = await sendPhoneCode(t, phone, 'sign_up');
    const res = await t.request<AuthResult>('POST', '/v1/users/sign_up', {
      body: { phone, code, password: 'phonepass', identity: 'Individual', agreement: true },
    });
    const { user } = expectOk(res, 'signUpSuccessful');
    expect(user).toMatchObject({ phone, region: '86', email: null, user_type: 'REGISTERED' });

    // The region defaults to 86 on login too; another region is another account.
    const ok = await t.request<AuthResult>('POST', '/v1/users/login', {
      body: { account: phone, password: 'phonepass' },
    });
    expect(expectOk(ok, 'loginSuccessful').user.id).toBe(user.id);
    const abroad = await t.request('POST', '/v1/users/login', {
      body: { account: phone, region: '852', password: 'phonepass' },
    });
    expectFailure(abroad, 400, 'invalidCredentials');
  });

  it('registers an abroad phone in its own region', async () => {
    const phone = uniquePhone();
    const code = await sendPhoneCode(t, phone, 'sign_up', '852');
    const res = await t.request<AuthResult>('POST', '/v1/users/sign_up', {
      body: { phone, region: '852', code, password: 'phonepass', identity: 'Individual', agreement: true },
    });
    expect(expectOk(res, 'signUpSuccessful').user).toMatchObject({ phone, region: '852' });
    // The same number in region 86 is still free.
    const free = await t.request('POST', '/v1/users/send_phone_code', { body: { phone, purpose: 'sign_up' } });
    expectOk(free, 'codeSent');
  });

  it('accepts passwords of exactly 6 and 18 characters', async () => {
    for (const password of ['a'.repeat(6), 'B'.repeat(18)]) {
      const email = uniqueEmail();
      const code = await sendEmailCode(t, email, 'sign_up');
      const res = await t.request('POST', '/v1/users/sign_up', { body: signUpBody(email, code, { password }) });
      expectOk(res, 'signUpSuccessful');
      expect((await login(t, email, password)).user.email).toBe(email);
    }
  });

  // Each case sends a real, valid code first: only the named field can be the reason for the refusal.
  const invalid: [string, (body: Record<string, unknown>) => void, keyof typeof messages][] = [
    ['password of 5 characters', (b) => (b.password = '12345'), 'passwordLength'],
    ['password of 19 characters', (b) => (b.password = 'x'.repeat(19)), 'passwordLength'],
    ['missing password', (b) => delete b.password, 'passwordRequired'],
    ['empty password', (b) => (b.password = ''), 'passwordRequired'],
    ['missing code', (b) => delete b.code, 'codeRequired'],
    ['empty code', (b) => (b.code = ''), 'codeRequired'],
    ['5-digit code', (b) => (b.code = String(b.code).slice(0, 5)), 'codeFormat'],
    ['7-digit code', (b) => (b.code = `${b.code}1`), 'codeFormat'],
    ['non-digit code', (b) => (b.code = 'abcdef'), 'codeFormat'],
    ['agreement false', (b) => (b.agreement = false), 'agreementRequired'],
    ['agreement missing', (b) => delete b.agreement, 'agreementRequired'],
    ['identity missing', (b) => delete b.identity, 'identityRequired'],
    ['identity not in the list', (b) => (b.identity = 'Astronaut'), 'identityRequired'],
    ['neither e-mail nor phone', (b) => delete b.email, 'accountRequired'],
    ['invalid e-mail', (b) => (b.email = 'not-an-email'), 'emailInvalid'],
    ['username over 32 characters', (b) => (b.username = 'u'.repeat(33)), 'usernameTooLong'],
  ];
  it.each(invalid)('refuses %s and writes no user', async (_name, mutate, key) => {
    const email = uniqueEmail();
    const body = signUpBody(email, await sendEmailCode(t, email, 'sign_up'));
    mutate(body);
    const users = await countRows(t, 'users');
    expectFailure(await t.request('POST', '/v1/users/sign_up', { body }), 400, key);
    expect(await countRows(t, 'users')).toBe(users);
    expect(await userByEmail(t, email)).toBeUndefined();
  });

  it('refuses an unknown source, naming the field and the choices, and writes no user', async () => {
    const email = uniqueEmail();
    const body = signUpBody(email, await sendEmailCode(t, email, 'sign_up'), { source: 'Radio' });
    const users = await countRows(t, 'users');
    const res = await t.request('POST', '/v1/users/sign_up', { body });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^source: must be one of "Friend Recommend", /);
    expect(await countRows(t, 'users')).toBe(users);
  });

  it('refuses a phone with an invalid number or region (the region has a blank message)', async () => {
    const base = { code: '123456', password: 'secret123', identity: 'Student', agreement: true };
    expectFailure(
      await t.request('POST', '/v1/users/sign_up', { body: { ...base, phone: '12ab' } }),
      400,
      'phoneInvalid',
    );
    expectFailure(
      await t.request('POST', '/v1/users/sign_up', { body: { ...base, phone: uniquePhone(), region: '+x' } }),
      400,
      'phoneIncomplete',
    );
    expect(messages.phoneIncomplete.en.trim()).toBe('');
  });

  it('refuses a wrong code and writes no user', async () => {
    const email = uniqueEmail();
    const code = await sendEmailCode(t, email, 'sign_up');
    const wrong = code === '000000' ? '000001' : '000000';
    const res = await t.request('POST', '/v1/users/sign_up', { body: signUpBody(email, wrong) });
    expectFailure(res, 400, 'codeWrongOrExpired');
    expect(await userByEmail(t, email)).toBeUndefined();
  });

  it('refuses a code sent to another address', async () => {
    const [a, b] = [uniqueEmail(), uniqueEmail()];
    const codeA = await sendEmailCode(t, a, 'sign_up');
    await sendEmailCode(t, b, 'sign_up');
    expectFailure(
      await t.request('POST', '/v1/users/sign_up', { body: signUpBody(b, codeA) }),
      400,
      'codeWrongOrExpired',
    );
    expect(await userByEmail(t, b)).toBeUndefined();
  });

  it('accepts a code until 10 minutes and refuses it after', async () => {
    const [early, late] = [uniqueEmail(), uniqueEmail()];
    const codeEarly = await sendEmailCode(t, early, 'sign_up');
    const codeLate = await sendEmailCode(t, late, 'sign_up');
    t.clock.advance(CODE_POLICY.ttlSeconds * SECOND - SECOND);
    expectOk(await t.request('POST', '/v1/users/sign_up', { body: signUpBody(early, codeEarly) }), 'signUpSuccessful');
    t.clock.advance(2 * SECOND);
    const res = await t.request('POST', '/v1/users/sign_up', { body: signUpBody(late, codeLate) });
    expectFailure(res, 400, 'codeWrongOrExpired');
    expect(await userByEmail(t, late)).toBeUndefined();
    expect(CODE_POLICY.ttlSeconds).toBe(600);
  });

  it('marks the code used: it is single use', async () => {
    const email = uniqueEmail();
    const code = await sendEmailCode(t, email, 'sign_up');
    expectOk(await t.request('POST', '/v1/users/sign_up', { body: signUpBody(email, code) }), 'signUpSuccessful');
    const rows = await codeRows(`email:${email}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.consumed_at).toBe(t.clock.now().toISOString());
  });

  it('refuses a code sent for another purpose', async () => {
    // The API never sends a login code to an unknown address, so the service sends it directly.
    const email = uniqueEmail();
    await t.app.services.codes.send({ channel: 'email', email }, 'login');
    const res = await t.request('POST', '/v1/users/sign_up', { body: signUpBody(email, t.latestCode(email)) });
    expectFailure(res, 400, 'codeWrongOrExpired');
    expect(await userByEmail(t, email)).toBeUndefined();
  });

  it('refuses an e-mail that is already registered, in any letter case, without telling a caller with no valid code, and changes nothing', async () => {
    const existing = await registerWithEmail(t);
    const users = await countRows(t, 'users');
    for (const email of [existing.email, existing.email.toUpperCase()]) {
      const res = await t.request('POST', '/v1/users/sign_up', {
        body: signUpBody(email, '123456', { password: 'another1' }),
      });
      // The same answer as for a free address with a wrong code: registration is not revealed.
      expectFailure(res, 400, 'codeWrongOrExpired');
    }
    expect(await countRows(t, 'users')).toBe(users);
    expect((await login(t, existing.email, existing.password)).user.id).toBe(existing.user.id);
  });

  it('turns a signed-in guest into a registered user with the same id and projects', async () => {
    const guest = await guestLogin(t);
    const projectId = await createProject(t, guest.token, 'Guest work');
    const email = uniqueEmail();
    const code = await sendEmailCode(t, email, 'sign_up');
    const users = await countRows(t, 'users');

    const res = await t.request<AuthResult>('POST', '/v1/users/sign_up', {
      token: guest.token,
      body: signUpBody(email, code, { username: 'Upgraded' }),
    });
    const data = expectOk(res, 'signUpSuccessful');
    expect(data.user).toMatchObject({ id: guest.user.id, user_type: 'REGISTERED', email, username: 'Upgraded' });
    expect(data.user.created_at).toBe(guest.user.created_at);
    expect(await countRows(t, 'users')).toBe(users);

    const project = await t.request<{ id: number; creator_id: number }>('GET', `/v1/projects/${projectId}`, {
      token: data.token,
    });
    expect(expectOk(project)).toMatchObject({ id: projectId, creator_id: guest.user.id });
    // The guest session is replaced by the new one.
    expectFailure(await me(guest.token), 401, 'sessionExpired');
    expect((await login(t, email)).user.id).toBe(guest.user.id);
  });

  it('leaves a guest unchanged when its sign-up fails', async () => {
    const guest = await guestLogin(t);
    const email = uniqueEmail();
    const code = await sendEmailCode(t, email, 'sign_up');
    const res = await t.request('POST', '/v1/users/sign_up', {
      token: guest.token,
      body: signUpBody(email, code === '999999' ? '999998' : '999999'),
    });
    expectFailure(res, 400, 'codeWrongOrExpired');
    expect(expectOk(await me(guest.token))).toMatchObject({ id: guest.user.id, user_type: 'GUEST', email: null });
  });

  it('creates a separate account when a registered user signs up another address', async () => {
    const first = await registerWithEmail(t);
    const email = uniqueEmail();
    const code = await sendEmailCode(t, email, 'sign_up');
    const res = await t.request<AuthResult>('POST', '/v1/users/sign_up', {
      token: first.token,
      body: signUpBody(email, code),
    });
    const second = expectOk(res, 'signUpSuccessful');
    expect(second.user.id).not.toBe(first.user.id);
    expect(expectOk(await me(first.token))).toMatchObject({ id: first.user.id, email: first.email });
  });
});

describe('POST /v1/users/login', () => {
  let user: RegisteredUser;
  beforeAll(async () => {
    user = await registerWithEmail(t);
  });

  it('logs in with the right password, in any letter case of the e-mail', async () => {
    const res = await t.request<AuthResult>('POST', '/v1/users/login', {
      body: { account: user.email.toUpperCase(), password: user.password },
    });
    const data = expectOk(res, 'loginSuccessful');
    expect(data.user).toMatchObject({ id: user.user.id, email: user.email });
    expect(data.token).not.toBe(user.token);
    expect(expectOk(await me(data.token)).id).toBe(user.user.id);
  });

  it('gives one message for a wrong password, a wrong letter case and an unknown account', async () => {
    const sessions = await countRows(t, 'sessions');
    for (const body of [
      { account: user.email, password: 'wrong-password' },
      { account: user.email, password: user.password.toUpperCase() },
      { account: uniqueEmail('nobody'), password: user.password },
      { account: uniquePhone(), password: user.password },
    ]) {
      expectFailure(await t.request('POST', '/v1/users/login', { body }), 400, 'invalidCredentials');
    }
    expect(await countRows(t, 'sessions')).toBe(sessions);
  });

  it('validates the account and password fields', async () => {
    const cases: [Record<string, unknown>, keyof typeof messages][] = [
      [{ password: 'secret123' }, 'accountRequired'],
      [{ account: '   ', password: 'secret123' }, 'accountRequired'],
      [{ account: user.email }, 'passwordRequired'],
      [{ account: user.email, password: '12345' }, 'passwordLength'],
      [{ account: 'a@b', password: 'secret123' }, 'emailInvalid'],
      [{ account: 'abc', password: 'secret123' }, 'phoneInvalid'],
    ];
    for (const [body, key] of cases) expectFailure(await t.request('POST', '/v1/users/login', { body }), 400, key);
  });
});

describe('POST /v1/users/send_email_code and send_phone_code', () => {
  it('sends a 6-digit code and tells when to resend and when it expires', async () => {
    const email = uniqueEmail();
    const res = await t.request<{ resend_after: number; expires_in: number }>('POST', '/v1/users/send_email_code', {
      body: { email, purpose: 'sign_up' },
    });
    expect(expectOk(res, 'codeSent')).toEqual({ resend_after: 60, expires_in: 600 });
    expect(t.latestCode(email)).toMatch(/^\d{6}$/);
  });

  it('refuses a resend within 60 seconds with the seconds left', async () => {
    const email = uniqueEmail();
    await sendEmailCode(t, email, 'sign_up');
    t.clock.advance(20 * SECOND);
    const res = await t.request('POST', '/v1/users/send_email_code', { body: { email, purpose: 'sign_up' } });
    expectFailure(res, 429, 'codeTooFrequent', { params: { seconds: 40 } });
    const zh = await t.request('POST', '/v1/users/send_email_code', {
      body: { email, purpose: 'sign_up' },
      lang: 'zh-CN',
    });
    expectFailure(zh, 429, 'codeTooFrequent', { lang: 'zh-CN', params: { seconds: 40 } });
    expect((await codeRows(`email:${email}`)).length).toBe(1);
    t.clock.advance(40 * SECOND);
    expectOk(await t.request('POST', '/v1/users/send_email_code', { body: { email, purpose: 'sign_up' } }), 'codeSent');
    expect((await codeRows(`email:${email}`)).length).toBe(2);
  });

  it('throttles a phone number the same way', async () => {
    const phone = uniquePhone();
    await sendPhoneCode(t, phone, 'sign_up');
    const res = await t.request('POST', '/v1/users/send_phone_code', { body: { phone, purpose: 'sign_up' } });
    expectFailure(res, 429, 'codeTooFrequent', { params: { seconds: 60 } });
  });

  it('caps an address at 10 codes a day', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < CODE_POLICY.perTargetPerDay; i++) {
      await sendEmailCode(t, email, 'sign_up');
      t.clock.advance(61 * SECOND);
    }
    const res = await t.request('POST', '/v1/users/send_email_code', { body: { email, purpose: 'sign_up' } });
    expectFailure(res, 429, 'codeDailyLimit');
    const zh = await t.request('POST', '/v1/users/send_email_code', {
      body: { email, purpose: 'sign_up' },
      lang: 'zh-CN',
    });
    expectFailure(zh, 429, 'codeDailyLimit', { lang: 'zh-CN' });
    expect((await codeRows(`email:${email}`)).length).toBe(10);
    // The day is a sliding 24 hours from the first code.
    t.clock.advance(DAY - 10 * 61 * SECOND + SECOND);
    expectOk(await t.request('POST', '/v1/users/send_email_code', { body: { email, purpose: 'sign_up' } }), 'codeSent');
  });

  it('delivers login and reset codes only to registered accounts, answering unknown ones exactly alike', async () => {
    const registered = await registerWithEmail(t);
    for (const purpose of ['login', 'reset_password']) {
      t.clock.advance(61 * SECOND);
      const known = await t.request('POST', '/v1/users/send_email_code', {
        body: { email: registered.email, purpose },
      });
      const email = uniqueEmail();
      const res = await t.request('POST', '/v1/users/send_email_code', { body: { email, purpose } });
      expect(res).toEqual(known);
      expectOk(res, 'codeSent');
      expect(outboxHas(email)).toBe(false);
      // Throttled like a real one: a second request within the minute is refused the same way.
      expectFailure(
        await t.request('POST', '/v1/users/send_email_code', { body: { email, purpose } }),
        429,
        'codeTooFrequent',
        { params: { seconds: 60 } },
      );
      const phone = uniquePhone();
      const byPhone = await t.request('POST', '/v1/users/send_phone_code', { body: { phone, purpose } });
      expectOk(byPhone, 'codeSent');
      expect(outboxHas(`+86 ${phone}`)).toBe(false);
    }
    // Without a purpose the code is a login code: nothing delivered to an unknown address.
    const unknown = uniqueEmail();
    expectOk(await t.request('POST', '/v1/users/send_email_code', { body: { email: unknown } }), 'codeSent');
    expect(outboxHas(unknown)).toBe(false);
  });

  it('answers a sign-up code request for a registered account like any other, and delivers nothing', async () => {
    const user = await registerWithEmail(t);
    t.clock.advance(61 * SECOND);
    const before = (await codeRows(`email:${user.email}`)).length;
    const delivered = outboxCount(user.email);
    const res = await t.request('POST', '/v1/users/send_email_code', {
      body: { email: user.email.toUpperCase(), purpose: 'sign_up' },
    });
    expectOk(res, 'codeSent');
    expect((await codeRows(`email:${user.email}`)).length).toBe(before + 1);
    expect(outboxCount(user.email)).toBe(delivered);
  });

  it('validates the address', async () => {
    const cases: [string, Record<string, unknown>, keyof typeof messages][] = [
      ['send_email_code', { purpose: 'sign_up' }, 'emailRequired'],
      ['send_email_code', { email: '', purpose: 'sign_up' }, 'emailRequired'],
      ['send_email_code', { email: 'someone@', purpose: 'sign_up' }, 'emailInvalid'],
      ['send_email_code', { email: 'some one@example.org', purpose: 'sign_up' }, 'emailInvalid'],
      ['send_phone_code', { purpose: 'sign_up' }, 'phoneRequired'],
      ['send_phone_code', { phone: '12-34', purpose: 'sign_up' }, 'phoneInvalid'],
      ['send_phone_code', { phone: uniquePhone(), region: 'CN', purpose: 'sign_up' }, 'phoneIncomplete'],
    ];
    const codes = await countRows(t, 'verification_codes');
    for (const [call, body, key] of cases) {
      expectFailure(await t.request('POST', `/v1/users/${call}`, { body }), 400, key);
    }
    expectFailure(
      await t.request('POST', '/v1/users/send_email_code', { body: { email: uniqueEmail(), purpose: 'steal' } }),
      400,
      'validationOneOf',
      { params: { field: 'purpose', values: '"sign_up", "login", "reset_password"' } },
    );
    expect(await countRows(t, 'verification_codes')).toBe(codes);
  });
});

describe('POST /v1/users/login_by_code', () => {
  let user: RegisteredUser;
  beforeAll(async () => {
    user = await registerWithEmail(t);
  });
  const fresh = async (purpose: 'login' | 'reset_password' = 'login') => {
    t.clock.advance(61 * SECOND);
    return sendEmailCode(t, user.email, purpose);
  };
  const wrongOf = (code: string, i = 0) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
  const byCode = (code: string, account = user.email) =>
    t.request<AuthResult>('POST', '/v1/users/login_by_code', { body: { account, code } });

  it('logs in with a login code, once', async () => {
    const code = await fresh();
    const data = expectOk(await byCode(code), 'loginSuccessful');
    expect(data.user.id).toBe(user.user.id);
    expect(expectOk(await me(data.token)).id).toBe(user.user.id);
    expectFailure(await byCode(code), 400, 'codeWrongOrExpired');
  });

  it('refuses a wrong code, a code of another purpose and an unknown account', async () => {
    const code = await fresh();
    expectFailure(await byCode(wrongOf(code)), 400, 'codeWrongOrExpired');
    const reset = await fresh('reset_password');
    expectFailure(await byCode(reset), 400, 'codeWrongOrExpired');
    expectFailure(await byCode(reset, uniqueEmail()), 400, 'codeWrongOrExpired');
    expectFailure(await byCode('12a456'), 400, 'codeFormat');
  });

  it('refuses even the right code after 5 wrong tries, until a new code is sent', async () => {
    const code = await fresh();
    for (let i = 0; i < CODE_POLICY.maxVerifyAttempts; i++) {
      expectFailure(await byCode(wrongOf(code, i)), 400, 'codeWrongOrExpired');
    }
    expectFailure(await byCode(code), 400, 'codeWrongOrExpired');
    expect(CODE_POLICY.maxVerifyAttempts).toBe(5);
    const next = await fresh();
    expectOk(await byCode(next), 'loginSuccessful');
  });

  it('accepts the right code on the fifth try', async () => {
    const code = await fresh();
    for (let i = 0; i < CODE_POLICY.maxVerifyAttempts - 1; i++) {
      expectFailure(await byCode(wrongOf(code, i)), 400, 'codeWrongOrExpired');
    }
    expectOk(await byCode(code), 'loginSuccessful');
  });

  it('counts wrong tries sent in parallel: they cannot get past the limit', async () => {
    const code = await fresh();
    const tries = await Promise.all(Array.from({ length: 20 }, (_, i) => byCode(wrongOf(code, i))));
    for (const res of tries) expectFailure(res, 400, 'codeWrongOrExpired');
    expectFailure(await byCode(code), 400, 'codeWrongOrExpired');
  });
});

describe('POST /v1/users/guest_login', () => {
  it('creates a new guest account each time', async () => {
    const a = expectOk(await t.request<AuthResult>('POST', '/v1/users/guest_login', { body: {} }), 'loginSuccessful');
    const b = expectOk(await t.request<AuthResult>('POST', '/v1/users/guest_login'), 'loginSuccessful');
    expect(a.user).toMatchObject({ user_type: 'GUEST', email: null, phone: null });
    expect(a.user.username).toMatch(/^Guest-/);
    expect(b.user.id).not.toBe(a.user.id);
    expect(expectOk(await me(a.token))).toMatchObject({ id: a.user.id, user_type: 'GUEST' });
  });
});

describe('POST /v1/users/reset_password', () => {
  it('sets a new password and ends every session', async () => {
    const user = await registerWithEmail(t);
    const other = await login(t, user.email);
    t.clock.advance(61 * SECOND);
    const code = await sendEmailCode(t, user.email, 'reset_password');
    const res = await t.request('POST', '/v1/users/reset_password', {
      body: { account: user.email, code, password: 'brandnew1' },
    });
    expect(expectOk(res, 'resetPasswordSuccessful')).toBeNull();
    expectFailure(await me(user.token), 401, 'sessionExpired');
    expectFailure(await me(other.token), 401, 'sessionExpired');
    expectFailure(
      await t.request('POST', '/v1/users/login', { body: { account: user.email, password: user.password } }),
      400,
      'invalidCredentials',
    );
    expect((await login(t, user.email, 'brandnew1')).user.id).toBe(user.user.id);
    // Single use.
    const again = await t.request('POST', '/v1/users/reset_password', {
      body: { account: user.email, code, password: 'third-one' },
    });
    expectFailure(again, 400, 'codeWrongOrExpired');
  });

  it('resets a phone account', async () => {
    const phone = uniquePhone();
    const signUpCode = await sendPhoneCode(t, phone, 'sign_up');
    const signed = await t.request<AuthResult>('POST', '/v1/users/sign_up', {
      body: { phone, code: signUpCode, password: 'phonepass', identity: 'Student', agreement: true },
    });
    const { user } = expectOk(signed, 'signUpSuccessful');
    t.clock.advance(61 * SECOND);
    const code = await sendPhoneCode(t, phone, 'reset_password');
    const res = await t.request('POST', '/v1/users/reset_password', {
      body: { account: phone, code, password: 'phonepass2' },
    });
    expectOk(res, 'resetPasswordSuccessful');
    expect((await login(t, phone, 'phonepass2')).user.id).toBe(user.id);
  });

  it('changes nothing on a wrong code, a bad password or an unknown account', async () => {
    const user = await registerWithEmail(t);
    t.clock.advance(61 * SECOND);
    const code = await sendEmailCode(t, user.email, 'reset_password');
    const wrong = code === '111111' ? '111112' : '111111';
    const cases: [Record<string, unknown>, keyof typeof messages][] = [
      [{ account: user.email, code: wrong, password: 'brandnew1' }, 'codeWrongOrExpired'],
      [{ account: user.email, code, password: 'short' }, 'passwordLength'],
      [{ account: user.email, code }, 'passwordRequired'],
      [{ account: user.email, password: 'brandnew1' }, 'codeRequired'],
      [{ account: uniqueEmail(), code, password: 'brandnew1' }, 'codeWrongOrExpired'],
    ];
    for (const [body, key] of cases) {
      expectFailure(await t.request('POST', '/v1/users/reset_password', { body }), 400, key);
    }
    expect(expectOk(await me(user.token)).id).toBe(user.user.id);
    expect((await login(t, user.email, user.password)).user.id).toBe(user.user.id);
    // The code was not spent by the refused calls (one wrong try only).
    expectOk(
      await t.request('POST', '/v1/users/reset_password', {
        body: { account: user.email, code, password: 'brandnew1' },
      }),
      'resetPasswordSuccessful',
    );
  });
});

describe('POST /v1/users/change_info', () => {
  it('updates the given fields only', async () => {
    const user = await registerWithEmail(t);
    const res = await t.request<User>('POST', '/v1/users/change_info', {
      token: user.token,
      body: { username: ' Dr. Who ', organization: 'TARDIS Lab', research_field: 'Time', source: 'Friend Recommend' },
    });
    const changed = expectOk(res, 'updateSuccessful');
    expect(changed).toMatchObject({
      id: user.user.id,
      username: 'Dr. Who',
      organization: 'TARDIS Lab',
      research_field: 'Time',
      source: 'Friend Recommend',
      identity: 'Student',
      email: user.email,
    });
    expect(expectOk(await me(user.token))).toEqual(changed);

    const second = await t.request<User>('POST', '/v1/users/change_info', {
      token: user.token,
      body: { identity: 'Enterprise' },
    });
    expect(expectOk(second, 'updateSuccessful')).toEqual({ ...changed, identity: 'Enterprise' });
  });

  it('refuses invalid values and changes nothing', async () => {
    const user = await registerWithEmail(t);
    const before = expectOk(await me(user.token));
    const cases: [Record<string, unknown>, keyof typeof messages, Record<string, string | number>?][] = [
      [{ identity: 'Wizard', username: 'changed' }, 'identityRequired'],
      [{ username: 'u'.repeat(33) }, 'usernameTooLong'],
      [{ username: '   ' }, 'validationEmptyText', { field: 'username' }],
      [{ organization: 'o'.repeat(101) }, 'validationLongText', { field: 'organization', max: 100 }],
    ];
    for (const [body, key, params] of cases) {
      expectFailure(await t.request('POST', '/v1/users/change_info', { token: user.token, body }), 400, key, {
        params,
      });
    }
    expect(expectOk(await me(user.token))).toEqual(before);
    expectFailure(await t.request('POST', '/v1/users/change_info', { body: { username: 'x' } }), 401, 'sessionExpired');
  });
});

describe('POST /v1/users/change_password', () => {
  it('changes the password, keeps the current session and ends the others', async () => {
    const user = await registerWithEmail(t);
    const other = await login(t, user.email);
    const wrong = await t.request('POST', '/v1/users/change_password', {
      token: user.token,
      body: { old_password: 'not-the-one', new_password: 'changed123' },
    });
    expectFailure(wrong, 400, 'oldPasswordWrong');
    expect(expectOk(await me(other.token)).id).toBe(user.user.id);

    const short = await t.request('POST', '/v1/users/change_password', {
      token: user.token,
      body: { old_password: user.password, new_password: '12345' },
    });
    expectFailure(short, 400, 'passwordLength');

    const res = await t.request('POST', '/v1/users/change_password', {
      token: user.token,
      body: { old_password: user.password, new_password: 'changed123' },
    });
    expect(expectOk(res, 'updateSuccessful')).toBeNull();
    expect(expectOk(await me(user.token)).id).toBe(user.user.id);
    expectFailure(await me(other.token), 401, 'sessionExpired');
    expectFailure(
      await t.request('POST', '/v1/users/login', { body: { account: user.email, password: user.password } }),
      400,
      'invalidCredentials',
    );
    expect((await login(t, user.email, 'changed123')).user.id).toBe(user.user.id);
  });

  it('refuses guests and callers without a session', async () => {
    const guest = await guestLogin(t);
    const body = { old_password: 'whatever1', new_password: 'changed123' };
    expectFailure(
      await t.request('POST', '/v1/users/change_password', { token: guest.token, body }),
      400,
      'guestNotAllowed',
    );
    expectFailure(await t.request('POST', '/v1/users/change_password', { body }), 401, 'sessionExpired');
  });
});

describe('POST /v1/users/logout', () => {
  it('ends only the current session', async () => {
    const user = await registerWithEmail(t);
    const other = await login(t, user.email);
    const res = await t.request('POST', '/v1/users/logout', { token: user.token });
    expect(expectOk(res, 'signOutSuccessful')).toBeNull();
    expectFailure(await me(user.token), 401, 'sessionExpired');
    expectFailure(await t.request('POST', '/v1/users/logout', { token: user.token }), 401, 'sessionExpired');
    expect(expectOk(await me(other.token)).id).toBe(user.user.id);
  });

  it('needs a session', async () => {
    expectFailure(await t.request('POST', '/v1/users/logout'), 401, 'sessionExpired');
  });
});

describe('GET /v1/users/', () => {
  it('answers the current user', async () => {
    const user = await registerWithEmail(t);
    expect(expectOk(await me(user.token))).toEqual(user.user);
  });

  it('answers 401 sessionExpired without a token or with an unknown one', async () => {
    expectFailure(await t.request('GET', '/v1/users/'), 401, 'sessionExpired');
    expectFailure(await me('not-a-real-token'), 401, 'sessionExpired');
    expectFailure(await t.request('GET', '/v1/users/', { lang: 'zh-CN' }), 401, 'sessionExpired', { lang: 'zh-CN' });
  });
});

describe('GET /v1/users/permissions', () => {
  const permissions = (token: string) => t.request<Permissions>('GET', '/v1/users/permissions', { token });

  it('gives guests no tools and no admin panel', async () => {
    const guest = await guestLogin(t);
    expect(expectOk(await permissions(guest.token))).toEqual({ tools: false, workflows: false, ADMIN_PANEL: false });
  });

  it('gives registered users the tool menus and no admin panel', async () => {
    const user = await registerWithEmail(t);
    const data = expectOk(await permissions(user.token));
    expect(data.tools).toBe('MENUS');
    expect(data.ADMIN_PANEL).toBe(false);
  });

  it('gives the admin panel to an e-mail listed in adminEmails, whatever its letter case', async () => {
    const admin = await registerWithEmail(t, ADMIN_EMAIL.toUpperCase());
    const data = expectOk(await permissions(admin.token));
    expect(data).toMatchObject({ tools: 'MENUS', ADMIN_PANEL: true });
  });

  it('needs a session', async () => {
    expectFailure(await t.request('GET', '/v1/users/permissions'), 401, 'sessionExpired');
  });
});

describe('GET /v1/users/calling/codes', () => {
  it('lists regions with 86 first, without a session', async () => {
    const codes = expectOk(await t.request<CallingCode[]>('GET', '/v1/users/calling/codes'));
    expect(codes[0]).toEqual({ code: '86', name: 'China', name_zh: '中国' });
    expect(codes.length).toBeGreaterThan(10);
    expect(new Set(codes.map((c) => c.code)).size).toBe(codes.length);
    for (const c of codes) expect(c.code).toMatch(/^\d{1,4}$/);
  });
});

describe('Accept-Language', () => {
  it('answers Chinese for zh and zh-CN, English otherwise', async () => {
    // A fresh account each time: six wrong passwords for one account would start its backoff.
    const body = () => ({ account: uniqueEmail(), password: 'secret123' });
    for (const lang of ['zh-CN', 'zh', 'zh-TW,zh;q=0.9']) {
      const res = await t.request('POST', '/v1/users/login', { body: body(), lang });
      expectFailure(res, 400, 'invalidCredentials', { lang: 'zh-CN' });
      expect(res.body.msg).toBe(messages.invalidCredentials['zh-CN']);
    }
    for (const lang of ['en-US', 'fr', undefined]) {
      expectFailure(await t.request('POST', '/v1/users/login', { body: body(), lang }), 400, 'invalidCredentials');
    }
    const validation = await t.request('POST', '/v1/users/sign_up', {
      body: { email: uniqueEmail(), code: '123456', password: '123', identity: 'Student', agreement: true },
      lang: 'zh-CN',
    });
    expectFailure(validation, 400, 'passwordLength', { lang: 'zh-CN' });
    const success = await t.request('POST', '/v1/users/guest_login', { lang: 'zh-CN' });
    expectOk(success, 'loginSuccessful', 'zh-CN');
    expect(success.body.msg).toBe(translate('loginSuccessful', 'zh-CN'));
  });
});

describe('session expiry', () => {
  let timeApp: TestApp;
  beforeAll(async () => {
    timeApp = await createTestApp();
  });
  afterAll(() => timeApp?.close());

  it('keeps a session for exactly 30 days and answers sessionExpired from then on', async () => {
    const guest = await guestLogin(timeApp);
    const { token } = await (async () => {
      const email = uniqueEmail();
      const code = await sendEmailCode(timeApp, email, 'sign_up');
      const res = await timeApp.request<AuthResult>('POST', '/v1/users/sign_up', { body: signUpBody(email, code) });
      return expectOk(res, 'signUpSuccessful');
    })();
    // Both sessions began at the same instant of the test clock.
    expect(SESSION_POLICY).toEqual({ registeredDays: 30, guestDays: 30 });
    timeApp.clock.advance(30 * DAY - 1);
    expectOk(await timeApp.request('GET', '/v1/users/', { token }));
    expectOk(await timeApp.request('GET', '/v1/users/', { token: guest.token }));
    timeApp.clock.advance(1);
    expectFailure(await timeApp.request('GET', '/v1/users/', { token }), 401, 'sessionExpired');
    expectFailure(await timeApp.request('GET', '/v1/projects', { token }), 401, 'sessionExpired');
    expectFailure(await timeApp.request('GET', '/v1/users/', { token: guest.token }), 401, 'sessionExpired');
    expectFailure(await timeApp.request('GET', '/v1/users/', { token, lang: 'zh-CN' }), 401, 'sessionExpired', {
      lang: 'zh-CN',
    });
  });
});

describe('per-address rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimitGuestPerHour: 2, rateLimitLoginPerMinute: 2, rateLimitCodesPerHour: 2 });
  });
  afterAll(() => limited?.close());

  it('answers 429 rateLimited on the third guest login', async () => {
    const users = await countRows(limited, 'users');
    expectOk(await limited.request('POST', '/v1/users/guest_login'), 'loginSuccessful');
    expectOk(await limited.request('POST', '/v1/users/guest_login'), 'loginSuccessful');
    expectFailure(await limited.request('POST', '/v1/users/guest_login'), 429, 'rateLimited');
    expectFailure(await limited.request('POST', '/v1/users/guest_login', { lang: 'zh-CN' }), 429, 'rateLimited', {
      lang: 'zh-CN',
    });
    expect(await countRows(limited, 'users')).toBe(users + 2);
  });

  it('limits logins and code requests too', async () => {
    const body = { account: uniqueEmail(), password: 'secret123' };
    expectFailure(await limited.request('POST', '/v1/users/login', { body }), 400, 'invalidCredentials');
    expectFailure(await limited.request('POST', '/v1/users/login', { body }), 400, 'invalidCredentials');
    expectFailure(await limited.request('POST', '/v1/users/login', { body }), 429, 'rateLimited');
    const code = () =>
      limited.request('POST', '/v1/users/send_email_code', { body: { email: uniqueEmail(), purpose: 'sign_up' } });
    expectOk(await code(), 'codeSent');
    expectOk(await code(), 'codeSent');
    expectFailure(await code(), 429, 'rateLimited');
  });
});
