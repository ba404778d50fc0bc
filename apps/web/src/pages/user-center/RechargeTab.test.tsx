import type { User } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../api/session';
import { i18n } from '../../i18n';
import { account, order } from '../../test/billing-fixtures';
import { testUser } from '../../test/fixtures';
import { errors, mockApi, ok, renderPage, setupPageTests, type } from '../../test/test-providers';
import { UserCenterPage } from './UserCenterPage';

setupPageTests();
afterEach(() => vi.restoreAllMocks());

const CHECKOUT = '/v1/payments/sandbox/checkout/cs_123';
const guest: User = { ...testUser, id: 9, username: 'Guest-abc123', user_type: 'GUEST', email: null };

function open(user: User = testUser, sandbox = false) {
  saveSession({ user, token: 'tok' });
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  const calls = mockApi({
    'GET /v1/users/': () => ok(user),
    'GET /v1/billing/account': () => ok(account({ payment_sandbox: sandbox })),
    'POST /v1/billing/recharges': (body) =>
      ok({
        order: order('MX20260102030405RCHG01', {
          kind: 'RECHARGE',
          amount_fen: (body as { amount_fen: number }).amount_fen,
        }),
        checkout_url: CHECKOUT,
        sandbox,
      }),
  });
  renderPage(<UserCenterPage />, { path: '/userCenter', url: '/userCenter?tab=balance-recharge' });
  const recharges = () => calls.filter((c) => c.path === '/v1/billing/recharges').map((c) => c.body);
  return { assign, recharges };
}

describe('User Center: balance recharge', () => {
  it('sends the typed yuan as integer fen and goes to the checkout', async () => {
    const { assign, recharges } = open();
    expect((await screen.findByTestId('recharge-balance')).textContent).toBe('¥1,234.56');
    expect(screen.queryByTestId('payment-sandbox-notice')).toBeNull();
    type('recharge-amount', '19.99');
    fireEvent.click(screen.getByTestId('recharge-submit'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT));
    expect(recharges()).toEqual([{ amount_fen: 1999 }]);
  });

  it('takes a preset amount and submits on Enter', async () => {
    const { assign, recharges } = open();
    fireEvent.click(await screen.findByTestId('recharge-preset-50'));
    expect((screen.getByTestId('recharge-amount') as HTMLInputElement).value).toBe('50.00');
    fireEvent.keyDown(screen.getByTestId('recharge-amount'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(recharges()).toEqual([{ amount_fen: 5000 }]);
    expect(within(screen.getByTestId('recharge-card')).getByText('¥500.00')).toBeTruthy();
  });

  it('asks for an amount and sends nothing without one', async () => {
    const { assign, recharges } = open();
    fireEvent.click(await screen.findByTestId('recharge-submit'));
    await waitFor(() => expect(errors()).toEqual(['Enter an amount.']));
    expect(recharges()).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('says the sandbox provider moves no real money, in English and Chinese', async () => {
    open(testUser, true);
    expect((await screen.findByTestId('payment-sandbox-notice')).textContent).toContain(
      'This server uses the SANDBOX payment provider: no real money moves.',
    );
    await i18n.changeLanguage('zh-CN');
    expect(screen.getByTestId('payment-sandbox-notice').textContent).toContain(
      '本服务器使用沙箱（SANDBOX）支付服务：不会发生真实的资金往来。',
    );
  });

  it('does not let a guest recharge', async () => {
    const { recharges } = open(guest);
    expect((await screen.findByTestId('recharge-guest')).textContent).toContain('Register to recharge');
    expect((screen.getByTestId('recharge-submit') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('recharge-amount') as HTMLInputElement).disabled).toBe(true);
    expect(recharges()).toEqual([]);
  });
});
