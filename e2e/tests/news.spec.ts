// News (issue 15 part 1; spec §2 "News"): an administrator publishes a notice from the Admin
// Panel, a signed-in user sees the red dot appear without a reload (server-sent events), reads
// the notice and sees the dot go; a job that finishes shows in Events the same way.

import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminSessionByApi,
  createProjectByApi,
  type Session,
  signUpByApi,
  storageStateFor,
  uniqueEmail,
} from '../support/api';
import { importContentByApi } from '../support/files';
import { expect, PASSWORD, test } from '../support/fixtures';
import { shot } from '../support/screens';
import { toast } from '../support/ui';

const ETHANOL_SDF = `ethanol
  e2e

  3  2  0  0  0  0  0  0  0  0999 V2000
    0.0000    0.0000    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
    1.5200    0.0000    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
    2.0300    1.4000    0.0000 O   0  0  0  0  0  0  0  0  0  0  0  0
  1  2  1  0
  2  3  1  0
M  END
$$$$
`;

/** Marks everything the user could already read as read, so its dot starts off (other tests publish too). */
async function readEverything(request: APIRequestContext, session: Session): Promise<void> {
  for (const type of ['EVENT', 'NOTICE', 'VERSION']) {
    const res = await request.post('/v1/messages/ack_all', {
      data: { message_type: type },
      headers: { token: session.token, 'Accept-Language': 'en' },
    });
    expect(res.status()).toBe(200);
  }
}

async function newUser(request: APIRequestContext): Promise<Session> {
  const session = await signUpByApi(request, { email: uniqueEmail('news'), password: PASSWORD });
  await readEverything(request, session);
  return session;
}

/** Opens the News dropdown and the group of `tab`. */
async function openNews(page: Page, tab: string): Promise<void> {
  await page.getByTestId('news-button').click();
  const panel = page.getByTestId('news-panel');
  await expect(panel).toBeVisible();
  await panel.getByRole('tab', { name: tab, exact: true }).click();
}

test('an admin publishes a notice; a user sees the dot arrive live, reads it and the dot goes', async ({
  browser,
  request,
}) => {
  const reader = await newUser(request);
  const admin = await adminSessionByApi(request, PASSWORD);
  const tag = randomUUID().slice(0, 6);
  const title = `Maintenance ${tag}`;
  const titleZh = `维护通知 ${tag}`;

  const readerContext = await browser.newContext({ storageState: storageStateFor(reader) });
  const adminContext = await browser.newContext({ storageState: storageStateFor(admin) });
  try {
    const page = await readerContext.newPage();
    await page.goto('/project');
    await expect(page.getByTestId('news-button')).toBeVisible();
    await expect(page.getByTestId('news-dot')).toHaveCount(0);

    // The Admin Panel item opens this server's own admin area.
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/project');
    const opened = adminContext.waitForEvent('page');
    await adminPage.getByTestId('nav-admin').click();
    const panel = await opened;
    await expect(panel).toHaveURL(/\/admin/);
    await panel.getByTestId('admin-message-new').click();
    await panel.getByTestId('admin-message-title_en').fill(title);
    await panel.getByTestId('admin-message-title_zh').fill(titleZh);
    await panel.getByTestId('admin-message-content_en').fill('The service pauses on Sunday from 02:00 to 04:00.');
    await panel.getByTestId('admin-message-content_zh').fill('服务将于周日 02:00 至 04:00 暂停。');
    await shot(panel, 'news/admin-new-message-en');
    await panel.getByTestId('admin-message-submit-publish').click();
    await expect(toast(panel, 'Message published.')).toBeVisible();
    const row = panel.getByTestId('admin-message-row').filter({ hasText: title });
    await expect(row).toContainText('Published');
    await shot(panel, 'news/admin-messages-en');

    // Pushed to the reader's open page: no reload.
    await expect(page.getByTestId('news-dot')).toBeVisible();
    await openNews(page, 'Notices');
    await expect(page.getByTestId('news-dot-NOTICE')).toBeVisible();
    await shot(page, 'news/dropdown-unread-en');
    await page.getByTestId('news-panel').getByText(title).click();
    await expect(page.getByTestId('news-message-content')).toContainText('The service pauses on Sunday');
    await shot(page, 'news/message-en');
    await page.getByTestId('news-message-close').click();
    await expect(page.getByTestId('news-dot')).toHaveCount(0);

    // The same notice in Chinese, for a reader whose interface is Chinese.
    const zhReader = await newUserWithNotice(request, title);
    const zhContext = await browser.newContext({ storageState: storageStateFor(zhReader, 'zh-CN') });
    try {
      const zhPage = await zhContext.newPage();
      await zhPage.goto('/project');
      await openNews(zhPage, '业务公告');
      await expect(zhPage.getByTestId('news-panel').getByText(titleZh)).toBeVisible();
      await shot(zhPage, 'news/dropdown-unread-zh-CN');
      const zhAdmin = await zhContext.newPage();
      await zhAdmin.goto('/admin');
      await expect(zhAdmin.getByTestId('admin-forbidden')).toBeVisible();
      await shot(zhAdmin, 'news/admin-forbidden-zh-CN');
    } finally {
      await zhContext.close();
    }
  } finally {
    await readerContext.close();
    await adminContext.close();
  }
});

/** A fresh user who has read everything but the notice titled `title`. */
async function newUserWithNotice(request: APIRequestContext, title: string): Promise<Session> {
  const session = await signUpByApi(request, { email: uniqueEmail('newszh'), password: PASSWORD });
  const res = await request.get('/v1/messages/system', {
    params: { message_type: 'NOTICE', limit: 100 },
    headers: { token: session.token, 'Accept-Language': 'en' },
  });
  const notices = ((await res.json()) as { data: { id: number; content: string }[] }).data;
  for (const notice of notices) {
    if ((JSON.parse(notice.content) as { title: string }).title === title) continue;
    await request.post(`/v1/messages/${notice.id}/ack`, { headers: { token: session.token } });
  }
  return session;
}

test.describe('a signed-in user', () => {
  test.use({ account: 'registered' });

  test('sees a finished job in Events without a reload, and opens its result from there', async ({
    page,
    request,
    session,
  }) => {
    await readEverything(request, session!);
    const project = await createProjectByApi(request, session!.token, 'News job');
    const ligand = await importContentByApi(session!.token, project.id, 'ethanol.sdf', ETHANOL_SDF);
    await page.goto('/project');
    await expect(page.getByTestId('news-button')).toBeVisible();
    await expect(page.getByTestId('news-dot')).toHaveCount(0);

    const jobName = `Ligand ${randomUUID().slice(0, 6)}`;
    const submitted = await request.post('/v1/jobs/prepare_ligand', {
      data: { project_id: project.id, ligand_id: ligand, job_name: jobName },
      headers: { token: session!.token, 'Accept-Language': 'en' },
    });
    expect(submitted.status()).toBe(200);
    const jobId = ((await submitted.json()) as { data: { job_id: number } }).data.job_id;

    await expect(page.getByTestId('news-dot')).toBeVisible({ timeout: 60_000 });
    await openNews(page, 'Events');
    const item = page.getByTestId('news-panel').getByText(`Job finished: ${jobName}`);
    await expect(item).toBeVisible();
    await shot(page, 'news/event-en');
    await item.click();
    await expect(page.getByTestId('news-message-content')).toContainText('News job');
    await page.getByTestId('news-message-link').click();
    await expect(page).toHaveURL(new RegExp(`jobId=${jobId}`));
    await expect(page.getByTestId('news-dot')).toHaveCount(0);
  });
});
