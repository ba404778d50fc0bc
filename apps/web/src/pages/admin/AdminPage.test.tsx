import type { AdminMessage, AdminMessageInput } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../api/session';
import { i18n } from '../../i18n';
import { testUser } from '../../test/fixtures';
import { errors, mockApi, ok, renderPage, setupPageTests, type } from '../../test/test-providers';
import { AdminPage } from './AdminPage';

setupPageTests();

const ADMIN = { tools: true, workflows: true, ADMIN_PANEL: true };

const message = (id: number, status: AdminMessage['status'], extra: Partial<AdminMessage> = {}): AdminMessage => ({
  id,
  type: 'NOTICE',
  title_en: `Notice ${id}`,
  title_zh: `公告 ${id}`,
  content_en: 'Text',
  content_zh: '正文',
  status,
  author_id: 7,
  created_at: '2025-03-04T05:06:07Z',
  published_at: status === 'DRAFT' ? null : '2025-03-05T05:06:07Z',
  withdrawn_at: null,
  read_count: 12,
  ...extra,
});

const input: AdminMessageInput = {
  type: 'VERSION',
  title_en: 'Version 2',
  title_zh: '版本 2',
  content_en: 'New:\n- docking',
  content_zh: '新功能：\n- 对接',
};

/** Renders /admin after permissions and a first page with the given messages. */
function renderAdmin(items: AdminMessage[], handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    'GET /v1/users/permissions': () => ok(ADMIN),
    'GET /v1/messages/admin': () => ok({ total: items.length, items }),
    ...handlers,
  });
  renderPage(<AdminPage />, { path: '/admin/:section?', url: '/admin' });
  return calls;
}

/** Fills the form (the type through antd's Select) with padded texts, as an admin might type them. */
async function fillForm(values: AdminMessageInput) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.mouseDown(within(dialog).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(values.type === 'VERSION' ? 'Version update' : 'Notice'));
  type('admin-message-title_en', ` ${values.title_en} `);
  type('admin-message-title_zh', values.title_zh);
  type('admin-message-content_en', values.content_en);
  type('admin-message-content_zh', values.content_zh);
}

beforeEach(() => saveSession({ user: testUser, token: 'tok' }));

