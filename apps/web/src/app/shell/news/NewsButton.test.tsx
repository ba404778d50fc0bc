import type { MessageType, SystemMessage } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MessageArgsProps } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../../api/session';
import { registerUiBridge } from '../../../api/ui-bridge';
import { testUser } from '../../../test/fixtures';
import { mockApi, ok, renderPage, setupPageTests } from '../../../test/test-providers';
import { NewsButton } from './NewsButton';

setupPageTests();

const content = (title: string, text: string, link?: string) => JSON.stringify({ title, content: text, link });

/** A fake server: messages per type, whose unread ones make the counts; ack and ack_all mark them read. */
function newsServer(messages: SystemMessage[], options: { countsFail?: boolean } = {}) {
  const counts = () =>
    (['EVENT', 'NOTICE', 'VERSION'] as const).map((type) => ({
      type,
      unread_count: messages.filter((m) => m.type === type && !m.ack).length,
    }));
  return mockApi({
    'GET /v1/messages/unread/count': () =>
      options.countsFail ? { success: false, msg: 'Database unavailable', data: null } : ok(counts()),
    'GET /v1/messages/system': () => ok(messages.filter((m) => m.type === currentType)),
    ...Object.fromEntries(
      messages.map((m) => [
        `POST /v1/messages/${m.id}/ack`,
        () => {
          m.ack = true;
          return ok(null);
        },
      ]),
    ),
    'POST /v1/messages/ack_all': (body) => {
      for (const m of messages) if (m.type === (body as { message_type: MessageType }).message_type) m.ack = true;
      return ok(null, 'All marked as read.');
    },
  });
}

// mockApi's handlers see the body but not the query: the list handler reads the type from here.
let currentType: MessageType = 'EVENT';
let toasts: MessageArgsProps[] = [];
let unregister = () => {};

beforeEach(() => {
  currentType = 'EVENT';
  toasts = [];
  saveSession({ user: testUser, token: 'tok' });
  unregister = registerUiBridge({ message: { open: (args) => toasts.push(args) }, navigate: () => {} });
});

afterEach(() => unregister());

const openNews = async () => {
  fireEvent.click(await screen.findByTestId('news-button'));
  return screen.findByTestId('news-panel');
};

const openTab = async (type: MessageType, name: string) => {
  currentType = type;
  fireEvent.click(screen.getByRole('tab', { name }));
};

const notice = (id: number, ack: boolean, text = 'Body'): SystemMessage => ({
  id,
  type: 'NOTICE',
  ack,
  content: content(`Notice ${id}`, text),
  created_at: '2025-03-04T05:06:07Z',
});

