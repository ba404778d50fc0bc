import type { User } from '@medx/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../api/session';
import { i18n } from '../../i18n';
import { account, instance } from '../../test/billing-fixtures';
import { testUser } from '../../test/fixtures';
import { mockApi, ok, renderPage, setupPageTests } from '../../test/test-providers';
import { UserCenterPage } from './UserCenterPage';

const guest: User = { ...testUser, id: 9, username: 'Guest-abc123', user_type: 'GUEST', email: null };

setupPageTests();
afterEach(() => vi.useRealTimers());

const accountCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === '/v1/billing/account').length;

describe('User Center: balance and compute', () => {
  it('shows the balance, the quota in core-hours with its bar, and the live instances with their spec labels', async () => {
    saveSession({ user: testUser, token: 'tok' });
    mockApi({
      'GET /v1/users/': () => ok(testUser),
      'GET /v1/billing/account': () =>
        ok(
          account({
            instances: [
              instance(1),
              instance(2, { level: 'Basic', pay_type: 'postPaid', status: 'failed', expires_at: null, price_fen: 50 }),
              instance(3, { status: 'expired' }),
            ],
          }),
        ),
    });
    renderPage(<UserCenterPage />, { path: '/userCenter' });
    expect((await screen.findByTestId('uc-balance')).textContent).toBe('¥1,234.56');
    expect(screen.getByTestId('uc-quota-total').textContent).toBe('10.00');
    expect(screen.getByTestId('uc-quota-used').textContent).toBe('2.50');
    const bar = screen.getByTestId('uc-quota-progress');
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(within(bar).getByText('2.50 of 10.00 core-hours')).toBeTruthy();

    const first = screen.getByTestId('uc-instance-1');
    expect(within(first).getByText('Normal · Monthly prepaid')).toBeTruthy();
    expect(within(first).getByText('Cores: 4 · Memory: 8 GB · Concurrent jobs: 2')).toBeTruthy();
    expect(within(first).getByText(/^Expires 2026\/01\/3[01] GMT/)).toBeTruthy();
    expect(screen.getByTestId('uc-instance-status-1').textContent).toBe('Running');
    expect(screen.getByTestId('uc-instance-jobs-1').textContent).toBe('Jobs: 0 running, 0 in all');
    expect(within(screen.getByTestId('uc-instance-2')).getByText('Pay as you go · ¥0.50 per core-hour')).toBeTruthy();
    expect(screen.getByTestId('uc-instance-status-2').textContent).toBe('Activation failed');
    expect(screen.getByTestId('uc-instance-status-3').textContent).toBe('Expired');
    // Only activating and running instances can be stopped.
    expect(screen.getByTestId('uc-instance-stop-1')).toBeTruthy();
    expect(screen.queryByTestId('uc-instance-stop-2')).toBeNull();
    expect(screen.queryByTestId('uc-instance-stop-3')).toBeNull();
  });

  it('stops an instance only after the confirmation modal, with the spec text', async () => {
    saveSession({ user: testUser, token: 'tok' });
    let live = [instance(4)];
    const calls = mockApi({
      'GET /v1/users/': () => ok(testUser),
      'GET /v1/billing/account': () => ok(account({ instances: live })),
      'POST /v1/billing/instances/4/stop': () => {
        live = [];
        return ok(instance(4, { status: 'expired', end_reason: 'stopped' }), 'The instance is stopped.');
      },
    });
    renderPage(<UserCenterPage />, { path: '/userCenter' });
    fireEvent.click(await screen.findByTestId('uc-instance-stop-4'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('uc-instance-stop-text').textContent).toBe(
      'The machine stops immediately, and please confirm it.',
    );
    expect(within(dialog).getByText('Stop the Normal instance')).toBeTruthy();
    // Cancel sends nothing.
    fireEvent.click(screen.getByTestId('uc-instance-stop-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path.endsWith('/stop'))).toBe(false);

    fireEvent.click(screen.getByTestId('uc-instance-stop-4'));
    fireEvent.click(await screen.findByTestId('uc-instance-stop-confirm'));
    expect(await screen.findByText('The instance is stopped.')).toBeTruthy();
    expect(await screen.findByTestId('uc-instances-empty')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/v1/billing/instances/4/stop').map((c) => c.method)).toEqual(['POST']);
  });

  it('says the stop confirmation in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    saveSession({ user: testUser, token: 'tok' });
    mockApi({
      'GET /v1/users/': () => ok(testUser),
      'GET /v1/billing/account': () =>
        ok(account({ instances: [instance(5, { status: 'pending', jobs_running: 1, jobs_total: 3 })] })),
    });
    renderPage(<UserCenterPage />, { path: '/userCenter' });
    expect((await screen.findByTestId('uc-instance-status-5')).textContent).toBe('激活中');
    expect(screen.getByTestId('uc-instance-jobs-5').textContent).toBe('任务：运行中 1 个，累计 3 个');
    fireEvent.click(screen.getByTestId('uc-instance-stop-5'));
    expect((await screen.findByTestId('uc-instance-stop-text')).textContent).toBe('机器将立即停止，请确认。');
  });

  it('reads the account every 3 s while an instance activates, and stops once it runs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    saveSession({ user: testUser, token: 'tok' });
    let status: 'initializing' | 'running' = 'initializing';
    const calls = mockApi({
      'GET /v1/users/': () => ok(testUser),
      'GET /v1/billing/account': () => ok(account({ instances: [instance(6, { status })] })),
    });
    renderPage(<UserCenterPage />, { path: '/userCenter' });
    expect((await screen.findByTestId('uc-instance-status-6')).textContent).toBe('Activating');
    const before = accountCalls(calls);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(accountCalls(calls)).toBe(before + 1));
    expect(screen.getByTestId('uc-instance-status-6').textContent).toBe('Activating');

    status = 'running';
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(screen.getByTestId('uc-instance-status-6').textContent).toBe('Running'));
    const settled = accountCalls(calls);
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(accountCalls(calls)).toBe(settled);
  });

  it('tells a guest that balance and purchases need registration, without a balance', async () => {
    saveSession({ user: guest, token: 'guest-tok' });
    mockApi({
      'GET /v1/users/': () => ok(guest),
      'GET /v1/billing/account': () => ok(account({ balance_fen: 0 })),
    });
    renderPage(<UserCenterPage />, { path: '/userCenter' });
    const note = await screen.findByTestId('uc-billing-guest');
    expect(note.textContent).toContain(
      'Guests have no balance and cannot buy compute. Register to recharge and buy instances.',
    );
    expect(await screen.findByTestId('uc-quota-total')).toBeTruthy();
    expect(screen.queryByTestId('uc-balance')).toBeNull();
    expect(screen.queryByTestId('uc-buy')).toBeNull();
    fireEvent.click(within(note).getByRole('button', { name: 'Register' }));
    expect((await screen.findByTestId('landed-login')).textContent).toBe('/login?userId=9');
  });

  it('says a failed load in the card and loads again on Retry', async () => {
    saveSession({ user: testUser, token: 'tok' });
    let answer = () => ({ success: false, msg: 'Internal server error.', data: null }) as ReturnType<typeof ok>;
    mockApi({ 'GET /v1/users/': () => ok(testUser), 'GET /v1/billing/account': () => answer() });
    renderPage(<UserCenterPage />, { path: '/userCenter' });
    const failed = await screen.findByTestId('uc-billing-load-failed');
    expect(failed.textContent).toContain('Your balance and compute could not be loaded.');
    answer = () => ok(account());
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('uc-balance')).textContent).toBe('¥1,234.56');
  });
});
