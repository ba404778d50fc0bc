import type { ToolPanelItem, ToolSubmission, ToolSubmissionDetail } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MessageArgsProps } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../../api/session';
import { registerUiBridge } from '../../../api/ui-bridge';
import { i18n } from '../../../i18n';
import { testUser } from '../../../test/fixtures';
import { type ApiCall, errors, mockApi, ok, renderPage, setupPageTests, type } from '../../../test/test-providers';
import { AdminPage } from '../AdminPage';
import { AdminToolReviewSection } from './AdminToolReviewSection';
import { TEST_POLL_MS, testPollInterval } from './use-tool-review';

setupPageTests();

const ADMIN = { tools: true, workflows: true, ADMIN_PANEL: true };

const submission = (id: number, extra: Partial<ToolSubmission> = {}): ToolSubmission => ({
  id,
  tool_id: `my_tool_${id}`,
  tool_name: `My tool ${id}`,
  version: '1.0.0',
  status: 'SUBMITTED',
  test_status: 'NOT_RUN',
  test_report: '',
  category: null,
  reason: null,
  created_at: '2025-03-04T05:06:07Z',
  reviewed_at: null,
  user: { id: 40 + id, username: `author${id}`, email: `a${id}@example.org` },
  ...extra,
});

const detail = (id: number, extra: Partial<ToolSubmissionDetail> = {}): ToolSubmissionDetail => ({
  ...submission(id),
  xml: '<tool id="my_tool" name="My tool" version="1.0.0">\n  <command>python $__tool_directory__/run.py</command>\n</tool>',
  files: [
    { path: 'run.py', size: 21, text: 'print("hello world")\n' },
    { path: 'lib/model.bin', size: 2048, text: null },
  ],
  ...extra,
});

const panelTool = (id: string, category: string): ToolPanelItem => ({
  id,
  name: id,
  version: '1',
  description: '',
  category,
  tags: [],
  available: true,
  unavailable_reason: null,
  allowed: true,
});

const listCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/v1/admin/tool-submissions');
const writes = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET');

/** /admin/tool-review through the admin panel, with more handlers. */
function renderReview(items: ToolSubmission[], handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    'GET /v1/users/permissions': () => ok(ADMIN),
    'GET /v1/admin/tool-submissions': () => ok({ total: items.length, items }),
    'GET /v1/tools/panel': () => ok([panelTool('a', 'Docking'), panelTool('b', 'Analysis'), panelTool('c', 'Docking')]),
    ...handlers,
  });
  renderPage(<AdminPage />, { path: '/admin/:section?', url: '/admin/tool-review' });
  return calls;
}

async function openDrawer(id: number) {
  fireEvent.click(await screen.findByTestId(`submission-open-${id}`));
  const drawer = await screen.findByTestId('tool-review-drawer');
  await within(drawer).findByTestId('tool-review-test-status');
  return drawer;
}

/** The API client's error toasts (the server's msg), as the app's UiBridge would show them. */
let toasts: MessageArgsProps[] = [];
let unregister = () => {};

beforeEach(() => {
  saveSession({ user: testUser, token: 'tok' });
  toasts = [];
  unregister = registerUiBridge({ message: { open: (args) => toasts.push(args) }, navigate: () => {} });
});
afterEach(() => unregister());

describe('testPollInterval (the polling stop condition)', () => {
  it('polls only while the tests run', () => {
    expect(testPollInterval({ test_status: 'RUNNING' })).toBe(TEST_POLL_MS);
    expect(testPollInterval({ test_status: 'RUNNING' }, 50)).toBe(50);
    expect(testPollInterval({ test_status: 'PASSED' })).toBe(false);
    expect(testPollInterval({ test_status: 'FAILED' })).toBe(false);
    expect(testPollInterval({ test_status: 'NOT_RUN' })).toBe(false);
    expect(testPollInterval(undefined)).toBe(false);
  });
});