describe('NewsButton', () => {
  it('shows the red dot while anything is unread, and on the tabs that have unread messages', async () => {
    newsServer([notice(1, false), notice(2, true)]);
    renderPage(<NewsButton />, { path: '/' });
    expect(await screen.findByTestId('news-dot')).toBeTruthy();
    expect(screen.getByTestId('news-button').getAttribute('aria-label')).toBe('News, unread messages');
    await openNews();
    expect(screen.getByTestId('news-dot-NOTICE')).toBeTruthy();
    expect(screen.queryByTestId('news-dot-EVENT')).toBeNull();
    expect(screen.queryByTestId('news-dot-VERSION')).toBeNull();
  });

  it('shows no dot when everything is read, and an empty state for an empty group', async () => {
    const calls = newsServer([notice(1, true)]);
    renderPage(<NewsButton />, { path: '/' });
    await openNews();
    expect(await screen.findByTestId('news-empty')).toBeTruthy();
    expect(screen.getByText('No event notifications yet')).toBeTruthy();
    expect(screen.queryByTestId('news-dot')).toBeNull();
    expect(calls.some((c) => c.path === '/v1/messages/unread/count')).toBe(true);
  });

  it('opens a message as plain text, acknowledges it and drops the dot after the reload', async () => {
    const messages = [notice(5, false, 'Line one\nLine two <b>not bold</b>')];
    const calls = newsServer(messages);
    renderPage(<NewsButton />, { path: '/' });
    await screen.findByTestId('news-dot');
    await openNews();
    await openTab('NOTICE', 'Notices');
    const item = await screen.findByTestId('news-item-5');
    expect(within(item).getByText('Notice 5').closest('.medx-news-item-unread')).toBeTruthy();
    expect(within(item).getByText('2025/03/04', { exact: false })).toBeTruthy();
    fireEvent.click(item);

    const body = await screen.findByTestId('news-message-content');
    expect(body.textContent).toBe('Line one\nLine two <b>not bold</b>');
    expect(body.querySelector('b')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Notice 5' })).toBeTruthy();
    expect(screen.queryByTestId('news-message-link')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('news-dot')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/v1/messages/5/ack']);

    // Reopened, the group was reloaded: the message is read now.
    fireEvent.click(screen.getByTestId('news-message-close'));
    await openNews();
    await openTab('NOTICE', 'Notices');
    await waitFor(() =>
      expect(
        within(screen.getByTestId('news-item-5')).getByText('Notice 5').closest('.medx-news-item-unread'),
      ).toBeNull(),
    );
  });

  it('follows a message link inside the app and does not acknowledge a read message again', async () => {
    const calls = newsServer([
      {
        id: 8,
        type: 'EVENT',
        ack: true,
        content: content('Job finished', 'Done', '/project'),
        created_at: '2025-03-04T05:06:07Z',
      },
    ]);
    renderPage(<NewsButton />, { path: '/' });
    await openNews();
    fireEvent.click(await screen.findByTestId('news-item-8'));
    fireEvent.click(await screen.findByTestId('news-message-link'));
    expect((await screen.findByTestId('landed-project')).textContent).toBe('/project');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows a message whose content is not JSON as its raw text', async () => {
    newsServer([{ id: 3, type: 'EVENT', ack: true, content: 'plain {text', created_at: '2025-03-04T05:06:07Z' }]);
    renderPage(<NewsButton />, { path: '/' });
    await openNews();
    fireEvent.click(await screen.findByTestId('news-item-3'));
    expect((await screen.findByTestId('news-message-content')).textContent).toBe('plain {text');
    expect(screen.getByRole('dialog', { name: '(No title)' })).toBeTruthy();
  });

  it('marks a whole group as read', async () => {
    const calls = newsServer([notice(1, false), notice(2, false)]);
    renderPage(<NewsButton />, { path: '/' });
    await openNews();
    await openTab('NOTICE', 'Notices');
    await screen.findByTestId('news-item-2');
    fireEvent.click(screen.getByTestId('news-mark-all'));
    await waitFor(() => expect(screen.queryByTestId('news-dot-NOTICE')).toBeNull());
    expect(screen.queryByTestId('news-dot')).toBeNull();
    expect(calls.find((c) => c.path === '/v1/messages/ack_all')?.body).toEqual({ message_type: 'NOTICE' });
    expect(await screen.findByText('All marked as read.')).toBeTruthy();
    expect(screen.getByTestId('news-mark-all').hasAttribute('disabled')).toBe(true);
  });

  it('takes the focus in and out and refreshes the counts when Escape closes the dropdown', async () => {
    const calls = newsServer([]);
    renderPage(<NewsButton />, { path: '/' });
    await openNews();
    const countCalls = () => calls.filter((c) => c.path === '/v1/messages/unread/count').length;
    const before = countCalls();
    // Keyboard use: the focus moves into the panel, and back to the bell when Escape closes it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('news-panel')));
    fireEvent.keyDown(window, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByTestId('news-panel')).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId('news-button'));
    await waitFor(() => expect(countCalls()).toBe(before + 1));
  });

  it('shows nothing, no toast either, when the unread counts fail', async () => {
    const calls = newsServer([notice(1, false)], { countsFail: true });
    renderPage(<NewsButton />, { path: '/' });
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/messages/unread/count')).toBe(true));
    await openNews();
    expect(await screen.findByTestId('news-empty')).toBeTruthy();
    expect(screen.queryByTestId('news-dot')).toBeNull();
    expect(toasts).toEqual([]);
  });

  it('is not there without a session', () => {
    localStorage.clear();
    const calls = newsServer([]);
    renderPage(<NewsButton />, { path: '/' });
    expect(screen.queryByTestId('news-button')).toBeNull();
    expect(calls).toEqual([]);
  });
});
