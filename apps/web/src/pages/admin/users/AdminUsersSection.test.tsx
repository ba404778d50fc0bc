import type { AdminUser, LedgerEntry } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../../api/session';
import { i18n } from '../../../i18n';
import { testUser } from '../../../test/fixtures';
import { type ApiCall, errors, mockApi, ok, renderPage, setupPageTests, type } from '../../../test/test-providers';
import { AdminPage } from '../AdminPage';

setupPageTests();

const ADMIN = { tools: true, workflows: true, ADMIN_PANEL: true };
const MB = 1024 * 1024;

const user = (id: number, extra: Partial<AdminUser> = {}): AdminUser => ({
  id,
  username: `user${id}`,
  user_type: 'REGISTERED',
  email: `u${id}@example.org`,
  phone: null,
  organization: 'Lab',
  created_at: '2025-03-04T05:06:07Z',
  disabled: false,
  admin_panel: false,
  admin_by_config: false,
  permissions: { tools: 'MENUS', workflows: {} },
  balance_fen: 123456,
  quota_total_core_seconds: 36000,
  quota_used_core_seconds: 5400,
  storage_limit_bytes: 10240 * MB,
  storage_custom: false,
  ...extra,
});

const adjustment: LedgerEntry = {
  id: 90,
  kind: 'ADJUSTMENT',
  amount_fen: -1234,
  balance_after_fen: 122222,
  quota_core_seconds: 18000,
  order_no: null,
  job_id: null,
  instance_id: null,
  reason: 'Refund of a failed run',
  admin: { id: 7, username: 'ada' },
  created_at: '2025-03-06T05:06:07Z',
};

const writes = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET');
const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/v1/admin/users');

/** /admin/users with the given users on every page, and more handlers. */
function renderUsers(items: AdminUser[], handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    'GET /v1/users/permissions': () => ok(ADMIN),
    'GET /v1/admin/users': () => ok({ total: items.length, items }),
    'GET /v1/admin/users/3/ledger': () => ok({ total: 1, items: [adjustment] }),
    ...handlers,
  });
  renderPage(<AdminPage />, { path: '/admin/:section?', url: '/admin/users' });
  return calls;
}

async function openDrawer(id: number) {
  fireEvent.click(await screen.findByTestId(`admin-user-open-${id}`));
  return screen.findByTestId('admin-user-drawer');
}

beforeEach(() => saveSession({ user: testUser, token: 'tok' }));

