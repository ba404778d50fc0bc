// The help pages (Help Center, Privacy Policy, User Agreement) in real Chromium against the
// built server: reachable without a session from the sign-up form's links, the Help Center
// from the sidebar in a new window (spec §2), in the language the user chose (English or
// Chinese) with a switch on the page, every promised section present, readable on a phone.

import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { shot } from '../support/screens';
import { pickOption } from '../support/ui';

type Doc = 'help' | 'privacy' | 'agreement';
type Lang = 'en' | 'zh-CN';

const TITLES: Record<Lang, Record<Doc, string>> = {
  en: { help: 'Help Center', privacy: 'Privacy Policy', agreement: 'User Agreement' },
  'zh-CN': { help: '帮助中心', privacy: '隐私政策', agreement: '用户协议' },
};

/** The sections each page promises: `toc` are listed in its table of contents, `sub` nest inside them. */
const SECTIONS: Record<Doc, { toc: string[]; sub: string[] }> = {
  help: {
    toc: [
      'accounts',
      'guests',
      'projects',
      'sharing',
      'workspace',
      'importing',
      'entry-list',
      'med-view',
      'structure-viewer',
      'sequence-viewer',
      'preparation',
      'docking',
      'pockets',
      'jobs',
      'results',
      'languages',
      'feedback',
    ],
    sub: ['import-structure', 'get-pdb', 'export-structure', 'toolbar', 'prepare-protein', 'prepare-ligand'],
  },
  privacy: {
    toc: ['controller', 'data-stored', 'third-parties', 'retention', 'access', 'deletion', 'security', 'changes'],
    sub: [],
  },
  agreement: {
    toc: ['service', 'account', 'acceptable-use', 'content', 'no-warranty', 'liability', 'third-party', 'changes'],
    sub: [],
  },
};

/** Chinese characters: a Chinese page's section headings are written in Chinese. */
const HAN = /[\u4e00-\u9fff]/;

/** The page shows `doc` in `lang`: its heading, every promised section and the table of contents. */
async function expectDoc(page: Page, doc: Doc, lang: Lang): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/docs/${doc}(#.*)?$`));
  await expect(page.getByTestId('docs-title')).toHaveText(TITLES[lang][doc]);
  await expect(page.getByTestId('docs-page')).toHaveAttribute('data-lang', lang);
  await expect(page).toHaveTitle(`${TITLES[lang][doc]} · MedX Workbench`);
  for (const id of [...SECTIONS[doc].toc, ...SECTIONS[doc].sub]) {
    const heading = page.getByTestId(`docs-section-${id}`).getByRole('heading').first();
    await expect(heading).toBeVisible();
    expect(HAN.test((await heading.textContent()) ?? ''), `${id} in ${lang}`).toBe(lang === 'zh-CN');
  }
  // Links, shown or folded (on a phone the contents start folded).
  const toc = page.getByTestId('docs-toc').locator('a');
  await expect(toc).toHaveCount(SECTIONS[doc].toc.length);
  expect(await toc.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
    SECTIONS[doc].toc.map((id) => `#${id}`),
  );
  // The document links point at the other pages, in the same language.
  await expect(page.getByTestId(`docs-nav-${doc}`)).toHaveAttribute('aria-current', 'page');
}

/** Clicks something that opens a new window and returns that window's page. */
async function opensWindow(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const next = context.waitForEvent('page');
  await click();
  const page = await next;
  await page.waitForLoadState();
  return page;
}

/** No horizontal scrolling: the page fits the window's width. */
async function expectFitsWidth(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}

