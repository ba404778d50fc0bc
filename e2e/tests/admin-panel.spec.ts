// The sidebar's Admin Panel item (spec §2): shown to users with the admin-panel permission
// (ADMIN_EMAILS, set to support/env.ts's ADMIN_EMAIL by global-setup.ts), it opens a new window
// at the address GET /v1/users/admin/redirect returns: with no ADMIN_PANEL_URL configured, this
// server's API console /v1/docs.

import { signUpByApi, storageStateFor } from '../support/api';
import { ADMIN_EMAIL, baseURL } from '../support/env';
import { expect, PASSWORD, test } from '../support/fixtures';
import { shot } from '../support/screens';

test('an administrator opens the Admin Panel in a new window', async ({ browser, request }) => {
  const session = await signUpByApi(request, { email: ADMIN_EMAIL, password: PASSWORD });
  const context = await browser.newContext({ storageState: storageStateFor(session) });
  try {
    const page = await context.newPage();
    await page.goto('/project');
    const next = context.waitForEvent('page');
    await page.getByTestId('nav-admin').click();
    const panel = await next;
    await expect(panel).toHaveURL(new RegExp(`^${baseURL}/v1/docs`));
    // Swagger UI renders the API document's title.
    await expect(panel.getByText('MedX Workbench API').first()).toBeVisible();
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
});
