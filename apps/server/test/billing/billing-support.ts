import type { BillingAccount, LedgerList, Order, OrderList, RechargeCheckout } from '@medx/contract';
import { expect } from 'vitest';
import { signSandbox } from '../../src/modules/billing/payments/sandbox-signature';
import { expectOk } from '../support/helpers';
import type { TestApp } from '../support/test-app';

/** The sandbox's signing key in billing suites (so a test can forge, replay and sign). */
export const SANDBOX_SECRET = 'test-sandbox-secret-0123456789abcdef';

export const account = async (t: TestApp, token: string) =>
  expectOk(await t.request<BillingAccount>('GET', '/v1/billing/account', { token }));

export const ledger = async (t: TestApp, token: string, query: Record<string, string | number> = {}) =>
  expectOk(await t.request<LedgerList>('GET', '/v1/billing/ledger', { token, query: { limit: 100, ...query } }));

export const orders = async (t: TestApp, token: string, kind: 'INSTANCE' | 'RECHARGE') =>
  expectOk(await t.request<OrderList>('GET', '/v1/billing/orders', { token, query: { kind, limit: 100 } }));

export const order = async (t: TestApp, token: string, kind: 'INSTANCE' | 'RECHARGE', orderNo: string) =>
  (await orders(t, token, kind)).items.find((o) => o.order_no === orderNo);

/** Opens a recharge and answers its checkout and the session ref in its address. */
export async function openRecharge(t: TestApp, token: string, amountFen: number) {
  const checkout = expectOk(
    await t.request<RechargeCheckout>('POST', '/v1/billing/recharges', { token, body: { amount_fen: amountFen } }),
  );
  const ref = new URL(checkout.checkout_url).pathname.split('/').pop()!;
  return { checkout, ref };
}

/** Clicks a button of the sandbox's hosted page, as a browser does (a form POST). */
export async function clickSandbox(t: TestApp, ref: string, action: 'pay' | 'cancel' | 'fail') {
  return t.app.http.inject({
    method: 'POST',
    url: `/sandbox-pay/${ref}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

/** A recharge paid through the sandbox: the balance grows by `amountFen`. */
export async function recharge(t: TestApp, token: string, amountFen: number): Promise<Order> {
  const { checkout, ref } = await openRecharge(t, token, amountFen);
  const res = await clickSandbox(t, ref, 'pay');
  expect(res.statusCode).toBe(303);
  const paid = await order(t, token, 'RECHARGE', checkout.order.order_no);
  expect(paid?.status).toBe('complete');
  return paid!;
}

/** A provider callback as the sandbox would send it (signed now unless told otherwise). */
export function callback(
  t: TestApp,
  event: Record<string, unknown>,
  options: { secret?: string; at?: number; signature?: string } = {},
) {
  const body = JSON.stringify(event);
  const at = options.at ?? Math.floor(t.clock.now().getTime() / 1000);
  return t.app.http.inject({
    method: 'POST',
    url: '/v1/payments/webhook/sandbox',
    headers: {
      'content-type': 'application/json',
      'medx-sandbox-signature': options.signature ?? signSandbox(options.secret ?? SANDBOX_SECRET, body, at),
    },
    payload: body,
  });
}

/** The ledger balances: for every user, the postings sum to the balance and the extra quota. */
export async function expectLedgerBalances(t: TestApp): Promise<number> {
  const users = await t.db.kysely
    .selectFrom('users')
    .select(['id', 'balance_fen', 'quota_extra_core_seconds'])
    .execute();
  const sums = await t.db.kysely
    .selectFrom('ledger_entries')
    .select([
      'user_id',
      (eb) => eb.fn.sum<string | number>('amount_fen').as('amount'),
      (eb) => eb.fn.sum<string | number>('quota_core_seconds').as('quota'),
    ])
    .groupBy('user_id')
    .execute();
  const byUser = new Map(sums.map((s) => [s.user_id, s]));
  for (const user of users) {
    const sum = byUser.get(user.id);
    expect({ id: user.id, balance: Number(user.balance_fen), quota: Number(user.quota_extra_core_seconds) }).toEqual({
      id: user.id,
      balance: Number(sum?.amount ?? 0),
      quota: Number(sum?.quota ?? 0),
    });
  }
  // The last row of each user says the balance it left.
  const rows = await t.db.kysely
    .selectFrom('ledger_entries')
    .select(['user_id', 'id', 'balance_after_fen'])
    .orderBy('id')
    .execute();
  const last = new Map<number, number>();
  for (const row of rows) last.set(row.user_id, Number(row.balance_after_fen));
  for (const user of users) if (last.has(user.id)) expect(last.get(user.id)).toBe(Number(user.balance_fen));
  return rows.length;
}
