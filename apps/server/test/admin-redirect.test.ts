import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminRedirect, AuthResult, Permissions } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk, sharedProject } from './support/helpers';
import { createTestApp, guestLogin, registerUser, type TestApp, uniqueEmail } from './support/test-app';

/**
 * GET /v1/users/admin/redirect: the address the sidebar's Admin Panel item opens. Only users
 * whose permission data has ADMIN_PANEL (e-mails in ADMIN_EMAILS) get it; nobody's role on a
 * project matters. Without ADMIN_PANEL_URL the address is this server's own admin area.
 */
const ADMIN = uniqueEmail('admin');

describe('GET /v1/users/admin/redirect (default address)', () => {
  let t: TestApp;
  const users = {} as Record<
    'admin' | 'owner' | 'readWriteMember' | 'readOnlyMember' | 'stranger' | 'guest',
    AuthResult
  >;

  beforeAll(async () => {
    // Upper case and spaces in ADMIN_EMAILS still match the stored (lower-case) e-mail.
    t = await createTestApp({ adminEmails: ` other@example.org , ${ADMIN.toUpperCase()} ` });
    users.admin = await registerUser(t, ADMIN);
    users.owner = await registerUser(t);
    users.readWriteMember = await registerUser(t);
    users.readOnlyMember = await registerUser(t);
    users.stranger = await registerUser(t);
    users.guest = await guestLogin(t);
    // Members of the admin's own projects get nothing from that membership.
    await sharedProject(t, users.admin.token, 'READ_WRITE', [users.readWriteMember.token], 'RW12');
    await sharedProject(t, users.admin.token, 'READ_ONLY', [users.readOnlyMember.token], 'RO12');
    await sharedProject(t, users.owner.token, 'READ_WRITE', [users.admin.token], 'AD12');
  });
  afterAll(() => t?.close());

  it('gives an administrator the admin area of the origin the request came to', async () => {
    const res = await t.request<AdminRedirect>('GET', '/v1/users/admin/redirect', { token: users.admin.token });
    expect(expectOk(res)).toEqual({ redirect_url: 'http://localhost:80/admin' });
  });

  it('follows the forwarded origin of a proxy listed in TRUST_PROXY, and of nobody else', async () => {
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'medx.example.org' };
    // By default no proxy is trusted: the headers are the client's word and are ignored.
    const ignored = await t.request<AdminRedirect>('GET', '/v1/users/admin/redirect', {
      token: users.admin.token,
      headers,
    });
    expect(expectOk(ignored).redirect_url).toBe('http://localhost:80/admin');
    const proxied = await createTestApp({ adminEmails: ADMIN, trustProxy: '127.0.0.1' });
    try {
      const admin = await registerUser(proxied, ADMIN);
      const res = await proxied.request<AdminRedirect>('GET', '/v1/users/admin/redirect', {
        token: admin.token,
        headers,
      });
      expect(expectOk(res).redirect_url).toBe('https://medx.example.org/admin');
    } finally {
      await proxied.close();
    }
  });

  it('leads to a page that exists: the web app answers /admin with its index page', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'medx-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>MedX admin test</title>');
    const served = await createTestApp({ webDist });
    try {
      const res = await served.app.http.inject({ method: 'GET', url: '/admin' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('MedX admin test');
    } finally {
      await served.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('agrees with the permission data the sidebar reads', async () => {
    for (const [role, auth] of Object.entries(users)) {
      const permissions = expectOk(await t.request<Permissions>('GET', '/v1/users/permissions', { token: auth.token }));
      expect(permissions.ADMIN_PANEL, role).toBe(role === 'admin');
    }
  });

  it.each(['owner', 'readWriteMember', 'readOnlyMember', 'stranger', 'guest'] as const)(
    'refuses %s with 403',
    async (role) => {
      const res = await t.request('GET', '/v1/users/admin/redirect', { token: users[role].token });
      expectFailure(res, 403, 'adminPanelForbidden');
    },
  );

  it('refuses in Chinese when asked', async () => {
    const res = await t.request('GET', '/v1/users/admin/redirect', { token: users.guest.token, lang: 'zh-CN' });
    expectFailure(res, 403, 'adminPanelForbidden', { lang: 'zh-CN' });
  });

  it('answers 401 without a token, with an unknown one, and after sign-out', async () => {
    expectFailure(await t.request('GET', '/v1/users/admin/redirect'), 401, 'sessionExpired');
    expectFailure(await t.request('GET', '/v1/users/admin/redirect', { token: 'not-a-token' }), 401, 'sessionExpired');
    const second = await registerUser(t, uniqueEmail('gone'));
    expectOk(await t.request('POST', '/v1/users/logout', { token: second.token }), 'signOutSuccessful');
    expectFailure(await t.request('GET', '/v1/users/admin/redirect', { token: second.token }), 401, 'sessionExpired');
  });

  it('takes no other method', async () => {
    const res = await t.request('POST', '/v1/users/admin/redirect', { token: users.admin.token, body: {} });
    expect(res.status).toBe(404);
  });
});

describe('GET /v1/users/admin/redirect (configured)', () => {
  it('uses ADMIN_PANEL_URL when set, else the admin area under PUBLIC_URL', async () => {
    const configured = await createTestApp({ adminEmails: ADMIN, adminPanelUrl: 'https://admin.example.org/panel' });
    try {
      const admin = await registerUser(configured, ADMIN);
      const res = await configured.request<AdminRedirect>('GET', '/v1/users/admin/redirect', { token: admin.token });
      expect(expectOk(res).redirect_url).toBe('https://admin.example.org/panel');
    } finally {
      await configured.close();
    }
    const behindProxy = await createTestApp({ adminEmails: ADMIN, publicUrl: 'https://medx.example.org/' });
    try {
      const admin = await registerUser(behindProxy, ADMIN);
      const res = await behindProxy.request<AdminRedirect>('GET', '/v1/users/admin/redirect', { token: admin.token });
      expect(expectOk(res).redirect_url).toBe('https://medx.example.org/admin');
    } finally {
      await behindProxy.close();
    }
  });
});