describe('the admin panel’s Tool review section', () => {
  it('lists the submissions awaiting review with author, date and tags, and filters', async () => {
    const calls = renderReview([
      submission(1),
      submission(2, { test_status: 'FAILED', user: { id: 9, username: 'bob', email: null } }),
    ]);
    const row = await screen.findByTestId('submission-row-1');
    expect(within(row).getByText('my_tool_1')).toBeTruthy();
    expect(within(row).getByText('My tool 1')).toBeTruthy();
    expect(within(row).getByText('1.0.0')).toBeTruthy();
    expect(within(row).getByText('author1')).toBeTruthy();
    expect(within(row).getByText('a1@example.org')).toBeTruthy();
    expect(within(row).getByText('2025/03/0', { exact: false })).toBeTruthy();
    expect(within(row).getByTestId('submission-test-status-1').textContent).toBe('Not run');
    expect(within(row).getByTestId('submission-status-1').textContent).toBe('Awaiting review');
    const other = screen.getByTestId('submission-row-2');
    expect(within(other).getByText('bob')).toBeTruthy();
    expect(within(other).getByTestId('submission-test-status-2').textContent).toBe('Failed');
    expect(screen.getByText('2 submissions in total')).toBeTruthy();
    expect(listCalls(calls)[0]?.query).toEqual({ status: 'SUBMITTED', page: '1', limit: '10' });
    expect(screen.getByTestId('admin-section-tool-review').textContent).toBe('Tool review');

    fireEvent.click(within(screen.getByTestId('tool-review-filter')).getByText('All'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query).toEqual({ status: 'ALL', page: '1', limit: '10' }));

    await i18n.changeLanguage('zh-CN');
    expect(await screen.findByText('共 2 个提交')).toBeTruthy();
    expect(screen.getByTestId('admin-section-tool-review').textContent).toBe('工具审核');
  });

  it('pages through the queue', async () => {
    const items = Array.from({ length: 10 }, (_, i) => submission(i + 1));
    const calls = mockApi({
      'GET /v1/users/permissions': () => ok(ADMIN),
      'GET /v1/admin/tool-submissions': () => ok({ total: 25, items }),
    });
    renderPage(<AdminPage />, { path: '/admin/:section?', url: '/admin/tool-review' });
    await screen.findByTestId('submission-row-1');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query).toMatchObject({ page: '2', limit: '10' }));
  });

  it('says when the queue is empty, and offers a retry when it could not be loaded', async () => {
    let fail = false;
    const calls = renderReview([], {
      'GET /v1/admin/tool-submissions': () =>
        fail ? { success: false, msg: 'Boom', data: null } : ok({ total: 0, items: [] }),
    });
    expect((await screen.findByTestId('tool-review-empty')).textContent).toContain('No tools are awaiting review');
    fail = true;
    fireEvent.click(within(screen.getByTestId('tool-review-filter')).getByText('Rejected'));
    expect((await screen.findByTestId('tool-review-load-failed')).textContent).toContain(
      'The submissions could not be loaded.',
    );
    fail = false;
    fireEvent.click(screen.getByText('Retry'));
    expect((await screen.findByTestId('tool-review-empty')).textContent).toContain('No rejected tools');
    expect(listCalls(calls).at(-1)?.query.status).toBe('REJECTED');
  });

  it('shows the XML, opens a text file, and gives a binary’s size', async () => {
    renderReview([submission(1)], { 'GET /v1/admin/tool-submissions/1': () => ok(detail(1)) });
    const drawer = await openDrawer(1);
    expect(within(drawer).getByTestId('tool-review-xml').textContent).toContain('<command>python');
    fireEvent.click(within(drawer).getByText('Files (2)'));
    expect((await within(drawer).findByTestId('tool-review-file-binary')).textContent).toBe(
      'Binary or large file, 2048 bytes',
    );
    expect(within(drawer).queryByTestId('tool-review-file-content')).toBeNull();
    fireEvent.click(within(drawer).getByText('run.py'));
    expect((await within(drawer).findByTestId('tool-review-file-content')).textContent).toBe('print("hello world")\n');
  });

  it('shows an error with a retry when the submission cannot be read', async () => {
    let fail = true;
    renderReview([submission(1)], {
      'GET /v1/admin/tool-submissions/1': () => (fail ? { success: false, msg: 'Gone', data: null } : ok(detail(1))),
    });
    fireEvent.click(await screen.findByTestId('submission-open-1'));
    const error = await screen.findByTestId('tool-review-detail-error');
    expect(within(error).getByText('The submission could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(error).getByText('Retry'));
    expect(await screen.findByTestId('tool-review-xml')).toBeTruthy();
  });

  it('runs the tests and polls until they end, then stops', async () => {
    let reads = 0;
    const calls = mockApi({
      'GET /v1/admin/tool-submissions': () => ok({ total: 1, items: [submission(1)] }),
      'POST /v1/admin/tool-submissions/1/test': () => ok(submission(1, { test_status: 'RUNNING' }), 'Tests started.'),
      'GET /v1/admin/tool-submissions/1': () => {
        reads += 1;
        // The first read opens the drawer; the run then reads RUNNING twice before it ends.
        if (reads === 1) return ok(detail(1));
        if (reads <= 3) return ok(detail(1, { test_status: 'RUNNING', test_report: 'test 1: running' }));
        return ok(detail(1, { test_status: 'PASSED', test_report: 'test 1: ok\n  output out1 matched' }));
      },
    });
    renderPage(<AdminToolReviewSection pollMs={30} />, { path: '/admin/tool-review' });
    const drawer = await openDrawer(1);
    fireEvent.click(within(drawer).getByTestId('tool-review-run-tests'));
    expect(await screen.findByText('Tests started.')).toBeTruthy();
    expect(within(drawer).getByTestId('tool-review-test-status').textContent).toBe('Running');
    expect((within(drawer).getByTestId('tool-review-publish') as HTMLButtonElement).disabled).toBe(true);

    await waitFor(() => expect(within(drawer).getByTestId('tool-review-test-status').textContent).toBe('Passed'));
    expect(within(drawer).getByTestId('tool-review-test-report').textContent).toBe('test 1: ok\n  output out1 matched');
    expect((within(drawer).getByTestId('tool-review-publish') as HTMLButtonElement).disabled).toBe(false);
    const readsAtEnd = reads;
    expect(readsAtEnd).toBe(4);
    // No more reads once PASSED: wait several intervals.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reads).toBe(readsAtEnd);
    // The queue was loaded again after the start and after the end (its test tag).
    expect(listCalls(calls).length).toBeGreaterThanOrEqual(3);
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/admin/tool-submissions/1/test']);
  });

  it('stops reading a running submission once its drawer is closed', async () => {
    let reads = 0;
    mockApi({
      'GET /v1/admin/tool-submissions': () => ok({ total: 1, items: [submission(1, { test_status: 'RUNNING' })] }),
      'GET /v1/admin/tool-submissions/1': () => {
        reads += 1;
        return ok(detail(1, { test_status: 'RUNNING' }));
      },
    });
    renderPage(<AdminToolReviewSection pollMs={30} />, { path: '/admin/tool-review' });
    const drawer = await openDrawer(1);
    await waitFor(() => expect(reads).toBeGreaterThanOrEqual(3));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('tool-review-drawer')).toBeNull());
    const readsAtClose = reads;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reads).toBeLessThanOrEqual(readsAtClose + 1);
  });

  it('requires a category to publish, offers the catalogue’s, and shows the published state', async () => {
    let current = detail(1, { test_status: 'PASSED' });
    const calls = renderReview([submission(1)], {
      'GET /v1/admin/tool-submissions/1': () => ok(current),
      'POST /v1/admin/tool-submissions/1/publish': (body) => {
        const { category } = body as { category: string };
        const published = {
          ...submission(1, { test_status: 'PASSED' }),
          status: 'PUBLISHED' as const,
          category,
          reviewed_at: '2025-03-05T00:00:00Z',
        };
        current = { ...current, ...published };
        return ok(published, 'Published.');
      },
    });
    const drawer = await openDrawer(1);
    fireEvent.click(within(drawer).getByTestId('tool-review-publish'));
    await screen.findByTestId('tool-review-category');
    expect(screen.queryByTestId('tool-review-publish-untested')).toBeNull();
    type('tool-review-category', '   ');
    fireEvent.click(screen.getByTestId('tool-review-publish-ok'));
    await waitFor(() => expect(errors()).toEqual(['This field is required']));
    expect(writes(calls)).toEqual([]);

    // The catalogue's categories, each once, filtered by what is typed.
    type('tool-review-category', 'dock');
    // Form.useWatch reports the typed text a render later: wait for the filter to apply.
    await waitFor(() => expect(screen.queryByTitle('Analysis')).toBeNull());
    expect(screen.getByTitle('Docking')).toBeTruthy();
    type('tool-review-category', '  Quantum chemistry ');
    fireEvent.click(screen.getByTestId('tool-review-publish-ok'));
    expect(await screen.findByText('Published.')).toBeTruthy();
    expect(writes(calls).map((c) => [c.path, c.body])).toEqual([
      ['/v1/admin/tool-submissions/1/publish', { category: 'Quantum chemistry' }],
    ]);
    await waitFor(() => expect(screen.queryByTestId('tool-review-category')).toBeNull());
    expect(within(drawer).getByTestId('tool-review-category-value').textContent).toBe('Quantum chemistry');
    expect(within(drawer).queryByTestId('tool-review-publish')).toBeNull();
    expect(within(drawer).queryByTestId('tool-review-reject')).toBeNull();
    expect(within(drawer).queryByTestId('tool-review-run-tests')).toBeNull();
  });

  it('warns before publishing untested tools and keeps the dialog on a refusal, with the server’s msg', async () => {
    const calls = renderReview([submission(1)], {
      'GET /v1/admin/tool-submissions/1': () => ok(detail(1)),
      'POST /v1/admin/tool-submissions/1/publish': () => ({
        success: false,
        msg: 'This submission has been reviewed already.',
        data: null,
      }),
    });
    const drawer = await openDrawer(1);
    fireEvent.click(within(drawer).getByTestId('tool-review-publish'));
    expect((await screen.findByTestId('tool-review-publish-untested')).textContent).toBe(
      'The tests have not been run.',
    );
    type('tool-review-category', 'Docking');
    fireEvent.click(screen.getByTestId('tool-review-publish-ok'));
    await waitFor(() =>
      expect(toasts).toEqual([{ type: 'error', content: 'This submission has been reviewed already.' }]),
    );
    expect(screen.getByTestId('tool-review-category')).toBeTruthy();
    expect(screen.queryByText('Published.')).toBeNull();
    // The submission is read again (another admin may have reviewed it).
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === '/v1/admin/tool-submissions/1')).toHaveLength(2),
    );
  });

  it('requires a reason to reject, sends it trimmed, and shows it afterwards', async () => {
    let current = detail(1);
    const calls = renderReview([submission(1)], {
      'GET /v1/admin/tool-submissions/1': () => ok(current),
      'POST /v1/admin/tool-submissions/1/reject': (body) => {
        const { reason } = body as { reason: string };
        const rejected = { ...submission(1), status: 'REJECTED' as const, reason };
        current = { ...current, ...rejected };
        return ok(rejected, 'Rejected.');
      },
    });
    const drawer = await openDrawer(1);
    fireEvent.click(within(drawer).getByTestId('tool-review-reject'));
    await screen.findByTestId('tool-review-reason');
    type('tool-review-reason', '  \n ');
    fireEvent.click(screen.getByTestId('tool-review-reject-ok'));
    await waitFor(() => expect(errors()).toEqual(['This field is required']));
    expect(writes(calls)).toEqual([]);

    type('tool-review-reason', ' The command ignores the input.\nPlease fix it. ');
    fireEvent.click(screen.getByTestId('tool-review-reject-ok'));
    expect(await screen.findByText('Rejected.')).toBeTruthy();
    expect(writes(calls)[0]?.body).toEqual({ reason: 'The command ignores the input.\nPlease fix it.' });
    await waitFor(() => expect(screen.queryByTestId('tool-review-reason')).toBeNull());
    expect(within(drawer).getByTestId('tool-review-reason-value').textContent).toBe(
      'The command ignores the input.\nPlease fix it.',
    );
    expect(within(drawer).queryByTestId('tool-review-publish')).toBeNull();
  });

  it('shows a reviewed submission’s category without any action', async () => {
    const published = submission(3, { status: 'PUBLISHED', category: 'Docking', test_status: 'PASSED' });
    renderReview([published], { 'GET /v1/admin/tool-submissions/3': () => ok({ ...detail(3), ...published }) });
    const drawer = await openDrawer(3);
    expect(within(drawer).getByTestId('tool-review-category-value').textContent).toBe('Docking');
    expect(within(drawer).queryByTestId('tool-review-run-tests')).toBeNull();
    expect(within(drawer).queryByTestId('tool-review-publish')).toBeNull();
    expect(within(drawer).queryByTestId('tool-review-reject')).toBeNull();
  });
});
