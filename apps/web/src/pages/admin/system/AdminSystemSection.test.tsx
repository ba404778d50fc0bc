import type { AdminSystem } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../api/session';
import { i18n } from '../../../i18n';
import { testUser } from '../../../test/fixtures';
import { mockApi, ok, renderPage, setupPageTests } from '../../../test/test-providers';
import { AdminPage } from '../AdminPage';

setupPageTests();

const GB = 1024 ** 3;

const system = (queue: number): AdminSystem => ({
  workers: [
    {
      id: 'local',
      host: 'node-1',
      kind: 'local',
      cpus: 32,
      load: [1.5, 2.25, 3],
      memory_total_bytes: 64 * GB,
      memory_free_bytes: 16 * GB,
      lanes: [
        { key: 'shared', instance_id: null, user: null, concurrency: 8, running: 3, queued: queue },
        {
          key: 'instance-12',
          instance_id: 12,
          user: { id: 3, username: 'user3' },
          concurrency: 4,
          running: 2,
          queued: 1,
        },
      ],
    },
  ],
  queue_depth: queue,
  jobs_by_state: { RUNNING: 5, FINISHED: 120, FAILED: 3 },
  storage: { files: 1200, bytes: 1.5 * GB },
  users: { registered: 40, guests: 12, disabled: 2 },
  capacity: { sellable_cores: 64, reserved_cores: 16 },
});

beforeEach(() => saveSession({ user: testUser, token: 'tok' }));

describe('the admin panel’s System section', () => {
  it('shows the queue, jobs by state, storage, users, capacity and each worker’s lanes', async () => {
    let queue = 4;
    const calls = mockApi({
      'GET /v1/users/permissions': () => ok({ tools: true, workflows: true, ADMIN_PANEL: true }),
      'GET /v1/admin/system': () => ok(system(queue)),
    });
    renderPage(<AdminPage />, { path: '/admin/:section?', url: '/admin/system' });

    const queueCard = await screen.findByTestId('admin-system-queue');
    expect(queueCard.querySelector('.ant-statistic-content-value')?.textContent).toBe('4');
    const jobs = screen.getByTestId('admin-system-jobs');
    // In the order of a job's life, with the counts beside the bars.
    expect(
      Array.from(jobs.querySelectorAll('[data-testid^="admin-system-jobs-"]')).map((row) => row.textContent),
    ).toEqual(['Running5', 'Finished120', 'Failed3']);
    expect(within(jobs).getAllByRole('progressbar')).toHaveLength(3);
    expect(within(screen.getByTestId('admin-system-storage')).getByText('1.50 GB')).toBeTruthy();
    expect(within(screen.getByTestId('admin-system-storage')).getByText('1200 files')).toBeTruthy();
    expect(within(screen.getByTestId('admin-system-users')).getByText('12 guests, 2 disabled')).toBeTruthy();
    const capacity = screen.getByTestId('admin-system-capacity');
    expect(within(capacity).getByText('16 of 64 sellable cores reserved by instances')).toBeTruthy();
    expect(within(capacity).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');

    const worker = screen.getByTestId('admin-system-worker-local');
    expect(within(worker).getByText('node-1 (local)')).toBeTruthy();
    expect(within(worker).getByText('1.50 / 2.25 / 3.00')).toBeTruthy();
    expect(within(worker).getByText('48.00 GB used of 64.00 GB')).toBeTruthy();
    const lanes = within(worker).getByTestId('admin-system-lanes');
    expect(within(lanes).getByTestId('admin-system-lane-shared').textContent).toBe('Shared pool-834');
    expect(within(lanes).getByTestId('admin-system-lane-instance-12').textContent).toBe('Instance #12user3 (#3)421');

    queue = 7;
    fireEvent.click(screen.getByTestId('admin-system-refresh'));
    // A busy machine (the whole suite in parallel) can take more than waitFor's default second.
    await waitFor(() => expect(queueCard.querySelector('.ant-statistic-content-value')?.textContent).toBe('7'), {
      timeout: 3000,
    });
    expect(calls.filter((c) => c.path === '/v1/admin/system')).toHaveLength(2);

    await i18n.changeLanguage('zh-CN');
    expect(await screen.findByText('共享池')).toBeTruthy();
    expect(screen.getByTestId('admin-section-system').textContent).toBe('系统');
  });

  it('reloads itself every 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = mockApi({
        'GET /v1/users/permissions': () => ok({ tools: true, workflows: true, ADMIN_PANEL: true }),
        'GET /v1/admin/system': () => ok(system(0)),
      });
      renderPage(<AdminPage />, { path: '/admin/:section?', url: '/admin/system' });
      await screen.findByTestId('admin-system-queue');
      const loads = () => calls.filter((c) => c.path === '/v1/admin/system').length;
      expect(loads()).toBe(1);
      await vi.advanceTimersByTimeAsync(10_000);
      await waitFor(() => expect(loads()).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when no worker is connected', async () => {
    mockApi({
      'GET /v1/users/permissions': () => ok({ tools: true, workflows: true, ADMIN_PANEL: true }),
      'GET /v1/admin/system': () => ok({ ...system(0), workers: [], jobs_by_state: {} }),
    });
    renderPage(<AdminPage />, { path: '/admin/:section?', url: '/admin/system' });
    expect(await screen.findByText('No worker is connected.')).toBeTruthy();
    expect(within(screen.getByTestId('admin-system-jobs')).getByText('No jobs yet')).toBeTruthy();
  });
});
