import type { Envelope, User } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../api/session';
import { i18n } from '../../i18n';
import { account, LEVELS, order } from '../../test/billing-fixtures';
import { testUser } from '../../test/fixtures';
import { type ApiCall, mockApi, ok, renderPage, setupPageTests } from '../../test/test-providers';
import { PurchasePage } from './PurchasePage';

setupPageTests();

const ORDER_NO = 'MX20260102030405ORDR01';
const guest: User = { ...testUser, id: 9, username: 'Guest-abc123', user_type: 'GUEST', email: null };
const toastTexts = () => Array.from(document.querySelectorAll('.ant-message-notice')).map((n) => n.textContent);

function open({ user = testUser, pay }: { user?: User; pay?: () => Envelope<unknown> } = {}) {
  saveSession({ user, token: 'tok' });
  const calls = mockApi({
    'GET /v1/users/': () => ok(user),
    'GET /v1/billing/levels': () => ok(LEVELS),
    'GET /v1/billing/account': () => ok(account({ balance_fen: 50000 })),
    'POST /v1/billing/orders': () => ok(order(ORDER_NO), 'Order created.'),
    [`POST /v1/billing/orders/${ORDER_NO}/pay`]: pay ?? (() => ok(order(ORDER_NO, { status: 'paid' }))),
  });
  renderPage(<PurchasePage />, { path: '/purchase' });
  return calls;
}

const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);