describe('the admin panel’s Users section', () => {
  it('lists users with balance, quota, status and admin, 10 a page', async () => {
    const calls = renderUsers([
      user(3),
      user(4, { user_type: 'GUEST', email: null, phone: '13800000000', disabled: true, admin_panel: true }),
    ]);
    const row = await screen.findByTestId('admin-user-row-3');
    expect(within(row).getByText('user3')).toBeTruthy();
    expect(within(row).getByText('u3@example.org')).toBeTruthy();
    expect(within(row).getByText('¥1,234.56')).toBeTruthy();
    expect(within(row).getByText('1.50 / 10.00')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).queryByText('Admin')).toBeNull();
    const guest = screen.getByTestId('admin-user-row-4');
    expect(within(guest).getByText('Guest')).toBeTruthy();
    expect(within(guest).getByText('13800000000')).toBeTruthy();
    expect(within(guest).getByText('Disabled')).toBeTruthy();
    expect(within(guest).getByText('Admin')).toBeTruthy();
    expect(screen.getByText('2 users in total')).toBeTruthy();
    expect(listCalls(calls)[0]?.query).toEqual({ page: '1', limit: '10', user_type: 'all', status: 'all' });

    await i18n.changeLanguage('zh-CN');
    expect(await screen.findByText('共 2 位用户')).toBeTruthy();
    expect(screen.getByTestId('admin-section-users').textContent).toBe('用户');
  });

  it('searches after a pause or on Enter, and filters by type and status', async () => {
    const calls = renderUsers([user(3)]);
    await screen.findByTestId('admin-user-row-3');
    type('admin-users-search', '  lab  ');
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.query).toBe('lab'));
    type('admin-users-search', 'ada@example.org');
    fireEvent.keyDown(screen.getByTestId('admin-users-search'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    // Enter does not wait for the pause.
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.query).toBe('ada@example.org'), { timeout: 200 });

    fireEvent.click(within(screen.getByTestId('admin-users-type')).getByText('Guests'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query).toMatchObject({ user_type: 'GUEST', page: '1' }));
    fireEvent.click(within(screen.getByTestId('admin-users-status')).getByText('Disabled'));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.query).toMatchObject({
        query: 'ada@example.org',
        user_type: 'GUEST',
        status: 'disabled',
      }),
    );
  });

  it('disables an account only after confirming in a dialog, then reloads the list', async () => {
    const calls = renderUsers([user(3)], {
      'PUT /v1/admin/users/3': (body) => ok({ ...user(3), ...(body as object) }, 'Update successful.'),
    });
    const drawer = await openDrawer(3);
    expect(within(drawer).getByTestId('admin-user-balance').textContent).toBe('¥1,234.56');
    expect(within(drawer).getByTestId('admin-user-quota').textContent).toBe('1.50 of 10.00 core-hours used');
    fireEvent.click(within(drawer).getByTestId('admin-user-disable'));
    const text = await screen.findByText(
      'The user is signed out and cannot sign in until the account is enabled again.',
    );
    const confirm = text.closest('.ant-modal') as HTMLElement;
    expect(within(confirm).getAllByText('Disable user3?').length).toBeGreaterThan(0);
    expect(writes(calls)).toEqual([]);
    const before = listCalls(calls).length;
    fireEvent.click(screen.getByTestId('admin-user-disable-confirm'));
    expect(await screen.findByText('Update successful.')).toBeTruthy();
    expect(writes(calls).map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/v1/admin/users/3', { disabled: true }],
    ]);
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    expect(within(drawer).getByTestId('admin-user-disable').textContent).toBe('Enable account');
  });

  it('grants the Admin Panel with the switch', async () => {
    const calls = renderUsers([user(3)], {
      'PUT /v1/admin/users/3': (body) => ok({ ...user(3), ...(body as object) }, 'Update successful.'),
    });
    const drawer = await openDrawer(3);
    const toggle = within(drawer).getByTestId('admin-user-admin-panel');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await screen.findByText('Update successful.');
    expect(writes(calls).map((c) => [c.path, c.body])).toEqual([['/v1/admin/users/3', { admin_panel: true }]]);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
  });

  it('does not let an ADMIN_EMAILS admin lose the Admin Panel, nor the admin disable themself', async () => {
    renderUsers([user(5, { admin_panel: true, admin_by_config: true }), user(7)]);
    let drawer = await openDrawer(5);
    expect(within(drawer).getByTestId('admin-user-admin-panel').hasAttribute('disabled')).toBe(true);
    expect(within(drawer).getByTestId('admin-user-admin-by-config').textContent).toContain('ADMIN_EMAILS');
    expect(within(drawer).getByTestId('admin-user-disable').hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    // User 7 is the signed-in admin (testUser).
    drawer = await openDrawer(7);
    expect(within(drawer).getByTestId('admin-user-disable').hasAttribute('disabled')).toBe(true);
    expect(within(drawer).getByTestId('admin-user-admin-panel').hasAttribute('disabled')).toBe(true);
    expect(within(drawer).getByText(/This is your own account/)).toBeTruthy();
  });

  it('sets the tools, workflows and storage policies, and restores defaults', async () => {
    const calls = renderUsers([user(3)], {
      'GET /v1/tools/panel': () =>
        ok([
          {
            id: 'obabel',
            name: 'Open Babel',
            version: '1',
            description: '',
            category: 'Chemistry',
            tags: [],
            available: true,
            unavailable_reason: null,
            allowed: true,
          },
        ]),
      'PUT /v1/tools/policy': () => ok(null, 'Update successful.'),
      'PUT /v1/workflows/policy': () => ok(null, 'Update successful.'),
      'PUT /v1/quotas/storage': (body) => {
        const mb = (body as { storage_mb: number | null }).storage_mb;
        return ok({ storage_limit: (mb ?? 10240) * MB, storage_custom: mb !== null }, 'Update successful.');
      },
    });
    const drawer = await openDrawer(3);

    const tools = within(drawer).getByRole('group', { name: 'Tools' });
    fireEvent.click(within(tools).getByLabelText('All but these'));
    fireEvent.mouseDown(within(tools).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Open Babel (obabel)'));
    fireEvent.click(within(tools).getByTestId('admin-user-tools-save'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));

    const workflows = within(drawer).getByRole('group', { name: 'Workflows' });
    expect(within(workflows).getByLabelText('All workflows')).toHaveProperty('checked', true);
    fireEvent.click(within(workflows).getByLabelText('No workflows'));
    fireEvent.click(within(workflows).getByTestId('admin-user-workflows-save'));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    fireEvent.click(within(workflows).getByTestId('admin-user-workflows-reset'));
    await waitFor(() => expect(writes(calls)).toHaveLength(3));

    expect(within(drawer).getByTestId('admin-user-storage-reset').hasAttribute('disabled')).toBe(true);
    expect(within(drawer).getByTestId('admin-user-storage')).toHaveProperty('value', '10240');
    type('admin-user-storage', '20480');
    fireEvent.click(within(drawer).getByTestId('admin-user-storage-save'));
    await waitFor(() => expect(writes(calls)).toHaveLength(4));
    expect(await within(drawer).findByText('Now 20.00 GB (set by an admin).')).toBeTruthy();
    fireEvent.click(within(drawer).getByTestId('admin-user-storage-reset'));
    await waitFor(() => expect(writes(calls)).toHaveLength(5));

    expect(writes(calls).map((c) => [c.path, c.body])).toEqual([
      ['/v1/tools/policy', { user_id: 3, tools: ['obabel'] }],
      ['/v1/workflows/policy', { user_id: 3, workflows: false }],
      ['/v1/workflows/policy', { user_id: 3, workflows: null }],
      ['/v1/quotas/storage', { user_id: 3, storage_mb: 20480 }],
      ['/v1/quotas/storage', { user_id: 3, storage_mb: null }],
    ]);
  });

  it('records an adjustment in fen and core-hours with its reason, and shows the account record', async () => {
    const calls = renderUsers([user(3)], {
      'POST /v1/admin/users/3/adjust': () =>
        ok({ ...user(3), balance_fen: 122222, quota_total_core_seconds: 54000 }, 'Adjustment recorded.'),
    });
    const drawer = await openDrawer(3);
    const ledger = await within(drawer).findByTestId('admin-ledger-row-90');
    expect(within(ledger).getByText('Adjustment')).toBeTruthy();
    expect(within(ledger).getByText('-¥12.34')).toBeTruthy();
    expect(within(ledger).getByText('+5.00')).toBeTruthy();
    expect(within(ledger).getByText('Refund of a failed run')).toBeTruthy();
    expect(within(ledger).getByText('ada')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/admin/users/3/ledger')?.query).toEqual({
      page: '1',
      limit: '10',
      sort_by: 'created_at',
      order: 'desc',
    });

    // Nothing to change, no reason: refused here.
    fireEvent.click(within(drawer).getByTestId('admin-adjust-submit'));
    await waitFor(() =>
      expect(errors()).toEqual(['Give a change of balance or of quota.', 'Give the reason for this change.']),
    );

    type('admin-adjust-balance', '-12.34');
    type('admin-adjust-quota', '5');
    type('admin-adjust-reason', '  Refund of a failed run  ');
    fireEvent.click(within(drawer).getByTestId('admin-adjust-submit'));
    expect(await screen.findByText('Adjustment recorded.')).toBeTruthy();
    expect(writes(calls).map((c) => [c.path, c.body])).toEqual([
      ['/v1/admin/users/3/adjust', { balance_fen: -1234, quota_core_hours: 5, reason: 'Refund of a failed run' }],
    ]);
    await waitFor(() => expect(within(drawer).getByTestId('admin-user-balance').textContent).toBe('¥1,222.22'));
    // The form is empty again and the account record was loaded again.
    expect(within(drawer).getByTestId('admin-adjust-reason')).toHaveProperty('value', '');
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/admin/users/3/ledger')).toHaveLength(2));
  });
});
