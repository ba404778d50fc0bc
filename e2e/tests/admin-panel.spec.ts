// The sidebar's Admin Panel item (spec §2): shown to users with the admin-panel permission
// (ADMIN_EMAILS, set to support/env.ts's ADMIN_EMAIL by global-setup.ts), it opens a new window
// at the address GET /v1/users/admin/redirect returns: with no ADMIN_PANEL_URL configured, this
// server's own admin area /admin.

import { randomUUID } from 'node:crypto';
import { adminSessionByApi, signUpByApi, storageStateFor, uniqueEmail } from '../support/api';
import { baseURL } from '../support/env';
import { expect, PASSWORD, test } from '../support/fixtures';
import { shot } from '../support/screens';
import { toast } from '../support/ui';

test('an administrator opens the Admin Panel in a new window', async ({ browser, request }) => {
  const session = await adminSessionByApi(request, PASSWORD);
  const context = await browser.newContext({ storageState: storageStateFor(session) });
  try {
    const page = await context.newPage();
    await page.goto('/project');
    const next = context.waitForEvent('page');
    await page.getByTestId('nav-admin').click();
    const panel = await next;
    await expect(panel).toHaveURL(new RegExp(`^${baseURL}/admin`));
    // The admin area's first section: the messages every user's News shows.
    await expect(panel.getByTestId('admin-message-new')).toBeVisible();
    await shot(panel, 'admin-panel-default');
    // The app's own window stays where it was.
    await expect(page).toHaveURL(/\/project$/);
  } finally {
    await context.close();
  }
});

test.describe('a registered user without the permission', () => {
  test.use({ account: 'registered' });

  test('does not see the Admin Panel item', async ({ page }) => {
    await page.goto('/project');
    await expect(page.getByTestId('nav-help')).toBeVisible();
    await expect(page.getByTestId('nav-admin')).toHaveCount(0);
  });

  test('is refused by the admin area when it types its address', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByTestId('admin-forbidden')).toBeVisible();
    await expect(page.getByTestId('admin-message-new')).toHaveCount(0);
  });
});

test('feedback a user sends reaches the admin area, where it is marked handled', async ({ browser, request }) => {
  const user = await signUpByApi(request, { email: uniqueEmail('feedback'), password: PASSWORD });
  const admin = await adminSessionByApi(request, PASSWORD);
  const text = `The docking results table needs a CSV export ${randomUUID().slice(0, 6)}`;

  const userContext = await browser.newContext({ storageState: storageStateFor(user) });
  try {
    const page = await userContext.newPage();
    await page.goto('/project');
    await page.getByTestId('nav-feedback').click();
    await page.getByTestId('feedback-content').fill(text);
    await page.getByTestId('feedback-submit').click();
    await expect(toast(page, 'Send feedback successful')).toBeVisible();
  } finally {
    await userContext.close();
  }

  for (const lang of ['en', 'zh-CN'] as const) {
    const adminContext = await browser.newContext({ storageState: storageStateFor(admin, lang) });
    try {
      const panel = await adminContext.newPage();
      await panel.goto('/admin/feedback');
      const row = panel.getByTestId('admin-feedback-row').filter({ hasText: text });
      if (lang === 'en') {
        await expect(row).toContainText(user.user.username);
        await shot(panel, 'admin-feedback-en');
        await row.getByTestId('admin-feedback-toggle').click();
        await expect(toast(panel, 'Marked as handled.')).toBeVisible();
        await expect(row).toHaveCount(0);
        await panel.getByText('Handled', { exact: true }).first().click();
        await expect(row).toContainText('Handled');
      } else {
        // Handled in English above: only the Handled filter shows it now.
        await expect(panel.getByTestId('admin-feedback-filter')).toBeVisible();
        await expect(row).toHaveCount(0);
        await panel.getByText('已处理', { exact: true }).first().click();
        await expect(row).toContainText('已处理');
        await shot(panel, 'admin-feedback-zh-CN');
      }
    } finally {
      await adminContext.close();
    }
  }
});
