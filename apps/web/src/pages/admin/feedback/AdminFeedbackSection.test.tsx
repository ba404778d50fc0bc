import type { AdminFeedback } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../../api/session';
import { testUser } from '../../../test/fixtures';
import { mockApi, ok, renderPage, setupPageTests } from '../../../test/test-providers';
import { AdminPage } from '../AdminPage';

setupPageTests();

const item = (id: number, handled: boolean): AdminFeedback => ({
  id,
  email: `u${id}@example.org`,
  content: `Feedback ${id}\nsecond line`,
  created_at: '2025-03-04T05:06:07Z',
  user: id === 2 ? null : { id: 40 + id, username: `user${id}`, user_type: id === 3 ? 'GUEST' : 'REGISTERED' },
  handled_at: handled ? '2025-03-05T05:06:07Z' : null,
});

beforeEach(() => saveSession({ user: testUser, token: 'tok' }));

describe('the admin panel’s Feedback section', () => {
  it('lists open feedback with its sender, filters, and marks one handled', async () => {
    const calls = mockApi({
      'GET /v1/users/permissions': () => ok({ tools: true, workflows: true, ADMIN_PANEL: true }),
      'GET /v1/admin/feedback': (_body, query) =>
        ok(
          query.status === 'handled'
            ? { total: 1, items: [item(4, true)] }
            : { total: 3, items: [item(1, false), item(2, false), item(3, false)] },
        ),
      'PUT /v1/admin/feedback/1': () => ok(item(1, true), 'Marked as handled.'),
    });
    renderPage(<AdminPage />, { path: '/admin/:section?', url: '/admin/feedback' });
    const rows = await screen.findAllByTestId('admin-feedback-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('user1')).toBeTruthy();
    expect(within(rows[1]!).getByText('Account deleted')).toBeTruthy();
    expect(within(rows[2]!).getByText('user3 (guest)')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/admin/feedback')?.query).toMatchObject({ status: 'open', page: '1' });

    fireEvent.click(within(rows[0]!).getByTestId('admin-feedback-toggle'));
    await screen.findByText('Marked as handled.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ handled: true });

    fireEvent.click(screen.getByText('Handled'));
    await waitFor(() => expect(screen.getAllByTestId('admin-feedback-row')).toHaveLength(1));
    expect(screen.getByText('Reopen')).toBeTruthy();
  });
});
