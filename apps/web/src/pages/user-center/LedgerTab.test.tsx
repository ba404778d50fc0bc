import type { LedgerEntry } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../api/session';
import { i18n } from '../../i18n';
import { ledgerEntry } from '../../test/billing-fixtures';
import { testUser } from '../../test/fixtures';
import { type ApiCall, mockApi, ok, renderPage, setupPageTests } from '../../test/test-providers';
import { UserCenterPage } from './UserCenterPage';

setupPageTests();

const ENTRIES: LedgerEntry[] = [
  ledgerEntry(1, { order_no: 'MX20260101000000RCH001' }),
  ledgerEntry(2, {
    kind: 'PURCHASE',
    amount_fen: -19900,
    balance_after_fen: 0,
    quota_core_seconds: 4 * 3600 * 720,
    order_no: 'MX20260101000000ABC001',
    instance_id: 3,
  }),
  ledgerEntry(3, { kind: 'USAGE', amount_fen: -25, balance_after_fen: 9975, quota_core_seconds: -1800, job_id: 41 }),
  ledgerEntry(4, {
    kind: 'ADJUSTMENT',
    amount_fen: 0,
    balance_after_fen: 9975,
    quota_core_seconds: 36_000,
    reason: 'Course credit',
    admin: { id: 1, username: 'root' },
  }),
];

function open(total = 23) {
  saveSession({ user: testUser, token: 'tok' });
  const calls = mockApi({
    'GET /v1/users/': () => ok(testUser),
    'GET /v1/billing/ledger': () => ok({ total, items: total === 0 ? [] : ENTRIES }),
  });
  renderPage(<UserCenterPage />, { path: '/userCenter', url: '/userCenter?tab=account-record' });
  return calls;
}

const ledgerQueries = (calls: ApiCall[]) => calls.filter((c) => c.path === '/v1/billing/ledger').map((c) => c.query);
const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent);

describe('User Center: account record', () => {
  it('lists the changes with kind, signed amounts, balance after, quota change and details', async () => {
    const calls = open();
    const table = await screen.findByTestId('ledger-table');
    await waitFor(() => expect(within(table).getAllByTestId('ledger-row')).toHaveLength(4));
    const [recharge, purchase, usage, adjustment] = within(table).getAllByTestId('ledger-row') as HTMLElement[];
    expect(cells(recharge!).slice(1)).toEqual([
      'Recharge',
      '+¥100.00',
      '¥100.00',
      '0.00',
      'Order MX20260101000000RCH001',
    ]);
    expect(cells(recharge!)[0]).toMatch(/^2026\/01\/0[12] GMT[+-][\d.]+ \d\d:04:05$/);
    expect(cells(purchase!).slice(1)).toEqual([
      'Purchase',
      '-¥199.00',
      '¥0.00',
      '+2880.00',
      'Order MX20260101000000ABC001 · Instance 3',
    ]);
    expect(cells(usage!).slice(1)).toEqual(['Usage', '-¥0.25', '¥99.75', '-0.50', 'Job 41']);
    expect(cells(adjustment!).slice(1)).toEqual(['Adjustment', '¥0.00', '¥99.75', '+10.00', 'Course credit · By root']);
    // Gains green, losses red.
    expect(within(recharge!).getByText('+¥100.00').className).toContain('ant-typography-success');
    expect(within(purchase!).getByText('-¥199.00').className).toContain('ant-typography-danger');
    expect(ledgerQueries(calls)).toEqual([{ page: '1', limit: '10', sort_by: 'created_at', order: 'desc' }]);
  });

  it('sorts and pages on the server', async () => {
    const calls = open();
    const table = await screen.findByTestId('ledger-table');
    await waitFor(() => expect(within(table).getAllByTestId('ledger-row')).toHaveLength(4));
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(ledgerQueries(calls).at(-1)).toMatchObject({ page: '3', sort_by: 'created_at' }));
    fireEvent.click(screen.getByRole('columnheader', { name: 'Amount' }));
    await waitFor(() =>
      expect(ledgerQueries(calls).at(-1)).toEqual({ page: '1', limit: '10', sort_by: 'amount_fen', order: 'asc' }),
    );
    fireEvent.click(screen.getByRole('columnheader', { name: 'Amount' }));
    await waitFor(() => expect(ledgerQueries(calls).at(-1)).toMatchObject({ sort_by: 'amount_fen', order: 'desc' }));
    fireEvent.click(screen.getByRole('columnheader', { name: 'Time' }));
    await waitFor(() => expect(ledgerQueries(calls).at(-1)).toMatchObject({ sort_by: 'created_at', order: 'asc' }));
  });

  it('says when there is nothing yet, in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    open(0);
    expect((await screen.findByTestId('ledger-empty')).textContent).toBe('暂无账户记录。');
    expect(screen.getByRole('columnheader', { name: '变动后余额' })).toBeTruthy();
  });
});
