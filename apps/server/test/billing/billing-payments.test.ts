import { type AuthResult, BILLING_LIMITS, type Order } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk, MINUTE } from '../support/helpers';
import { createTestApp, guestLogin, registerUser, type TestApp } from '../support/test-app';
import {
  account,
  callback,
  clickSandbox,
  expectLedgerBalances,
  ledger,
  openRecharge,
  order,
  orders,
  recharge,
  SANDBOX_SECRET,
} from './billing-support';

/** Recharges through the sandbox provider: hosted checkout, signed idempotent callbacks, the ledger. */
let t: TestApp;
let alice: AuthResult;
let bob: AuthResult;
let guest: AuthResult;

beforeAll(async () => {
  t = await createTestApp({ paymentSandboxSecret: SANDBOX_SECRET });
  alice = await registerUser(t);
  bob = await registerUser(t);
  guest = await guestLogin(t);
});
afterAll(() => t?.close());

describe('the account', () => {
  it('starts at a zero balance with the default compute quota and says the provider is the sandbox', async () => {
    const a = await account(t, alice.token);
    expect(a).toMatchObject({
      balance_fen: 0,
      quota_total_core_seconds: 100 * 3600,
      quota_used_core_seconds: 0,
      instances: [],
      payment_provider: 'sandbox',
      payment_sandbox: true,
    });
    expect((await account(t, guest.token)).quota_total_core_seconds).toBe(2 * 3600);
  });

  it('lists the four levels with integer prices', async () => {
    const levels = expectOk(
      await t.request<{ level: string; month_price_fen: number }[]>('GET', '/v1/billing/levels', {
        token: alice.token,
      }),
    );
    expect(levels.map((l) => l.level)).toEqual(['Basic', 'Normal', 'Enhanced', 'Professional']);
    for (const l of levels) expect(Number.isInteger(l.month_price_fen)).toBe(true);
  });

  it('answers 401 without a token', async () => {
    for (const url of ['/v1/billing/account', '/v1/billing/levels', '/v1/billing/instances']) {
      expectFailure(await t.request('GET', url), 401, 'sessionExpired');
    }
    expectFailure(await t.request('GET', '/v1/billing/ledger'), 401, 'sessionExpired');
    expectFailure(
      await t.request('POST', '/v1/billing/recharges', { body: { amount_fen: 100 } }),
      401,
      'sessionExpired',
    );
  });
});

