import type { Order } from '@medx/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../api/session';
import { i18n } from '../../i18n';
import { order } from '../../test/billing-fixtures';
import { testUser } from '../../test/fixtures';
import { type ApiCall, mockApi, ok, renderPage, setupPageTests } from '../../test/test-providers';
import { UserCenterPage } from './UserCenterPage';

setupPageTests();
afterEach(() => vi.useRealTimers());

const PENDING = 'MX20260102030405PEND01';
const PAID = 'MX20260102030405PAID01';
const RECHARGE = 'MX20260102030405RCHG01';

const ordersQueries = (calls: ApiCall[]) => calls.filter((c) => c.path === '/v1/billing/orders').map((c) => c.query);
const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent);

function openWith(orders: () => Order[], url: string, extra: Parameters<typeof mockApi>[0] = {}) {
  saveSession({ user: testUser, token: 'tok' });
  const calls = mockApi({
    'GET /v1/users/': () => ok(testUser),
    'GET /v1/billing/orders': () => ok({ total: orders().length, items: orders() }),
    ...extra,
  });
  renderPage(<UserCenterPage />, { path: '/userCenter', url });
  return calls;
}

describe('User Center: purchase record', () => {
  it('lists instance orders with item, amount, status and paid time; pays a pending one from the balance', async () => {
    let pendingStatus: Order['status'] = 'pending';
    const calls = openWith(
      () => [
        order(PENDING, { status: pendingStatus }),
        order(PAID, {
          status: 'complete',
          level: 'Basic',
          pay_type: 'postPaid',
          months: null,
          amount_fen: 0,
          paid_at: '2026-01-02T03:05:00Z',
          completed_at: '2026-01-02T03:06:07Z',
        }),
      ],
      '/userCenter?tab=purchase-record',
      {
        [`POST /v1/billing/orders/${PENDING}/pay`]: () => {
          pendingStatus = 'paid';
          return ok(order(PENDING, { status: 'paid' }), 'Order paid: the instance is activating.');
        },
      },
    );
    const table = await screen.findByTestId('orders-table-INSTANCE');
    const pending = await within(table).findByTestId(`order-row-${PENDING}`);
    expect(cells(pending).slice(2, 6)).toEqual(['Normal · Monthly prepaid · 2 months', '¥398.00', 'Pending', '-']);
    expect(screen.getByTestId(`order-status-${PENDING}`).textContent).toBe('Pending');
    const done = screen.getByTestId(`order-row-${PAID}`);
    expect(cells(done).slice(2, 5)).toEqual(['Basic · Pay as you go', '¥0.00', 'Complete']);
    expect(cells(done)[5]).toMatch(/^2026\/01\/0[12] GMT[+-][\d.]+ \d\d:06:07$/);
    expect(screen.queryByTestId(`order-pay-${PAID}`)).toBeNull();
    expect(ordersQueries(calls)[0]).toEqual({
      kind: 'INSTANCE',
      page: '1',
      limit: '10',
      sort_by: 'created_at',
      order: 'desc',
    });

    fireEvent.click(screen.getByTestId(`order-pay-${PENDING}`));
    expect(await screen.findByText('Order paid: the instance is activating.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId(`order-status-${PENDING}`).textContent).toBe('Paid'));
    expect(screen.queryByTestId(`order-pay-${PENDING}`)).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/pay')).map((c) => c.method)).toEqual(['POST']);
  });

  it('cancels a pending order and sorts by status and amount on the server', async () => {
    let status: Order['status'] = 'pending';
    const calls = openWith(() => [order(PENDING, { status })], '/userCenter?tab=purchase-record', {
      [`POST /v1/billing/orders/${PENDING}/cancel`]: () => {
        status = 'canceled';
        return ok(order(PENDING, { status }), 'Order canceled.');
      },
    });
    fireEvent.click(await screen.findByTestId(`order-cancel-${PENDING}`));
    await waitFor(() => expect(screen.getByTestId(`order-status-${PENDING}`).textContent).toBe('Canceled'));
    expect(await screen.findByText('Order canceled.')).toBeTruthy();

    fireEvent.click(screen.getByRole('columnheader', { name: 'Status' }));
    await waitFor(() => expect(ordersQueries(calls).at(-1)).toMatchObject({ sort_by: 'status', order: 'asc' }));
    fireEvent.click(screen.getByRole('columnheader', { name: 'Amount' }));
    await waitFor(() =>
      expect(ordersQueries(calls).at(-1)).toEqual({
        kind: 'INSTANCE',
        page: '1',
        limit: '10',
        sort_by: 'amount_fen',
        order: 'asc',
      }),
    );
  });
});

describe('User Center: recharge record', () => {
  it('highlights the order the checkout returned for, and reads again until its payment lands', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: Order['status'] = 'pending';
    const recharge = () => order(RECHARGE, { kind: 'RECHARGE', status, level: null, pay_type: null, months: null });
    const calls = openWith(
      () => [recharge(), order(PENDING, { kind: 'RECHARGE' })],
      `/userCenter?tab=recharge-record&order=${RECHARGE}`,
    );
    const row = await screen.findByTestId(`order-row-${RECHARGE}`);
    expect(row.dataset.highlighted).toBe('true');
    expect(screen.getByTestId(`order-row-${PENDING}`).dataset.highlighted).toBeUndefined();
    // Recharges have no item column and no Pay: only Cancel while pending.
    expect(screen.queryByRole('columnheader', { name: 'Item' })).toBeNull();
    expect(screen.queryByTestId(`order-pay-${RECHARGE}`)).toBeNull();
    expect(screen.getByTestId(`order-cancel-${RECHARGE}`)).toBeTruthy();
    expect(ordersQueries(calls)[0]).toMatchObject({ kind: 'RECHARGE' });

    status = 'complete';
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(screen.getByTestId(`order-status-${RECHARGE}`).textContent).toBe('Complete'));
    const settled = ordersQueries(calls).length;
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(ordersQueries(calls)).toHaveLength(settled);
  });

  it('says when there is no recharge yet, in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    openWith(() => [], '/userCenter?tab=recharge-record');
    expect((await screen.findByTestId('orders-empty-RECHARGE')).textContent).toBe('暂无充值记录。');
  });

  it('labels every order status in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    const statuses: Order['status'][] = ['pending', 'paid', 'complete', 'canceled', 'payment_error'];
    openWith(
      () => statuses.map((status, i) => order(`MX2026010203040${i}STAT01`, { kind: 'RECHARGE', status })),
      '/userCenter?tab=recharge-record',
    );
    await screen.findByTestId('orders-table-RECHARGE');
    await waitFor(() =>
      expect(statuses.map((_, i) => screen.getByTestId(`order-status-MX2026010203040${i}STAT01`).textContent)).toEqual([
        '待支付',
        '已支付',
        '已完成',
        '已取消',
        '支付失败',
      ]),
    );
  });
});
