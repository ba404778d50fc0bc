// The sidebar's Admin Panel item (spec §2): shown to users with the admin-panel permission
// (ADMIN_EMAILS, set to support/env.ts's ADMIN_EMAIL by global-setup.ts), it opens a new window
// at the address GET /v1/users/admin/redirect returns: with no ADMIN_PANEL_URL configured, this
// server's own admin area /admin.

import { adminSessionByApi, storageStateFor } from '../support/api';
import { baseURL } from '../support/env';
import { expect, PASSWORD, test } from '../support/fixtures';
import { shot } from '../support/screens';

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
