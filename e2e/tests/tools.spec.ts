// Tools end to end in real Chromium against the real server and a real Galaxy tool (Open Babel's
// obrms, "Ligand RMSD": two data inputs, fast): the Tool guide (search, a favourite that survives a
// reload, the tutorial panel), the Tools dialog, the tool wizard with two files on one input (two
// jobs, the count shown before submitting), both jobs in the Jobs dialog to Success and their
// outputs in the Job Result dialog; in English and Chinese, with screenshots. Also the Apps page
// (/shop): the guide full-page for a registered user, the registration prompt for a guest.
//
// The account, the project and the input files are set up through the API (their UI flows have
// tests of their own).

import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createProjectByApi, guestByApi, storageStateFor } from '../support/api';
import { REPO_ROOT } from '../support/env';
import { importFileByApi } from '../support/files';
import { expect, test } from '../support/fixtures';
import { shot } from '../support/screens';
import { toast } from '../support/ui';

test.use({ account: 'registered' });
// Mol* starts under SwiftShader beside the windows; the tool itself runs in about a second.
test.setTimeout(180_000);

const TOOL = 'medx_obrms';
const TEST_DATA = join(REPO_ROOT, 'apps', 'server', 'galaxy-tools', 'openbabel', 'test-data');

const TEXT = {
  en: {
    guide: 'Tool guide',
    twoJobs: '2 jobs will be submitted',
    submitted: 'Submit successful.',
    success: 'Success',
    tool: 'Tool',
  },
  'zh-CN': {
    guide: '工具指南',
    twoJobs: '将提交 2 个任务',
    submitted: '提交成功。',
    success: '成功',
    tool: '工具',
  },
} as const;

/** Switches the stored language (spec §1: a stored value starting with zh means Chinese). */
async function useLanguage(page: Page, lang: 'en' | 'zh-CN') {
  await page.goto('/project');
  await page.evaluate((value) => localStorage.setItem('lang', value), lang);
}

const cards = (page: Page) => page.locator('[data-testid^="tool-card-"]');

/** The guide modal once it stopped zooming in (a click during the animation can land beside its target). */
async function guideSettled(page: Page) {
  await expect(page.locator('.medx-tool-guide-modal')).toHaveCSS('transform', 'none');
}