describe('a recharge through the sandbox checkout', () => {
  it('refuses bad amounts clearly and creates no order', async () => {
    const cases: [unknown, 'amountInvalid' | 'rechargeTooSmall' | 'rechargeTooLarge'][] = [
      [-500, 'amountInvalid'],
      [150.5, 'amountInvalid'],
      ['100', 'amountInvalid'],
      [0, 'rechargeTooSmall'],
      [99, 'rechargeTooSmall'],
      [10_000_001, 'rechargeTooLarge'],
    ];
    for (const [amount, key] of cases) {
      expectFailure(
        await t.request('POST', '/v1/billing/recharges', { token: alice.token, body: { amount_fen: amount } }),
        400,
        key,
      );
    }
    expectFailure(
      await t.request('POST', '/v1/billing/recharges', { token: alice.token, body: {} }),
      400,
      'amountInvalid',
    );
    expect((await orders(t, alice.token, 'RECHARGE')).total).toBe(0);
  });

  it('refuses guests', async () => {
    expectFailure(
      await t.request('POST', '/v1/billing/recharges', { token: guest.token, body: { amount_fen: 1000 } }),
      403,
      'guestCannotPurchase',
    );
    expect((await orders(t, guest.token, 'RECHARGE')).total).toBe(0);
  });

  it('opens a pending order and a hosted checkout page labelled as a sandbox', async () => {
    const { checkout, ref } = await openRecharge(t, alice.token, 12_345);
    expect(checkout.sandbox).toBe(true);
    expect(checkout.order).toMatchObject({
      kind: 'RECHARGE',
      status: 'pending',
      amount_fen: 12_345,
      provider: 'sandbox',
    });
    expect(checkout.checkout_url).toMatch(/\/sandbox-pay\/cs_[0-9a-f]{32}$/);
    const page = await t.app.http.inject({ method: 'GET', url: `/sandbox-pay/${ref}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('SANDBOX');
    expect(page.body).toContain('¥123.45');
    expect(page.body).toContain(checkout.order.order_no);
    // Not paid yet: the balance has not moved.
    expect((await account(t, alice.token)).balance_fen).toBe(0);
  });

  it('pays: the order completes, the balance grows by the amount and the ledger has the row', async () => {
    const { checkout, ref } = await openRecharge(t, alice.token, 5_000);
    const res = await clickSandbox(t, ref, 'pay');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain(`/userCenter?tab=recharge-record&order=${checkout.order.order_no}`);
    const paid = (await order(t, alice.token, 'RECHARGE', checkout.order.order_no)) as Order;
    expect(paid.status).toBe('complete');
    expect(paid.paid_at).not.toBeNull();
    expect((await account(t, alice.token)).balance_fen).toBe(5_000);
    const rows = (await ledger(t, alice.token)).items;
    expect(rows[0]).toMatchObject({
      kind: 'RECHARGE',
      amount_fen: 5_000,
      balance_after_fen: 5_000,
      order_no: paid.order_no,
    });
    // A second click on the closed checkout (the back button) changes nothing.
    expect((await clickSandbox(t, ref, 'pay')).statusCode).toBe(303);
    expect((await account(t, alice.token)).balance_fen).toBe(5_000);
    const closed = await t.app.http.inject({ method: 'GET', url: `/sandbox-pay/${ref}` });
    expect(closed.body).toContain('closed');
  });

  it('cancel at the checkout cancels the order; a failed payment marks it payment error', async () => {
    const canceled = await openRecharge(t, alice.token, 2_000);
    await clickSandbox(t, canceled.ref, 'cancel');
    expect((await order(t, alice.token, 'RECHARGE', canceled.checkout.order.order_no))?.status).toBe('canceled');
    const failed = await openRecharge(t, alice.token, 2_000);
    await clickSandbox(t, failed.ref, 'fail');
    const row = await order(t, alice.token, 'RECHARGE', failed.checkout.order.order_no);
    expect(row?.status).toBe('payment_error');
    expect(row?.error).toContain('failed');
    expect((await account(t, alice.token)).balance_fen).toBe(5_000);
  });

  it('a pending recharge can be canceled by its owner, not by others, and then cannot be paid', async () => {
    const { checkout, ref } = await openRecharge(t, alice.token, 3_000);
    const no = checkout.order.order_no;
    expectFailure(
      await t.request('POST', `/v1/billing/orders/${no}/cancel`, { token: bob.token }),
      404,
      'orderNotFound',
    );
    expectFailure(
      await t.request('POST', `/v1/billing/orders/${no}/pay`, { token: alice.token }),
      400,
      'orderNotInstance',
    );
    expectOk(await t.request('POST', `/v1/billing/orders/${no}/cancel`, { token: alice.token }), 'orderCanceled');
    expectFailure(
      await t.request('POST', `/v1/billing/orders/${no}/cancel`, { token: alice.token }),
      400,
      'orderNotPending',
      {
        params: { status: 'canceled' },
      },
    );
    // The provider's session was voided with it: paying there now changes nothing.
    await clickSandbox(t, ref, 'pay');
    expect((await order(t, alice.token, 'RECHARGE', no))?.status).toBe('canceled');
    expect((await account(t, alice.token)).balance_fen).toBe(5_000);
  });

  it('caps the unpaid orders one user holds, recharges and instance orders together; canceling one frees a place', async () => {
    const carol = await registerUser(t);
    const max = BILLING_LIMITS.pendingOrdersMax;
    const opened: string[] = [];
    for (let i = 0; i < max - 2; i++)
      opened.push((await openRecharge(t, carol.token, 100 + i)).checkout.order.order_no);
    for (let i = 0; i < 2; i++) {
      const created = await t.request<Order>('POST', '/v1/billing/orders', {
        token: carol.token,
        body: { level: 'Basic', pay_type: 'postPaid', accept_terms: true },
      });
      opened.push(expectOk(created, 'orderCreated').order_no);
    }
    const before = (await orders(t, carol.token, 'RECHARGE')).total + (await orders(t, carol.token, 'INSTANCE')).total;
    expect(before).toBe(max);
    const full = { params: { max } };
    expectFailure(
      await t.request('POST', '/v1/billing/recharges', { token: carol.token, body: { amount_fen: 1000 } }),
      409,
      'ordersPendingTooMany',
      full,
    );
    expectFailure(
      await t.request('POST', '/v1/billing/orders', {
        token: carol.token,
        body: { level: 'Basic', pay_type: 'postPaid', accept_terms: true },
      }),
      409,
      'ordersPendingTooMany',
      full,
    );
    // Refused before anything was written; another user is not affected.
    expect((await orders(t, carol.token, 'RECHARGE')).total + (await orders(t, carol.token, 'INSTANCE')).total).toBe(
      max,
    );
    await openRecharge(t, (await registerUser(t)).token, 100);
    expectOk(
      await t.request('POST', `/v1/billing/orders/${opened[0]}/cancel`, { token: carol.token }),
      'orderCanceled',
    );
    await openRecharge(t, carol.token, 1000);
  });

  it('answers unknown order numbers with not found, and malformed ones before any lookup', async () => {
    expectFailure(
      await t.request('POST', '/v1/billing/orders/MX20260101000000AAAAAA/cancel', { token: alice.token }),
      404,
      'orderNotFound',
    );
    for (const no of ['nope', '1', 'MX2026%27%3B--']) {
      expectFailure(
        await t.request('POST', `/v1/billing/orders/${no}/pay`, { token: alice.token }),
        400,
        'orderNotFound',
      );
    }
  });
});

describe('the provider callback', () => {
  let pending: { order_no: string; ref: string };
  beforeAll(async () => {
    const { checkout, ref } = await openRecharge(t, bob.token, 8_800);
    pending = { order_no: checkout.order.order_no, ref };
  });
  const event = (over: Record<string, unknown> = {}) => ({
    id: `evt_${'a'.repeat(32)}`,
    type: 'payment.succeeded',
    ref: pending.ref,
    order_no: pending.order_no,
    amount_fen: 8_800,
    created_at: t.clock.now().toISOString(),
    ...over,
  });

  it('refuses a forged signature, a stale one and a missing one, and changes nothing', async () => {
    for (const res of [
      await callback(t, event(), { secret: 'not-the-secret-of-the-sandbox!!' }),
      await callback(t, event(), { at: Math.floor(t.clock.now().getTime() / 1000) - 10 * 60 }),
      await callback(t, event(), { signature: '' }),
      await callback(t, event(), { signature: 't=1,v1=zz' }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, msg: 'The payment callback is not signed by the provider.' });
    }
    expect((await order(t, bob.token, 'RECHARGE', pending.order_no))?.status).toBe('pending');
    expect((await account(t, bob.token)).balance_fen).toBe(0);
  });

  it('refuses a signed callback whose amount or session does not match its order, and does not record it', async () => {
    for (const res of [
      await callback(t, event({ amount_fen: 880_000 })),
      await callback(t, event({ ref: `cs_${'0'.repeat(32)}` })),
      await callback(t, event({ order_no: 'MX20260101000000AAAAAA' })),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, msg: 'The payment callback does not match its order.' });
    }
    const events = await t.db.kysely
      .selectFrom('payment_events')
      .selectAll()
      .where('order_no', '=', pending.order_no)
      .execute();
    expect(events).toEqual([]);
  });

  it('applies a valid callback once: a replay, or a second event for the paid order, changes nothing', async () => {
    const first = await callback(t, event());
    expect(first.json()).toMatchObject({ success: true, data: { result: 'applied' } });
    expect((await account(t, bob.token)).balance_fen).toBe(8_800);
    t.clock.advance(MINUTE);
    const replay = await callback(t, event());
    expect(replay.json()).toMatchObject({ success: true, data: { result: 'duplicate' } });
    const another = await callback(t, event({ id: `evt_${'b'.repeat(32)}` }));
    expect(another.json()).toMatchObject({ success: true, data: { result: 'ignored' } });
    const cancel = await callback(t, event({ id: `evt_${'c'.repeat(32)}`, type: 'payment.canceled' }));
    expect(cancel.json()).toMatchObject({ success: true, data: { result: 'ignored' } });
    expect((await account(t, bob.token)).balance_fen).toBe(8_800);
    expect((await order(t, bob.token, 'RECHARGE', pending.order_no))?.status).toBe('complete');
    expect((await ledger(t, bob.token)).items.filter((r) => r.kind === 'RECHARGE')).toHaveLength(1);
  });

  it('refuses a callback for another provider name', async () => {
    const res = await t.app.http.inject({
      method: 'POST',
      url: '/v1/payments/webhook/stripe',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('records', () => {
  it('pages and sorts the recharge record and the account record on the server', async () => {
    await recharge(t, alice.token, 100);
    await recharge(t, alice.token, 90_000);
    const byAmount = expectOk(
      await t.request<{ total: number; items: Order[] }>('GET', '/v1/billing/orders', {
        token: alice.token,
        query: { kind: 'RECHARGE', sort_by: 'amount_fen', order: 'desc', limit: 2 },
      }),
    );
    expect(byAmount.total).toBeGreaterThanOrEqual(6);
    expect(byAmount.items.map((o) => o.amount_fen)).toEqual([90_000, 12_345]);
    const page2 = expectOk(
      await t.request<{ items: Order[] }>('GET', '/v1/billing/orders', {
        token: alice.token,
        query: { kind: 'RECHARGE', sort_by: 'amount_fen', order: 'asc', limit: 2, page: 1 },
      }),
    );
    expect(page2.items.map((o) => o.amount_fen)).toEqual([100, 2_000]);
    const rows = (await ledger(t, alice.token, { sort_by: 'amount_fen', order: 'asc' })).items.map((r) => r.amount_fen);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    const badSort = await t.request('GET', '/v1/billing/orders', {
      token: alice.token,
      query: { kind: 'RECHARGE', sort_by: 'user_id' },
    });
    expect(badSort).toMatchObject({ status: 400, body: { success: false, data: null } });
    expect(badSort.body.msg).toContain('sort_by');
    const noKind = await t.request('GET', '/v1/billing/orders', { token: alice.token });
    expect(noKind).toMatchObject({ status: 400, body: { success: false } });
    expect(noKind.body.msg).toContain('kind');
    // Nobody sees another's records.
    expect((await orders(t, bob.token, 'RECHARGE')).items.map((o) => o.amount_fen)).toEqual([8_800]);
  });

  it('the ledger balances for every user', async () => {
    expect(await expectLedgerBalances(t)).toBeGreaterThan(0);
  });
});
