import type { AdminSystem, AdminUser, AdminUserList, AuthResult, LedgerList, Permissions } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk, login } from '../support/helpers';
import { createTestApp, guestLogin, registerUser, type TestApp, uniqueEmail } from '../support/test-app';
import { account, expectLedgerBalances, recharge, SANDBOX_SECRET } from './billing-support';

/** The admin area's accounts (issue 15 part 5): users, adjustments, orders, instances, system. */
const ADMIN = uniqueEmail('acctadmin');
let t: TestApp;
let admin: AuthResult;
let user: AuthResult;
let other: AuthResult;
let guest: AuthResult;

const adjust = (id: number, body: Record<string, unknown>, token = admin.token) =>
  t.request<AdminUser>('POST', `/v1/admin/users/${id}/adjust`, { token, body });
const update = (id: number, body: Record<string, unknown>, token = admin.token) =>
  t.request<AdminUser>('PUT', `/v1/admin/users/${id}`, { token, body });
const search = async (query: Record<string, string | number>) =>
  expectOk(await t.request<AdminUserList>('GET', '/v1/admin/users', { token: admin.token, query }));

beforeAll(async () => {
  t = await createTestApp({ adminEmails: ADMIN, paymentSandboxSecret: SANDBOX_SECRET });
  admin = await registerUser(t, ADMIN);
  user = await registerUser(t, uniqueEmail('findme'));
  other = await registerUser(t);
  guest = await guestLogin(t);
});
afterAll(() => t?.close());

describe('who may call the admin accounts calls', () => {
  const calls: [string, string, Record<string, unknown>?][] = [
    ['GET', '/v1/admin/users'],
    ['PUT', '/v1/admin/users/1', { disabled: true }],
    ['POST', '/v1/admin/users/1/adjust', { balance_fen: 100, reason: 'x' }],
    ['GET', '/v1/admin/users/1/ledger'],
    ['GET', '/v1/admin/orders'],
    ['GET', '/v1/admin/instances'],
    ['POST', '/v1/admin/instances/1/stop'],
    ['GET', '/v1/admin/system'],
  ];
  for (const [method, url, body] of calls) {
    it(`${method} ${url}: 403 for a registered user and a guest, 401 without a token`, async () => {
      expectFailure(await t.request(method, url, { token: user.token, body }), 403, 'adminOnly');
      expectFailure(await t.request(method, url, { token: guest.token, body }), 403, 'adminOnly');
      expectFailure(await t.request(method, url, { body }), 401, 'sessionExpired');
    });
  }
  it('nothing changed through the refused calls', async () => {
    expect((await account(t, user.token)).balance_fen).toBe(0);
    expect(await t.db.kysely.selectFrom('ledger_entries').selectAll().execute()).toEqual([]);
  });
});