describe('AdminPage', () => {
  it('answers 403 to a user without ADMIN_PANEL and loads no admin data', async () => {
    const calls = mockApi({ 'GET /v1/users/permissions': () => ok({ tools: true, workflows: true }) });
    renderPage(<AdminPage />, { path: '/admin/:section?', url: '/admin' });
    const forbidden = await screen.findByTestId('admin-forbidden');
    expect(within(forbidden).getByText('Sorry, only administrators can open the admin panel.')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/v1/users/permissions']);
  });

  it('lists the messages with their type, title in the UI language, state, time and readers', async () => {
    renderAdmin([message(2, 'PUBLISHED'), message(1, 'DRAFT', { type: 'VERSION' })]);
    const rows = await screen.findAllByTestId('admin-message-row');
    expect(rows).toHaveLength(2);
    const [published, draft] = rows as [HTMLElement, HTMLElement];
    expect(within(published).getByText('Notice 2')).toBeTruthy();
    expect(within(published).getByText('Published')).toBeTruthy();
    expect(within(published).getByText('12')).toBeTruthy();
    expect(within(published).getByText('2025/03/05', { exact: false })).toBeTruthy();
    expect(within(published).getByTestId('admin-message-withdraw')).toBeTruthy();
    expect(within(published).queryByTestId('admin-message-edit')).toBeNull();
    expect(within(draft).getByText('Version update')).toBeTruthy();
    expect(within(draft).getByText('Draft')).toBeTruthy();
    expect(within(draft).getByTestId('admin-message-publish')).toBeTruthy();
    expect(screen.getByText('2 messages in total')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: /Messages/ })).toBeTruthy();

    await i18n.changeLanguage('zh-CN');
    expect(await screen.findByText('公告 2')).toBeTruthy();
    expect(screen.getAllByText('已发布').length).toBeGreaterThan(0);
  });

  it('refuses a form with empty titles and texts, with the contract texts', async () => {
    const calls = renderAdmin([]);
    fireEvent.click(await screen.findByTestId('admin-message-new'));
    type('admin-message-title_en', '   ');
    fireEvent.click(screen.getByTestId('admin-message-save'));
    await waitFor(() =>
      expect(errors()).toEqual([
        'Please enter a title.',
        'Please enter the content.',
        'Please enter a title.',
        'Please enter the content.',
      ]),
    );
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('creates then publishes a message with the trimmed texts', async () => {
    const created = message(11, 'DRAFT', { ...input });
    const calls = renderAdmin([], {
      'POST /v1/messages/admin': () => ok(created, 'Message saved as a draft.'),
      'POST /v1/messages/admin/11/publish': () => ok({ ...created, status: 'PUBLISHED' }, 'Message published.'),
    });
    fireEvent.click(await screen.findByTestId('admin-message-new'));
    await fillForm(input);
    fireEvent.click(screen.getByTestId('admin-message-submit-publish'));
    expect(await screen.findByText('Message published.')).toBeTruthy();
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/messages/admin',
      'POST /v1/messages/admin/11/publish',
    ]);
    expect(writes[0]?.body).toEqual(input);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list was loaded again.
    expect(calls.filter((c) => c.path === '/v1/messages/admin' && c.method === 'GET')).toHaveLength(2);
  });

  it('keeps the saved draft when publishing fails, and publishing again updates it instead of writing another', async () => {
    const created = message(11, 'DRAFT', { ...input });
    let publishOk = false;
    const calls = renderAdmin([], {
      'POST /v1/messages/admin': () => ok(created),
      'PUT /v1/messages/admin/11': (body) => ok({ ...created, ...(body as AdminMessageInput) }),
      'POST /v1/messages/admin/11/publish': () =>
        publishOk
          ? ok({ ...created, status: 'PUBLISHED' }, 'Message published.')
          : { success: false, msg: 'Busy', data: null },
    });
    fireEvent.click(await screen.findByTestId('admin-message-new'));
    await fillForm(input);
    fireEvent.click(screen.getByTestId('admin-message-submit-publish'));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/messages/admin/11/publish')).toBe(true));
    publishOk = true;
    await waitFor(() =>
      expect(screen.getByTestId('admin-message-submit-publish').classList.contains('ant-btn-loading')).toBe(false),
    );
    fireEvent.click(screen.getByTestId('admin-message-submit-publish'));
    expect(await screen.findByText('Message published.')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/messages/admin',
      'POST /v1/messages/admin/11/publish',
      'PUT /v1/messages/admin/11',
      'POST /v1/messages/admin/11/publish',
    ]);
  });

  it('edits a draft with PUT and shows the server message', async () => {
    const draft = message(4, 'DRAFT');
    const calls = renderAdmin([draft], {
      'PUT /v1/messages/admin/4': (body) =>
        ok({ ...draft, ...(body as AdminMessageInput) }, 'Message saved as a draft.'),
    });
    fireEvent.click(await screen.findByTestId('admin-message-edit'));
    expect(await screen.findByText('Edit draft')).toBeTruthy();
    expect(screen.getByTestId('admin-message-title_en')).toHaveProperty('value', 'Notice 4');
    type('admin-message-title_en', 'Notice four');
    fireEvent.click(screen.getByTestId('admin-message-save'));
    expect(await screen.findByText('Message saved as a draft.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      type: 'NOTICE',
      title_en: 'Notice four',
      title_zh: '公告 4',
      content_en: 'Text',
      content_zh: '正文',
    });
  });

  it('publishes a draft from its row', async () => {
    const calls = renderAdmin([message(4, 'DRAFT')], {
      'POST /v1/messages/admin/4/publish': () => ok(message(4, 'PUBLISHED'), 'Message published.'),
    });
    fireEvent.click(await screen.findByTestId('admin-message-publish'));
    expect(await screen.findByText('Message published.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/v1/messages/admin/4/publish']);
  });

  it('withdraws a published message only after confirming', async () => {
    const calls = renderAdmin([message(6, 'PUBLISHED')], {
      'POST /v1/messages/admin/6/withdraw': () => ok(message(6, 'WITHDRAWN'), 'Message withdrawn.'),
    });
    fireEvent.click(await screen.findByTestId('admin-message-withdraw'));
    expect(await screen.findByText('Withdraw this message?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByTestId('admin-message-withdraw-confirm'));
    expect(await screen.findByText('Message withdrawn.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/v1/messages/admin/6/withdraw']);
  });
});