for (const lang of ['en', 'zh-CN'] as const) {
  test(`Tools: guide, favourite, tutorial, one tool on two files as two jobs, results (${lang})`, async ({
    page,
    session,
  }) => {
    if (!session) throw new Error('needs a session');
    const text = TEXT[lang];
    const project = await createProjectByApi(page.request, session.token, `Tools ${lang}`);
    const reference = await importFileByApi(session.token, project.id, join(TEST_DATA, 'p59_crystal.sdf'));
    const docked = await importFileByApi(session.token, project.id, join(TEST_DATA, 'p59_docked.pdbqt'));
    // The same molecule once more under another name: a second pose file.
    const copy = await importFileByApi(session.token, project.id, join(TEST_DATA, 'p59_crystal.sdf'), 'p59_copy.sdf');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await useLanguage(page, lang);
    await page.goto(`/?project=${project.id}&lowGraphics=1`);
    // The first visit loads the workspace's chunks while Mol* starts.
    await expect(page.getByTestId('window-entryList')).toContainText('p59_copy.sdf', { timeout: 60_000 });

    // The Tool guide from the floating button: search, then a favourite.
    await page.getByTestId('tool-guide-button').click();
    const guide = page.getByTestId('tool-guide');
    await expect(guide).toBeVisible();
    await expect(page.locator('.ant-modal-title').filter({ hasText: text.guide })).toBeVisible();
    // The server reads its tool catalogue on the first call after starting (several seconds).
    await expect(cards(page).first()).toBeVisible({ timeout: 60_000 });
    await guideSettled(page);
    await page.getByTestId('tool-guide-search').fill('SYMMETRY AWARE'); // its description, another case
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByTestId(`tool-card-${TOOL}`)).toBeVisible();
    const star = page.getByTestId(`tool-fav-${TOOL}`);
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('toolGuide.favorites') ?? '[]')))
      .toEqual([TOOL]);

    // After a reload the favourite is still one: the FAV tab lists it.
    await page.reload();
    await expect(page.getByTestId('window-entryList')).toContainText('p59_copy.sdf');
    await page.getByTestId('tool-guide-button').click();
    await expect(cards(page).first()).toBeVisible();
    await guideSettled(page);
    await page.getByTestId('tool-guide-tab-FAV').click();
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByTestId(`tool-fav-${TOOL}`)).toHaveAttribute('aria-pressed', 'true');

    // The tutorial: the tool's help as HTML in a sandboxed frame, in a panel 38% of the window high.
    await page.getByTestId(`tool-tutorial-${TOOL}`).click();
    const panel = page.getByTestId('tool-tutorial-panel');
    await expect(panel).toBeVisible();
    await expect(page.frameLocator('[data-testid="tool-tutorial-frame"]').getByText('What it does')).toBeVisible();
    const viewport = page.viewportSize();
    expect(Number(await panel.getAttribute('data-height'))).toBe(Math.round((viewport?.height ?? 0) * 0.38));
    // Resizable from the keyboard too.
    await page.getByTestId('tool-tutorial-resizer').focus();
    await page.keyboard.press('ArrowUp');
    await expect
      .poll(async () => Number(await panel.getAttribute('data-height')))
      .toBe(Math.round((viewport?.height ?? 0) * 0.38) + 24);
    await shot(page, `tools/guide-tutorial-${lang}`);
    // The icon of the open tool closes its tutorial.
    await page.getByTestId(`tool-tutorial-${TOOL}`).click();
    await expect(panel).toBeHidden();

    if (lang === 'en') {
      // Open from the guide's card.
      await page.getByTestId(`tool-open-${TOOL}`).click();
    } else {
      // Open from the Tools dialog: searched by id, case-insensitively.
      await page.locator('.medx-tool-guide-modal .ant-modal-close').click();
      await expect(guide).toBeHidden();
      await page.getByTestId('tools-button').click();
      await page.getByTestId('tools-search').fill('MEDX_OBRMS');
      await expect(page.locator('[data-testid^="tools-row-"]')).toHaveCount(1);
      await shot(page, `tools/tools-dialog-${lang}`);
      await page.getByTestId(`tools-row-${TOOL}`).click();
      await expect(page.getByTestId('tools-dialog')).toBeHidden();
    }
    await expect(guide).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`[?&]tool=${TOOL}`));
    const wizard = page.getByTestId('tool-window');
    await expect(wizard).toBeVisible();
    const next = page.getByTestId('tool-next');

    // Step 1, the reference; step 2, two pose files: two jobs.
    await expect(next).toBeDisabled();
    await page.getByTestId(`tool-file-row-${reference}`).click();
    await next.click();
    await page.getByTestId(`tool-file-row-${docked}`).click();
    await page.getByTestId(`tool-file-row-${copy}`).click();
    await expect(page.getByTestId('tool-chosen-poses')).toContainText('2');
    await next.click();
    await expect(page.getByTestId('tool-job-count')).toContainText(text.twoJobs);
    await expect(page.getByTestId('tool-inputs-summary')).toContainText('p59_copy.sdf');
    await shot(page, `tools/settings-${lang}`);
    await page.getByTestId('tool-submit').click();
    await expect(toast(page, text.submitted, 'success')).toBeVisible();
    // Submit starts the wizard again.
    await expect(page.getByTestId('tool-step-reference')).toBeVisible();
    await expect(next).toBeDisabled();

    // Both jobs in the Jobs dialog, to Success.
    await page.getByTestId('jobs-button').click();
    const dialog = page.getByTestId('jobs-dialog');
    const rows = dialog.locator('[data-testid^="job-row-"]');
    await expect(rows).toHaveCount(2);
    for (const index of [0, 1]) {
      await expect(rows.nth(index)).toContainText(text.tool);
      await expect(rows.nth(index).getByTestId('job-status')).toHaveText(text.success, { timeout: 90_000 });
    }
    await shot(page, `tools/jobs-${lang}`);

    // Each job's result: its output file (named after its inputs) and its log.
    const seen: string[] = [];
    for (const index of [0, 1]) {
      if (index > 0) {
        await page.getByTestId('jobs-button').click();
        await expect(rows).toHaveCount(2);
      }
      await rows.nth(index).locator('[data-testid^="job-show-"]').click();
      await expect(dialog).toBeHidden();
      const result = page.getByTestId('job-result-dialog');
      await expect(result).toBeVisible();
      const output = result.locator('[data-testid^="tool-output-"]').first();
      await expect(output).toContainText('tabular');
      seen.push((await output.textContent()) ?? '');
      await expect(result.locator('[data-testid^="tool-output-download-"]').first()).toBeEnabled();
      if (index === 0) await shot(page, `tools/result-${lang}`);
      await page.keyboard.press('Escape');
      await expect(result).toBeHidden();
    }
    // One job compared the docked poses, the other the copy.
    expect(seen.some((row) => row.includes('p59_docked'))).toBe(true);
    expect(seen.some((row) => row.includes('p59_copy'))).toBe(true);
    expect(errors).toEqual([]);
  });
}

test('Apps: the Tool guide full-page; a tool opens in the last project', async ({ page, session }) => {
  if (!session) throw new Error('needs a session');
  const project = await createProjectByApi(page.request, session.token, 'Apps');
  await page.goto('/project');
  await page.getByTestId('nav-apps').click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByTestId('tool-grid')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('tool-guide-search').fill('obrms');
  await expect(cards(page)).toHaveCount(1);
  await shot(page, 'tools/apps-en');
  // A tool opens in the workspace of the stored project (the last one opened).
  await page.evaluate((id) => localStorage.setItem('projectId', String(id)), project.id);
  await page.getByTestId(`tool-open-${TOOL}`).click();
  await expect(page).toHaveURL(new RegExp(`project=${project.id}.*tool=${TOOL}`));
  // A fresh page load of the workspace: its loading screen first (Mol* and the windows load on demand).
  await expect(page.getByTestId('tool-window')).toBeVisible({ timeout: 60_000 });
});

for (const lang of ['en', 'zh-CN'] as const) {
  test(`Apps: a guest is asked to register (${lang})`, async ({ browser, request }) => {
    const guest = await guestByApi(request);
    const context = await browser.newContext({ storageState: storageStateFor(guest, lang) });
    const page = await context.newPage();
    await page.goto('/shop');
    const denied = page.getByTestId('shop-no-permission');
    await expect(denied).toContainText(
      lang === 'en'
        ? 'You do not have permission to access Tools. Please register here to get access.'
        : '您没有访问工具的权限，请在此注册以获取访问权限。',
    );
    await expect(page.getByTestId('nav-apps')).toBeVisible();
    await shot(page, `tools/apps-guest-${lang}`);
    await page.getByTestId('shop-register').click();
    await expect(page).toHaveURL(new RegExp(`/login\\?userId=${guest.user.id}`));
    await context.close();
  });
}
