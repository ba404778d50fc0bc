// Issue 15, part 5: the admin area's accounts. An administrator finds a user, credits the
// balance with a reason (the user's account record shows it, with the reason), and reads
// the system view; in both languages, with screenshots.

import { adminSessionByApi, signUpByApi, storageStateFor, uniqueEmail } from '../support/api';
import { expect, PASSWORD, test } from '../support/fixtures';
import { shot } from '../support/screens';
import { toast } from '../support/ui';

for (const lang of ['en', 'zh-CN'] as const) {
  test(`an administrator credits a user's balance with a reason the user then sees (${lang})`, async ({
    browser,
    request,
  }) => {
    const email = uniqueEmail('credited');
    const user = await signUpByApi(request, { email, password: PASSWORD });
    const admin = await adminSessionByApi(request, PASSWORD);
    const context = await browser.newContext({ storageState: storageStateFor(admin, lang) });
    try {
      const panel = await context.newPage();
      await panel.goto('/admin/users');
      await panel.getByTestId('admin-users-search').fill(email);
      await panel.getByTestId('admin-users-search').press('Enter');
      await expect(panel.locator('[data-testid^="admin-user-row-"]')).toHaveCount(1);
      await panel.getByTestId(`admin-user-open-${user.user.id}`).click();
      const drawer = panel.getByTestId('admin-user-drawer');
      await expect(drawer.getByTestId('admin-user-balance')).toHaveText('¥0.00');
      await drawer.getByTestId('admin-adjust-balance').fill('12.5');
      await drawer.getByTestId('admin-adjust-reason').fill('Workshop credit');
      await shot(panel, `admin-accounts/user-drawer-${lang}`);
      await drawer.getByTestId('admin-adjust-submit').click();
      await expect(toast(panel, lang === 'en' ? 'Adjustment recorded.' : '调整已记录。', 'success')).toBeVisible();
      await expect(drawer.getByTestId('admin-user-balance')).toHaveText('¥12.50');
      await expect(drawer.getByTestId('admin-user-ledger')).toContainText('Workshop credit');

      await panel.goto('/admin/system');
      await expect(panel.getByTestId('admin-system-queue')).toBeVisible();
      await expect(panel.getByTestId('admin-system-lane-shared')).toBeVisible();
      await shot(panel, `admin-accounts/system-${lang}`);
    } finally {
      await context.close();
    }

    const own = await browser.newContext({ storageState: storageStateFor(user, lang) });
    try {
      const page = await own.newPage();
      await page.goto('/userCenter?tab=account-record');
      const row = page.getByTestId('ledger-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('¥12.50');
      await expect(row).toContainText('Workshop credit');
    } finally {
      await own.close();
    }
  });
}