test.describe('help pages', () => {
  test('the sign-up form opens the privacy policy and the user agreement, without a session', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await page.getByTestId('login-tab-signup').click();
    const agreement = page.getByTestId('agreement-checkbox');

    const privacy = await opensWindow(context, () => page.getByRole('link', { name: 'Privacy Policy' }).click());
    await expectDoc(privacy, 'privacy', 'en');
    // Signed out: the page is shown, not the login page.
    expect(await privacy.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await shot(privacy, 'help-privacy-en');
    await privacy.close();

    const terms = await opensWindow(context, () => page.getByRole('link', { name: 'User Agreement' }).click());
    await expectDoc(terms, 'agreement', 'en');
    await shot(terms, 'help-agreement-en');
    // The agreement's link to the privacy policy stays in the same window.
    await terms.getByTestId('docs-section-content').getByRole('link', { name: 'Privacy Policy' }).click();
    await expectDoc(terms, 'privacy', 'en');
    await terms.close();

    // Following the links did not tick the agreement box.
    await expect(agreement).not.toBeChecked();
  });

  test.describe('signed in', () => {
    test.use({ account: 'registered' });

    test('the Help Center opens from the sidebar in a new window, and its contents lead to each section', async ({
      page,
      context,
    }) => {
      await page.goto('/project');
      const help = await opensWindow(context, () => page.getByTestId('nav-help').click());
      await expectDoc(help, 'help', 'en');
      await shot(help, 'help-center-en');

      await help.getByTestId('docs-toc').getByRole('link', { name: 'Docking', exact: true }).click();
      await expect(help).toHaveURL(/\/docs\/help#docking$/);
      await expect(help.getByTestId('docs-section-docking').getByRole('heading').first()).toBeInViewport();

      // An address with a section opens at that section.
      await help.goto('/docs/help#jobs');
      await expect(help.getByTestId('docs-section-jobs').getByRole('heading').first()).toBeInViewport();
      await help.close();

      // After switching the app to Chinese, the sidebar opens the Chinese Help Center.
      await pickOption(page, page.getByTestId('lang-select'), '中文');
      await expect(page.getByTestId('nav-help')).toContainText('帮助中心');
      const chinese = await opensWindow(context, () => page.getByTestId('nav-help').click());
      await expectDoc(chinese, 'help', 'zh-CN');
      await chinese.close();
    });
  });

  test('the pages follow the chosen language: Chinese from the sign-up form and between the pages', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await page.reload();
    await page.getByTestId('login-tab-signup').click();

    const privacy = await opensWindow(page.context(), () => page.getByRole('link', { name: '《隐私政策》' }).click());
    await expectDoc(privacy, 'privacy', 'zh-CN');
    await shot(privacy, 'help-privacy-zh-CN');
    await privacy.close();

    const terms = await opensWindow(page.context(), () => page.getByRole('link', { name: '《用户协议》' }).click());
    await expectDoc(terms, 'agreement', 'zh-CN');
    await shot(terms, 'help-agreement-zh-CN');
    await terms.getByTestId('docs-nav-help').click();
    await expectDoc(terms, 'help', 'zh-CN');
    await shot(terms, 'help-center-zh-CN');
    await terms.close();
  });

  test('the language selector on the page switches the text and keeps the choice', async ({ page }) => {
    await page.goto('/docs/help');
    await expectDoc(page, 'help', 'en');
    await pickOption(page, page.getByTestId('lang-select'), '中文');
    await expectDoc(page, 'help', 'zh-CN');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('zh-CN');
    await page.reload();
    await expectDoc(page, 'help', 'zh-CN');
    await pickOption(page, page.getByTestId('lang-select'), 'English');
    await expectDoc(page, 'help', 'en');
  });

  for (const lang of ['en', 'zh-CN'] as const) {
    test(`readable on a phone (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/login');
      await page.evaluate((value) => localStorage.setItem('lang', value), lang);
      await page.goto('/docs/help');
      await expectDoc(page, 'help', lang);
      // The title is on the first screen; the contents start folded above the text.
      await expect(page.getByTestId('docs-title')).toBeInViewport();
      const firstLink = page.getByTestId('docs-toc').getByRole('link').first();
      await expect(firstLink).toBeHidden();
      await expectFitsWidth(page);
      await shot(page, `help-phone-${lang}`);

      await page.getByTestId('docs-toc-toggle').click();
      await page.getByTestId('docs-toc').getByRole('link').nth(SECTIONS.help.toc.indexOf('structure-viewer')).click();
      await expect(page).toHaveURL(/#structure-viewer$/);
      await expect(page.getByTestId('docs-section-structure-viewer').getByRole('heading').first()).toBeInViewport();
      // The wide toolbar table scrolls inside its own box, not the page.
      await page.getByTestId('docs-section-toolbar').scrollIntoViewIfNeeded();
      await expectFitsWidth(page);
      for (const doc of ['privacy', 'agreement'] as const) {
        await page.getByTestId(`docs-nav-${doc}`).click();
        await expectDoc(page, doc, lang);
        await expectFitsWidth(page);
      }
      await shot(page, `help-phone-agreement-${lang}`);
    });
  }

  test('an unknown document is the 404 page', async ({ page }) => {
    await page.goto('/docs/nothing');
    await expect(page.getByText('404 Not Found')).toBeVisible();
  });
});
