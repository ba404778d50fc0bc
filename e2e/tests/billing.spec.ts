// Issue 15, parts 2–4: a user recharges through the sandbox payment provider's hosted
// checkout, buys a Basic instance from the balance on the Purchase page, sees it activate
// and a job run on it, and finds every change in the User Center's records; in both
// languages, with screenshots.

import { createProjectByApi, signUpByApi, storageStateFor, uniqueEmail } from '../support/api';
import { expect, PASSWORD, test } from '../support/fixtures';
import { shot } from '../support/screens';
import { toast } from '../support/ui';

const TEXT = {
  en: { complete: 'Complete', running: 'Running', recharge: 'Recharge', purchase: 'Purchase' },
  'zh-CN': { complete: '已完成', running: '运行中', recharge: '充值', purchase: '购买' },
} as const;

for (const lang of ['en', 'zh-CN'] as const) {
  test(`recharge with the sandbox, buy a Basic instance, see it run a job and the records (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[lang];
    const user = await signUpByApi(request, { email: uniqueEmail('buyer'), password: PASSWORD });
    const context = await browser.newContext({ storageState: storageStateFor(user, lang) });
    const page = await context.newPage();
    try {
      // 1. Recharge ¥200 at the sandbox's hosted checkout.
      await page.goto('/userCenter?tab=balance-recharge');
      await expect(page.getByTestId('payment-sandbox-notice')).toBeVisible();
      await page.getByTestId('recharge-amount').fill('200');
      await shot(page, `billing/recharge-form-${lang}`);
      await page.getByTestId('recharge-submit').click();
      await expect(page).toHaveURL(/\/sandbox-pay\/cs_[0-9a-f]{32}$/);
      await expect(page.getByTestId('sandbox-banner')).toContainText('SANDBOX');
      await expect(page.getByTestId('sandbox-amount')).toHaveText('¥200.00');
      await shot(page, `billing/sandbox-checkout-${lang}`);
      await page.getByTestId('sandbox-pay').click();
      await expect(page).toHaveURL(/\/userCenter\?tab=recharge-record&order=MX\d{14}[A-Z0-9]{6}$/);
      const rechargeNo = new URL(page.url()).searchParams.get('order')!;
      await expect(page.getByTestId(`order-status-${rechargeNo}`)).toHaveText(text.complete);
      await shot(page, `billing/recharge-record-${lang}`);

      // 2. The Purchase page refuses to buy before the terms are accepted, then buys.
      await page.goto('/purchase');
      await page.getByTestId('purchase-level-Basic').click();
      await page.getByTestId('purchase-paytype-prePaid').click();
      await expect(page.getByTestId('purchase-total')).toContainText('¥99.00');
      await expect(page.getByTestId('purchase-balance')).toContainText('¥200.00');
      await page.getByTestId('purchase-confirm').click();
      await expect(toast(page, '请阅读并同意购买条款后再购买。', 'error')).toBeVisible();
      await page.getByTestId('purchase-terms').check();
      await shot(page, `billing/purchase-${lang}`);
      await page.getByTestId('purchase-confirm').click();
      await expect(page).toHaveURL(/\/userCenter\?tab=basic$/);

      // 3. The instance activates and runs; a job of its owner runs on it.
      const row = page.locator('[data-testid^="uc-instance-status-"]');
      await expect(row).toHaveCount(1);
      const instanceId = (await row.getAttribute('data-testid'))!.replace('uc-instance-status-', '');
      await expect(row).toHaveText(text.running, { timeout: 30_000 });
      await expect(page.getByTestId('uc-balance')).toContainText('¥101.00');
      const project = await createProjectByApi(request, user.token, 'On instance');
      const submitted = await request.post('/v1/jobs/transmol', {
        headers: { token: user.token, 'Accept-Language': 'en' },
        data: {
          project_id: project.id,
          smiles1: 'CCO',
          smiles2: 'CCN',
          epsilon: 0.5,
          number: 10,
          remain_range_ge: 0,
          remain_range_le: 100,
        },
      });
      expect((await submitted.json()).success).toBe(true);
      await expect(page.getByTestId(`uc-instance-jobs-${instanceId}`)).toContainText('1', { timeout: 60_000 });
      await shot(page, `billing/user-center-instance-${lang}`);

      // 4. The account record has the recharge and the purchase.
      await page.getByRole('tab', { name: lang === 'en' ? 'Account record' : '账户记录' }).click();
      const rows = page.getByTestId('ledger-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: text.purchase })).toContainText('-¥99.00');
      await expect(rows.filter({ hasText: text.recharge })).toContainText('¥200.00');
      await shot(page, `billing/account-record-${lang}`);
      await page.getByRole('tab', { name: lang === 'en' ? 'Purchase record' : '购买记录' }).click();
      await expect(page.locator('[data-testid^="order-status-"]')).toHaveText(text.complete);
      await shot(page, `billing/purchase-record-${lang}`);
    } finally {
      await context.close();
    }
  });
}
