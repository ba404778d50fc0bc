import { LOGIN_POLICY } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { expectFailure, login, registerWithEmail, SECOND } from '../support/helpers';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Finding 3 of the abuse review: limits keyed on what a client cannot forge. The
 * per-IP budgets use the socket's address unless TRUST_PROXY lists the proxy.
 */
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

async function app(overrides: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const created = await createTestApp(overrides);
  apps.push(created);
  return created;
}

/** A raw call from a given socket address, with optional headers. */
async function from(t: TestApp, remoteAddress: string, url: string, payload: object, headers = {}) {
  const res = await t.app.http.inject({ method: 'POST', url, payload, remoteAddress, headers });
  return { status: res.statusCode, body: res.json() as { success: boolean; msg: string } };
}

describe('TRUST_PROXY', () => {
  it('is off by default and refuses settings that trust every hop', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    for (const value of ['true', 'TRUE', '*', '2']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    }
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toBe('10.0.0.1, 192.168.0.0/16');
  });

  it('by default, a rotating X-Forwarded-For does not escape the per-address login limit', async () => {
    const t = await app({ rateLimitLoginPerMinute: 5 });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await from(
        t,
        '203.0.113.7',
        '/v1/users/login',
        { account: `nobody${i}@example.org`, password: 'wrong-pass' },
        { 'x-forwarded-for': `198.51.100.${i}` },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    // Guest creation too.
    const guests: number[] = [];
    const limited = await app({ rateLimitGuestPerHour: 3 });
    for (let i = 0; i < 5; i++) {
      const res = await from(
        limited,
        '203.0.113.8',
        '/v1/users/guest_login',
        {},
        { 'x-forwarded-for': `198.51.100.${i}` },
      );
      guests.push(res.status);
    }
    expect(guests).toEqual([200, 200, 200, 429, 429]);
  });

  it('behind a listed proxy, the forwarded client address is the key (and only that proxy is believed)', async () => {
    const t = await app({ rateLimitLoginPerMinute: 2, trustProxy: '10.0.0.1' });
    const viaProxy = (client: string) =>
      from(
        t,
        '10.0.0.1',
        '/v1/users/login',
        { account: 'x@example.org', password: 'wrong-pass' },
        { 'x-forwarded-for': client },
      );
    expect((await viaProxy('198.51.100.1')).status).toBe(400);
    expect((await viaProxy('198.51.100.1')).status).toBe(400);
    expect((await viaProxy('198.51.100.1')).status).toBe(429);
    // Another client behind the same proxy has its own budget.
    expect((await viaProxy('198.51.100.2')).status).toBe(400);
    // A client that is not the proxy cannot name itself.
    const direct = (client: string) =>
      from(
        t,
        '203.0.113.9',
        '/v1/users/login',
        { account: 'x@example.org', password: 'wrong-pass' },
        { 'x-forwarded-for': client },
      );
    expect((await direct('198.51.100.3')).status).toBe(400);
    expect((await direct('198.51.100.4')).status).toBe(400);
    expect((await direct('198.51.100.5')).status).toBe(429);
  });
});

describe('per-account login backoff', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app();
  });

  it(`after ${LOGIN_POLICY.freeFailures} wrong passwords the address waits, doubling; the owner elsewhere is not delayed`, async () => {
    const user = await registerWithEmail(t);
    const attacker = (password: string) =>
      from(t, '203.0.113.20', '/v1/users/login', { account: user.email, password });
    for (let i = 0; i < LOGIN_POLICY.freeFailures; i++) {
      const res = await attacker(`wrong-${i}`);
      expect(res.status).toBe(400);
    }
    // Even the right password waits now: the address is backing off.
    let res = await attacker(user.password);
    expect(res.status).toBe(429);
    expect(res.body.msg).toBe(
      `Too many wrong passwords for this account from your address. Please try again in ${LOGIN_POLICY.firstDelaySeconds} seconds.`,
    );
    // The owner, from another address, logs in at once.
    expect(
      (await from(t, '203.0.113.21', '/v1/users/login', { account: user.email, password: user.password })).status,
    ).toBe(200);
    t.clock.advance(LOGIN_POLICY.firstDelaySeconds * SECOND);
    expect((await attacker('wrong-again')).status).toBe(400);
    res = await attacker(user.password);
    expect(res.status).toBe(429);
    expect(res.body.msg).toContain(`${2 * LOGIN_POLICY.firstDelaySeconds} seconds`);
    t.clock.advance(2 * LOGIN_POLICY.firstDelaySeconds * SECOND);
    // A success clears the record.
    expect((await attacker(user.password)).status).toBe(200);
    expect((await attacker('wrong-once-more')).status).toBe(400);
    expect((await attacker(user.password)).status).toBe(200);
  });

  it('an unknown account backs off exactly like a real one (no account probing)', async () => {
    const user = await registerWithEmail(t);
    const answers = async (account: string, address: string) => {
      const out: string[] = [];
      for (let i = 0; i <= LOGIN_POLICY.freeFailures; i++) {
        const res = await from(t, address, '/v1/users/login', { account, password: `wrong-${i}` });
        out.push(`${res.status} ${res.body.msg}`);
      }
      return out;
    };
    expect(await answers('no-such-user@example.org', '203.0.113.30')).toEqual(
      await answers(user.email, '203.0.113.31'),
    );
  });

  it('the wait is capped: a stranger can only slow their own address, never lock the owner for good', async () => {
    const user = await registerWithEmail(t);
    // 30 s × 2^5 passes the 15-minute cap: a dozen failures reach it.
    for (let i = 0; i < 12; i++) {
      await from(t, '203.0.113.40', '/v1/users/login', { account: user.email, password: `wrong-${i}` });
      t.clock.advance(LOGIN_POLICY.maxDelaySeconds * SECOND);
    }
    const res = await from(t, '203.0.113.40', '/v1/users/login', { account: user.email, password: 'wrong-last' });
    expect(res.status).toBe(400);
    const waiting = await from(t, '203.0.113.40', '/v1/users/login', { account: user.email, password: user.password });
    expect(waiting.body.msg).toContain(`${LOGIN_POLICY.maxDelaySeconds} seconds`);
    expect((await login(t, user.email, user.password)).user.id).toBe(user.user.id);
    expectFailure(
      await t.request('POST', '/v1/users/login', { body: { account: user.email, password: 'nope12' } }),
      400,
      'invalidCredentials',
    );
  });
});
