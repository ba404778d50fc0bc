import type { AdminOrder } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../../api/session';
import { i18n } from '../../../i18n';
import { testUser } from '../../../test/fixtures';
import { mockApi, ok, renderPage, setupPageTests } from '../../../test/test-providers';
import { AdminPage } from '../AdminPage';

setupPageTests();

const order = (no: string, extra: Partial<AdminOrder> = {}): AdminOrder => ({
  order_no: no,
  kind: 'INSTANCE',
  status: 'complete',
  amount_fen: 59900,
  level: 'Normal',
  pay_type: 'prePaid',
  months: 3,
  instance_id: 12,
  provider: 'balance',
  created_at: '2025-03-04T05:06:07Z',
  paid_at: '2025-03-04T05:07:07Z',
  completed_at: '2025-03-04T05:08:07Z',
  error: null,
  user: { id: 3, username: 'user3' },
  ...extra,
});

const INSTANCE_NO = 'MX20250304050607ABC123';
const RECHARGE_NO = 'MX20250305050607XYZ789';

beforeEach(() => saveSession({ user: testUser, token: 'tok' }));

describe('the admin panel’s Orders section', () => {
  it('lists every user’s orders with kind, details, amount and status, and filters them', async () => {
    const calls = mockApi({
      'GET /v1/users/permissions': () => ok({ tools: true, workflows: true, ADMIN_PANEL: true }),
      'GET /v1/admin/orders': (_body, query) =>
        ok(
          query.status === 'payment_error'
            ? { total: 0, items: [] }
            : {
                total: 2,
                items: [
                  order(INSTANCE_NO),
                  order(RECHARGE_NO, {
                    kind: 'RECHARGE',
                    status: 'payment_error',
                    amount_fen: 10000,
                    level: null,
                    pay_type: null,
                    months: null,
                    instance_id: null,
                    provider: 'sandbox',
                    paid_at: null,
                    completed_at: null,
                    error: 'Card declined',
                  }),
                ],
              },
        ),
    });
    renderPage(<AdminPage />, { path: '/admin/:section?', url: '/admin/orders' });

    const instance = await screen.findByTestId(`admin-order-row-${INSTANCE_NO}`);
    expect(within(instance).getByText('user3 (#3)')).toBeTruthy();
    expect(within(instance).getByText('Instance')).toBeTruthy();
    expect(within(instance).getByText('Normal · Monthly prepaid · 3 months')).toBeTruthy();
    expect(within(instance).getByText('¥599.00')).toBeTruthy();
    expect(within(instance).getByText('Complete')).toBeTruthy();
    expect(within(instance).getByText(/^Paid 2025\/03\/04/)).toBeTruthy();

    const recharge = screen.getByTestId(`admin-order-row-${RECHARGE_NO}`);
    expect(within(recharge).getByText('Recharge')).toBeTruthy();
    expect(within(recharge).getByText('¥100.00')).toBeTruthy();
    expect(within(recharge).getByText('Payment error')).toBeTruthy();
    expect(within(recharge).getByText('Card declined')).toBeTruthy();
    expect(screen.getByText('2 orders in total')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/admin/orders')?.query).toEqual({
      page: '1',
      limit: '10',
      kind: 'all',
      status: 'all',
    });

    fireEvent.click(within(screen.getByTestId('admin-orders-kind')).getByText('Recharges'));
    fireEvent.mouseDown(within(screen.getByTestId('admin-orders-status')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Payment error'));
    await waitFor(() => expect(screen.getByText('No orders here')).toBeTruthy());
    expect(calls.filter((c) => c.path === '/v1/admin/orders').at(-1)?.query).toMatchObject({
      kind: 'RECHARGE',
      status: 'payment_error',
    });

    await i18n.changeLanguage('zh-CN');
    expect(await screen.findByText('暂无订单')).toBeTruthy();
    expect(screen.getByTestId('admin-section-orders').textContent).toBe('订单');
  });

  it('labels each status in both languages', async () => {
    const statuses = ['pending', 'paid', 'complete', 'canceled', 'payment_error'] as const;
    mockApi({
      'GET /v1/users/permissions': () => ok({ tools: true, workflows: true, ADMIN_PANEL: true }),
      'GET /v1/admin/orders': () =>
        ok({ total: 5, items: statuses.map((status, i) => order(`MX2025030405060${i}ABC123`, { status })) }),
    });
    renderPage(<AdminPage />, { path: '/admin/:section?', url: '/admin/orders' });
    const labels = async () =>
      (await screen.findAllByTestId(/^admin-order-row-/)).map((row) => row.querySelector('[data-status]')?.textContent);
    expect(await labels()).toEqual(['Pending', 'Paid', 'Complete', 'Canceled', 'Payment error']);
    await i18n.changeLanguage('zh-CN');
    await waitFor(async () => expect(await labels()).toEqual(['待支付', '已支付', '已完成', '已取消', '支付失败']));
  });
});
