import { createProjectByApi, guestByApi, storageStateFor } from '../support/api';
import { expect, test } from '../support/fixtures';
import { shot } from '../support/screens';

/** Issue 9: quotas are shown to the user in the User Center, in both languages. */
for (const lang of ['en', 'zh-CN'] as const) {
  test(`a guest sees storage, projects and jobs against the guest limits (${lang})`, async ({ browser, request }) => {
    const guest = await guestByApi(request);
    await createProjectByApi(request, guest.token, 'Quota one');
    await createProjectByApi(request, guest.token, 'Quota two');
    const context = await browser.newContext({ storageState: storageStateFor(guest, lang) });
    const page = await context.newPage();
    await page.goto('/userCenter');
    const card = page.getByTestId('quota-card');
    await expect(card).toContainText(lang === 'en' ? 'Quotas' : '配额');
    await expect(page.getByTestId('quota-projects')).toContainText('2');
    await expect(page.getByTestId('quota-projects')).toContainText('/ 5');
    await expect(page.getByTestId('quota-jobs')).toContainText('/ 2');
    await expect(page.getByTestId('quota-storage')).toContainText('200 MB');
    await shot(page, `user-center-quotas/${lang}`);
    await context.close();
  });
}