describe('users', () => {
  it('searches by name or e-mail, filters by type and status, and pages', async () => {
    const found = await search({ query: 'FINDME' });
    expect(found.items.map((u) => u.id)).toEqual([user.user.id]);
    expect(found.items[0]).toMatchObject({
      disabled: false,
      admin_panel: false,
      balance_fen: 0,
      quota_total_core_seconds: 360_000,
    });
    expect((await search({ query: String(other.user.id) })).items.map((u) => u.id)).toContain(other.user.id);
    expect((await search({ user_type: 'GUEST' })).items.map((u) => u.id)).toEqual([guest.user.id]);
    const paged = await search({ limit: 2, page: 2, user_type: 'REGISTERED' });
    expect(paged.total).toBe(3);
    expect(paged.items).toHaveLength(1);
    const me = (await search({ query: ADMIN })).items[0];
    expect(me).toMatchObject({ admin_panel: true, admin_by_config: true });
  });

  it('disables an account: its sessions end and it cannot sign in; enabling lets it back', async () => {
    const victim = await registerUser(t);
    const disabled = expectOk(await update(victim.user.id, { disabled: true }), 'updateSuccessful');
    expect(disabled.disabled).toBe(true);
    expectFailure(await t.request('GET', '/v1/users/', { token: victim.token }), 401, 'sessionExpired');
    expectFailure(
      await t.request('POST', '/v1/users/login', { body: { account: victim.user.email, password: 'secret123' } }),
      403,
      'accountDisabled',
    );
    expect((await search({ status: 'disabled' })).items.map((u) => u.id)).toEqual([victim.user.id]);
    expectOk(await update(victim.user.id, { disabled: false }), 'updateSuccessful');
    const back = await login(t, victim.user.email!);
    expect(back.user.id).toBe(victim.user.id);
  });

  it('grants and takes the Admin Panel; never from oneself or an ADMIN_EMAILS admin, never to a guest', async () => {
    expectOk(await update(user.user.id, { admin_panel: true }), 'updateSuccessful');
    const permissions = expectOk(await t.request<Permissions>('GET', '/v1/users/permissions', { token: user.token }));
    expect(permissions.ADMIN_PANEL).toBe(true);
    // The granted admin may now call the admin area, but not demote the configured one.
    expectFailure(await update(admin.user.id, { admin_panel: false }, user.token), 400, 'adminByConfig');
    expectFailure(await update(user.user.id, { admin_panel: false }, user.token), 400, 'cannotDisableSelf');
    expectFailure(await update(admin.user.id, { disabled: true }), 400, 'cannotDisableSelf');
    expectFailure(await update(guest.user.id, { admin_panel: true }), 400, 'invalidValue');
    expectOk(await update(user.user.id, { admin_panel: false }), 'updateSuccessful');
    expectFailure(await t.request('GET', '/v1/admin/users', { token: user.token }), 403, 'adminOnly');
  });

  it('answers an unknown user with not found and an empty update with a clear refusal', async () => {
    expectFailure(await update(999_999, { disabled: true }), 404, 'userNotFound');
    expectFailure(await adjust(999_999, { balance_fen: 1, reason: 'x' }), 404, 'userNotFound');
    const empty = await update(user.user.id, {});
    expect(empty).toMatchObject({ status: 400, body: { success: false } });
  });
});

describe('adjustments', () => {
  it('refuses adjustments without a reason, without a change, fractional or overdrawing', async () => {
    expectFailure(await adjust(user.user.id, { balance_fen: 100 }), 400, 'adjustmentReasonRequired');
    expectFailure(await adjust(user.user.id, { balance_fen: 100, reason: '   ' }), 400, 'adjustmentReasonRequired');
    expectFailure(await adjust(user.user.id, { reason: 'nothing' }), 400, 'adjustmentEmpty');
    expectFailure(await adjust(user.user.id, { balance_fen: 10.5, reason: 'x' }), 400, 'amountInvalid');
    expectFailure(await adjust(user.user.id, { balance_fen: -1, reason: 'take' }), 400, 'adjustmentOverdraws', {
      params: { balance: '-¥0.01' },
    });
    expect((await account(t, user.token)).balance_fen).toBe(0);
  });

  it("records the admin's id and reason in the user's account record, for balance and quota", async () => {
    const after = expectOk(
      await adjust(user.user.id, { balance_fen: 2_500, quota_core_hours: 10, reason: 'Course credit' }),
      'adjustmentSaved',
    );
    expect(after).toMatchObject({ balance_fen: 2_500, quota_total_core_seconds: 110 * 3600 });
    expectOk(await adjust(user.user.id, { balance_fen: -500, reason: 'Correction' }), 'adjustmentSaved');
    const rows = expectOk(
      await t.request<LedgerList>('GET', `/v1/admin/users/${user.user.id}/ledger`, { token: admin.token }),
    );
    expect(rows.items.map((r) => [r.kind, r.amount_fen, r.quota_core_seconds, r.reason, r.admin?.id])).toEqual([
      ['ADJUSTMENT', -500, 0, 'Correction', admin.user.id],
      ['ADJUSTMENT', 2_500, 36_000, 'Course credit', admin.user.id],
    ]);
    // The user sees the same rows in its own account record.
    const own = expectOk(await t.request<LedgerList>('GET', '/v1/billing/ledger', { token: user.token }));
    expect(own.items.map((r) => r.balance_after_fen)).toEqual([2_000, 2_500]);
    expect((await account(t, user.token)).balance_fen).toBe(2_000);
  });
});

