import type { QuotaUsage, User } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../api/session';
import { i18n } from '../../i18n';
import { testUser } from '../../test/fixtures';
import { mockApi, ok, renderPage, setupPageTests } from '../../test/test-providers';
import { formatBytes } from './QuotaCard';
import { UserCenterPage } from './UserCenterPage';

const MB = 1024 * 1024;
const quota: QuotaUsage = {
  user_id: testUser.id,
  storage_used: 512 * MB,
  storage_reserved: 0,
  storage_limit: 5120 * MB,
  storage_custom: false,
  projects: 3,
  projects_limit: 1000,
  jobs_running: 1,
  jobs_limit: 4,
};
const guest: User = { ...testUser, id: 9, username: 'Guest-abc123', user_type: 'GUEST', email: null };

setupPageTests();

describe('formatBytes', () => {
  it('writes binary units as the server does', () => {
    expect([0, 1023, 1536, 200 * MB, 5120 * MB, MB + 49_000].map(formatBytes)).toEqual([
      '0 B',
      '1023 B',
      '1.5 KB',
      '200 MB',
      '5 GB',
      '1 MB',
    ]);
  });
});

describe('User Center quotas', () => {
  it('shows storage used of its limit with a progress bar, projects and running jobs against theirs', async () => {
    saveSession({ user: testUser, token: 'tok' });
    const calls = mockApi({ 'GET /v1/users/': () => ok(testUser), 'GET /v1/quotas': () => ok(quota) });
    renderPage(<UserCenterPage />, { path: '/userCenter' });
    const storage = await screen.findByTestId('quota-storage');
    expect(within(storage).getByText('512 MB of 5 GB')).toBeTruthy();
    expect(storage.getAttribute('role')).toBe('progressbar');
    expect(storage.getAttribute('aria-valuenow')).toBe('10');
    expect(within(screen.getByTestId('quota-projects')).getByText('3')).toBeTruthy();
    expect(within(screen.getByTestId('quota-projects')).getByText('/ 1000')).toBeTruthy();
    expect(within(screen.getByTestId('quota-jobs')).getByText('/ 4')).toBeTruthy();
    expect(screen.getByText('Jobs queued or running')).toBeTruthy();
    expect(screen.queryByTestId('quota-over')).toBeNull();
    expect(screen.getByText('Need more storage? Contact an administrator.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/quotas')?.headers.token).toBe('tok');
  });

  it('tells a guest why its quotas are small, shows reservations and a storage over its quota, in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    saveSession({ user: guest, token: 'guest-tok' });
    const over: QuotaUsage = {
      ...quota,
      user_id: guest.id,
      storage_used: 210 * MB,
      storage_reserved: 10 * MB,
      storage_limit: 200 * MB,
      projects_limit: 5,
      jobs_limit: 1,
    };
    mockApi({ 'GET /v1/users/': () => ok(guest), 'GET /v1/quotas': () => ok(over) });
    renderPage(<UserCenterPage />, { path: '/userCenter' });
    const storage = await screen.findByTestId('quota-storage');
    expect(within(storage).getByText('已用 210 MB / 共 200 MB')).toBeTruthy();
    expect(storage.classList.contains('ant-progress-status-exception')).toBe(true);
    expect(storage.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('quota-reserved').textContent).toBe('其中 10 MB 为未完成上传所预留。');
    expect(screen.getByTestId('quota-over').textContent).toContain('已超出配额');
    expect(screen.getByText('访客的配额较小。注册后可存储更多文件，并同时运行更多任务。')).toBeTruthy();
  });

  it('a failed load is said in the card, without a toast, and Retry loads again', async () => {
    saveSession({ user: testUser, token: 'tok' });
    let answer: () => ReturnType<typeof ok> | { success: false; msg: string; data: null } = () => ({
      success: false,
      msg: 'Internal server error.',
      data: null,
    });
    mockApi({ 'GET /v1/users/': () => ok(testUser), 'GET /v1/quotas': () => answer() });
    renderPage(<UserCenterPage />, { path: '/userCenter' });
    expect(await screen.findByText('Your quotas could not be loaded.')).toBeTruthy();
    expect(screen.queryByText('Internal server error.')).toBeNull();
    answer = () => ok(quota);
    fireEvent.click(within(screen.getByTestId('quota-card')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('quota-storage')).toBeTruthy());
  });
});
