import type { AdminInstance } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../../api/session';
import { i18n } from '../../../i18n';
import { testUser } from '../../../test/fixtures';
import { mockApi, ok, renderPage, setupPageTests } from '../../../test/test-providers';
import { AdminPage } from '../AdminPage';

setupPageTests();

const instance = (id: number, extra: Partial<AdminInstance> = {}): AdminInstance => ({
  id,
  level: 'Enhanced',
  pay_type: 'postPaid',
  status: 'running',
  cores: 16,
  memory_gb: 32,
  concurrent_jobs: 4,
  price_fen: 50,
  order_no: null,
  created_at: '2025-03-04T05:06:07Z',
  activated_at: '2025-03-04T05:07:07Z',
  expires_at: null,
  ended_at: null,
  end_reason: null,
  jobs_running: 2,
  jobs_total: 9,
  user: { id: 3, username: 'user3' },
  ...extra,
});

beforeEach(() => saveSession({ user: testUser, token: 'tok' }));

describe('the admin panel’s Instances section', () => {
  it('lists live instances with their spec labels; the filter shows ended ones', async () => {
    const calls = mockApi({
      'GET /v1/users/permissions': () => ok({ tools: true, workflows: true, ADMIN_PANEL: true }),
      'GET /v1/admin/instances': (_body, query) =>
        ok(
          query.status === 'ended'
            ? {
                total: 2,
                items: [
                  instance(8, { status: 'expired', ended_at: '2025-04-04T05:06:07Z', end_reason: 'expired' }),
                  instance(9, { status: 'failed', ended_at: '2025-04-04T05:06:07Z', end_reason: 'failed' }),
                ],
              }
            : {
                total: 2,
                items: [instance(1), instance(2, { status: 'initializing', pay_type: 'prePaid', jobs_running: 0 })],
              },
        ),
    });
    renderPage(<AdminPage />, { path: '/admin/:section?', url: '/admin/instances' });

    const running = await screen.findByTestId('admin-instance-row-1');
    expect(within(running).getByText('user3 (#3)')).toBeTruthy();
    expect(within(running).getByText('Enhanced')).toBeTruthy();
    expect(within(running).getByText('Pay as you go')).toBeTruthy();
    expect(within(running).getByText('16 cores · 32 GB · 4 jobs at once')).toBeTruthy();
    expect(within(running).getByText('Running')).toBeTruthy();
    expect(within(running).getByText('2 / 9')).toBeTruthy();
    expect(within(running).getByText('Expires when stopped')).toBeTruthy();
    expect(within(running).getByTestId('admin-instance-stop-1')).toBeTruthy();
    const activating = screen.getByTestId('admin-instance-row-2');
    expect(within(activating).getByText('Activating')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/admin/instances')?.query).toEqual({
      page: '1',
      limit: '10',
      status: 'live',
    });

    fireEvent.click(within(screen.getByTestId('admin-instances-status')).getByText('Ended'));
    const expired = await screen.findByTestId('admin-instance-row-8');
    expect(within(expired).getAllByText('Expired')).toHaveLength(2);
    expect(within(expired).queryByTestId('admin-instance-stop-8')).toBeNull();
    expect(within(screen.getByTestId('admin-instance-row-9')).getAllByText('Activation failed')).toHaveLength(2);

    await i18n.changeLanguage('zh-CN');
    await waitFor(() =>
      expect(within(screen.getByTestId('admin-instance-row-8')).getAllByText('已过期')).toHaveLength(2),
    );
    expect(within(screen.getByTestId('admin-instance-row-9')).getAllByText('激活失败')).toHaveLength(2);
    expect(screen.getByTestId('admin-section-instances').textContent).toBe('实例');
  });

  it('stops an instance only after the confirmation, then reloads the list', async () => {
    let stopped = false;
    const calls = mockApi({
      'GET /v1/users/permissions': () => ok({ tools: true, workflows: true, ADMIN_PANEL: true }),
      'GET /v1/admin/instances': () => ok(stopped ? { total: 0, items: [] } : { total: 1, items: [instance(1)] }),
      'POST /v1/admin/instances/1/stop': () => {
        stopped = true;
        return ok(
          instance(1, { status: 'expired', ended_at: '2025-04-04T05:06:07Z', end_reason: 'stopped' }),
          'The instance is stopped.',
        );
      },
    });
    renderPage(<AdminPage />, { path: '/admin/:section?', url: '/admin/instances' });
    fireEvent.click(await screen.findByTestId('admin-instance-stop-1'));
    expect(await screen.findByText('The machine stops immediately, and please confirm it.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByTestId('admin-instance-stop-confirm'));
    expect(await screen.findByText('The instance is stopped.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/v1/admin/instances/1/stop']);
    expect(await screen.findByText('No instances here')).toBeTruthy();
  });

  it('words the stop confirmation as the spec does in Chinese', async () => {
    mockApi({
      'GET /v1/users/permissions': () => ok({ tools: true, workflows: true, ADMIN_PANEL: true }),
      'GET /v1/admin/instances': () => ok({ total: 1, items: [instance(1)] }),
    });
    await i18n.changeLanguage('zh-CN');
    renderPage(<AdminPage />, { path: '/admin/:section?', url: '/admin/instances' });
    fireEvent.click(await screen.findByTestId('admin-instance-stop-1'));
    expect(await screen.findByText('机器将立即停止，请确认。')).toBeTruthy();
  });
});