describe('Purchase page', () => {
  it('shows the four levels as one radio group with configuration and prices', async () => {
    open();
    const basic = await screen.findByTestId('purchase-level-Basic');
    expect(screen.getAllByRole('radio', { checked: true }).map((r) => r.dataset.testid)).toEqual([
      'purchase-level-Basic',
      'purchase-paytype-prePaid',
    ]);
    const pro = screen.getByTestId('purchase-level-Professional');
    expect(within(pro).getByText('Professional')).toBeTruthy();
    expect(within(pro).getByText('16')).toBeTruthy();
    expect(within(pro).getByText('32 GB')).toBeTruthy();
    expect(within(pro).getByText('8')).toBeTruthy();
    expect(within(pro).getByText('¥799.00 / month')).toBeTruthy();
    expect(within(pro).getByText('¥0.35 / core-hour')).toBeTruthy();
    // Arrows move the choice, as in any radio group.
    fireEvent.keyDown(basic, { key: 'ArrowRight' });
    expect(screen.getByTestId('purchase-level-Normal').getAttribute('aria-checked')).toBe('true');
    expect(basic.getAttribute('aria-checked')).toBe('false');
    fireEvent.keyDown(screen.getByTestId('purchase-level-Normal'), { key: 'ArrowLeft' });
    fireEvent.keyDown(basic, { key: 'ArrowLeft' });
    expect(pro.getAttribute('aria-checked')).toBe('true');
  });

  it('totals month price × months for prepaid and the core-hour price for pay as you go', async () => {
    open();
    fireEvent.click(await screen.findByTestId('purchase-level-Enhanced'));
    const total = () => screen.getByTestId('purchase-total').textContent;
    expect(total()).toBe('¥399.00');
    expect(screen.getByTestId('purchase-balance').textContent).toBe('¥500.00');
    fireEvent.mouseDown(within(screen.getByTestId('purchase-months')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('3 months'));
    await waitFor(() => expect(total()).toBe('¥1,197.00'));
    expect(within(screen.getByTestId('purchase-summary')).getByText('3 months')).toBeTruthy();
    fireEvent.click(screen.getByTestId('purchase-paytype-postPaid'));
    expect(total()).toBe('¥0.40 per core-hour, charged to your balance');
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('refuses to confirm without the terms (the spec text, Chinese in English too) and sends nothing', async () => {
    const calls = open();
    fireEvent.click(await screen.findByTestId('purchase-confirm'));
    await waitFor(() => expect(toastTexts()).toContain('请阅读并同意购买条款后再购买。'));
    expect(posts(calls)).toEqual([]);
  });

  it('shows the terms in a modal from the link without ticking the box; Agree ticks it', async () => {
    open();
    fireEvent.click(await screen.findByTestId('purchase-terms-link'));
    const terms = await screen.findByTestId('purchase-terms-text');
    expect(terms.textContent).toContain('does not refund the rest of the period');
    expect(terms.textContent).toContain('per core-hour');
    expect(terms.textContent).toContain('finishes on the shared capacity');
    expect((screen.getByTestId('purchase-terms') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByTestId('purchase-terms-accept'));
    await waitFor(() => expect((screen.getByTestId('purchase-terms') as HTMLInputElement).checked).toBe(true));
  });

  it('creates the order, pays it from the balance and goes to the User Center', async () => {
    const calls = open();
    fireEvent.click(await screen.findByTestId('purchase-level-Normal'));
    fireEvent.click(screen.getByTestId('purchase-terms'));
    fireEvent.click(screen.getByTestId('purchase-confirm'));
    await waitFor(() => expect(screen.getByTestId('landed-userCenter').textContent).toBe('/userCenter?tab=basic'));
    expect(posts(calls)).toEqual([
      ['/v1/billing/orders', { level: 'Normal', pay_type: 'prePaid', months: 1, accept_terms: true }],
      [`/v1/billing/orders/${ORDER_NO}/pay`, {}],
    ]);
    await waitFor(() => expect(toastTexts()).toContain('Order paid: the instance is activating.'));
  });

  it('sends no months for pay as you go', async () => {
    const calls = open();
    fireEvent.click(await screen.findByTestId('purchase-paytype-postPaid'));
    fireEvent.click(screen.getByTestId('purchase-terms'));
    fireEvent.click(screen.getByTestId('purchase-confirm'));
    await screen.findByTestId('landed-userCenter');
    expect(posts(calls)[0]).toEqual([
      '/v1/billing/orders',
      { level: 'Basic', pay_type: 'postPaid', accept_terms: true },
    ]);
  });

  it('a short balance leaves the order pending and says where to recharge and pay it', async () => {
    const msg =
      'Your balance is ¥500.00, and this order costs ¥1,995.00. Recharge first, then pay the order from the purchase record.';
    const calls = open({ pay: () => ({ success: false, msg, data: null }) });
    fireEvent.click(await screen.findByTestId('purchase-level-Professional'));
    fireEvent.click(screen.getByTestId('purchase-terms'));
    fireEvent.click(screen.getByTestId('purchase-confirm'));
    const failed = await screen.findByTestId('purchase-pay-failed');
    expect(failed.textContent).toContain('It waits, pending, in your purchase record');
    expect(screen.getByTestId('purchase-pay-failed-recharge').getAttribute('href')).toBe(
      '/userCenter?tab=balance-recharge',
    );
    expect(screen.getByTestId('purchase-pay-failed-record').getAttribute('href')).toBe(
      `/userCenter?tab=purchase-record&order=${ORDER_NO}`,
    );
    expect(screen.queryByTestId('landed-userCenter')).toBeNull();
    expect(posts(calls).map(([path]) => path)).toEqual(['/v1/billing/orders', `/v1/billing/orders/${ORDER_NO}/pay`]);
  });

  it('asks a guest to register and keeps Confirm disabled', async () => {
    await i18n.changeLanguage('zh-CN');
    open({ user: guest });
    expect((await screen.findByTestId('purchase-guest')).textContent).toContain('访客不能购买算力');
    expect((screen.getByTestId('purchase-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(within(screen.getByTestId('purchase-level-Basic')).getByText('基础型')).toBeTruthy();
    expect(screen.getByTestId('purchase-paytype-prePaid').closest('label')?.textContent).toBe('包月预付');
  });

  it('says when the levels cannot be loaded and loads them again on Retry', async () => {
    saveSession({ user: testUser, token: 'tok' });
    let levels: () => Envelope<unknown> = () => ({ success: false, msg: 'Internal server error.', data: null });
    mockApi({
      'GET /v1/users/': () => ok(testUser),
      'GET /v1/billing/levels': () => levels(),
      'GET /v1/billing/account': () => ok(account()),
    });
    renderPage(<PurchasePage />, { path: '/purchase' });
    const failed = await screen.findByTestId('purchase-load-failed');
    expect(failed.textContent).toContain('The instance levels could not be loaded.');
    levels = () => ok(LEVELS);
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('purchase-level-Basic')).toBeTruthy();
  });
});