describe('orders, instances and the system view', () => {
  it("lists every user's orders and instances, and an admin stops an instance", async () => {
    await recharge(t, other.token, 9_900);
    const created = expectOk(
      await t.request<{ order_no: string }>('POST', '/v1/billing/orders', {
        token: other.token,
        body: { level: 'Basic', pay_type: 'prePaid', months: 1, accept_terms: true },
      }),
      'orderCreated',
    );
    expectOk(
      await t.request('POST', `/v1/billing/orders/${created.order_no}/pay`, { token: other.token }),
      'orderPaid',
    );
    const all = expectOk(
      await t.request<{ items: { order_no: string; user: { id: number } }[] }>('GET', '/v1/admin/orders', {
        token: admin.token,
        query: { kind: 'INSTANCE' },
      }),
    );
    expect(all.items.map((o) => [o.order_no, o.user.id])).toEqual([[created.order_no, other.user.id]]);
    const recharges = expectOk(
      await t.request<{ total: number }>('GET', '/v1/admin/orders', {
        token: admin.token,
        query: { kind: 'RECHARGE', status: 'complete' },
      }),
    );
    expect(recharges.total).toBe(1);
    const live = expectOk(
      await t.request<{ items: { id: number; user: { id: number }; status: string }[] }>('GET', '/v1/admin/instances', {
        token: admin.token,
      }),
    );
    expect(live.items).toHaveLength(1);
    expect(live.items[0]?.user.id).toBe(other.user.id);
    const stopped = expectOk(
      await t.request<{ status: string; end_reason: string }>('POST', `/v1/admin/instances/${live.items[0]!.id}/stop`, {
        token: admin.token,
      }),
      'instanceStopped',
    );
    expect(stopped).toMatchObject({ status: 'expired', end_reason: 'stopped' });
    expectFailure(
      await t.request('POST', `/v1/admin/instances/${live.items[0]!.id}/stop`, { token: admin.token }),
      400,
      'instanceAlreadyEnded',
    );
    expectFailure(
      await t.request('POST', '/v1/admin/instances/424242/stop', { token: admin.token }),
      404,
      'instanceNotFound',
    );
    const ended = expectOk(
      await t.request<{ total: number }>('GET', '/v1/admin/instances', {
        token: admin.token,
        query: { status: 'ended' },
      }),
    );
    expect(ended.total).toBe(1);
  });

  it('shows the worker, its lanes, queue depth, jobs by state, storage, users and capacity', async () => {
    const system = expectOk(await t.request<AdminSystem>('GET', '/v1/admin/system', { token: admin.token }));
    expect(system.workers).toHaveLength(1);
    expect(system.workers[0]?.cpus).toBeGreaterThan(0);
    expect(system.workers[0]?.load).toHaveLength(3);
    expect(system.workers[0]?.lanes.find((l) => l.key === 'shared')?.concurrency).toBeGreaterThan(0);
    expect(system.queue_depth).toBe(0);
    expect(system.users).toMatchObject({ registered: 4, guests: 1, disabled: 0 });
    expect(system.capacity).toEqual({ sellable_cores: 64, reserved_cores: 0 });
    const files = await t.db.kysely
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    expect(system.storage.files).toBe(Number(files?.n ?? 0));
    expect(system.jobs_by_state).toEqual({});
  });

  it('the ledger balances for every user', async () => {
    expect(await expectLedgerBalances(t)).toBeGreaterThanOrEqual(5);
  });
});
