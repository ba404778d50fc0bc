// The parameter builder end to end (issue 16) in real Chromium against the real server: a
// registered user builds a two-parameter tool around a small Python script in the Tool
// Uploader, previews it (XML valid against Galaxy's XSD, the live form), test-runs it on a
// project file (confined), keeps that run as the tool's test, saves two versions and compares
// them, and submits it; an administrator runs its tests and publishes it from the admin panel;
// another user runs it from the catalogue. In English and Chinese, with screenshots.

import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { adminSessionByApi, createProjectByApi, signUpByApi, storageStateFor, uniqueEmail } from '../support/api';
import { baseURL } from '../support/env';
import { importContentByApi } from '../support/files';
import { expect, PASSWORD, test } from '../support/fixtures';
import { shot } from '../support/screens';
import { toast } from '../support/ui';

test.use({ account: 'registered' });
// The admin's confined test run and the catalogue user's workspace (Mol* under SwiftShader) take time.
test.setTimeout(240_000);

const SCRIPT = [
  'import sys',
  'source, factor, target = sys.argv[1], float(sys.argv[2]), sys.argv[3]',
  'with open(source) as f, open(target, "w") as out:',
  '    for line in f:',
  '        if line.strip():',
  '            out.write("%g\\n" % (float(line) * factor))',
  '',
].join('\n');

const TEXT = {
  en: {
    submitted: 'Tool submitted successfully!',
    submittedButton: 'Submitted',
    published: 'Published.',
    run: 'Submit successful.',
    success: 'Success',
  },
  'zh-CN': {
    submitted: '工具提交成功！',
    submittedButton: '已提交',
    published: '已发布。',
    run: '提交成功。',
    success: '成功',
  },
} as const;

async function useLanguage(page: Page, lang: 'en' | 'zh-CN') {
  await page.goto('/project');
  await page.evaluate((value) => localStorage.setItem('lang', value), lang);
}

/** Adds a param of a type through the type picker; the drawer opens on it. */
async function addParam(page: Page, type: string, name: string, label: string): Promise<Locator> {
  await page.getByTestId('builder-param-add').click();
  await page.getByTestId(`builder-param-type-${type}`).click();
  const drawer = page.getByTestId('builder-param-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('builder-param-name').fill(name);
  await drawer.getByTestId('builder-param-label').fill(label);
  return drawer;
}

async function closeDrawer(page: Page) {
  await page.getByTestId('builder-param-done').click();
  await expect(page.getByTestId('builder-param-drawer')).toBeHidden();
}

async function saveVersion(page: Page, note: string) {
  await page.getByTestId('builder-save-version').click();
  await page.getByTestId('builder-version-note').fill(note);
  await page.getByTestId('builder-save-version-ok').click();
  await expect(page.getByTestId('builder-save-version-modal')).toBeHidden();
}

for (const lang of ['en', 'zh-CN'] as const) {
  test(`build, test-run, version, submit, publish and run a user-made tool (${lang})`, async ({
    page,
    session,
    browser,
    request,
  }) => {
    if (!session) throw new Error('needs a session');
    const text = TEXT[lang];
    const toolId = `scale_${lang === 'en' ? 'en' : 'zh'}_${randomUUID().slice(0, 8)}`;
    const project = await createProjectByApi(page.request, session.token, `Builder ${lang.slice(0, 2)}`);
    const numbers = await importContentByApi(session.token, project.id, 'numbers.txt', '1\n2.5\n4\n');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await useLanguage(page, lang);
    await page.goto('/project');
    await page.getByTestId('nav-tool-builder').click();
    await expect(page).toHaveURL(/\/tool-builder$/);
    await expect(page.getByTestId('tool-builder-page')).toBeVisible();

    // Tool info.
    await page.getByTestId('builder-tool-id').fill(toolId);
    await page.getByTestId('builder-tool-name').fill('Scale numbers');
    await page.getByTestId('builder-tool-version').fill('1.0.0');
    await page.getByTestId('builder-tool-description').fill('multiplies every number of a text file');

    // A data input of text files, a float with its range, and an output.
    let drawer = await addParam(page, 'data', 'numbers', 'Numbers');
    await drawer.getByTestId('builder-filetypes-add').click();
    await drawer.getByTestId('builder-filetypes-format-0').fill('txt');
    await closeDrawer(page);
    drawer = await addParam(page, 'float', 'factor', 'Factor');
    await drawer.getByTestId('builder-param-default').fill('2');
    await drawer.getByTestId('builder-param-max').fill('100');
    await closeDrawer(page);
    drawer = await addParam(page, 'output_data', 'scaled', 'Scaled numbers');
    await drawer.getByTestId('builder-param-format').fill('txt');
    await closeDrawer(page);

    // The script, and a command built by clicking the chips.
    await page.getByTestId('builder-script-upload-input').setInputFiles({
      name: 'scale.py',
      mimeType: 'text/x-python',
      buffer: Buffer.from(SCRIPT),
    });
    await expect(page.getByTestId('builder-script-scale.py')).toBeVisible();
    const block = page.locator('[data-testid="builder-block-0"] .cm-content');
    await block.click();
    await page.keyboard.type('python ');
    await page.getByTestId('builder-chip-script-scale.py').click();
    for (const name of ['numbers', 'factor', 'scaled']) {
      await block.click();
      await page.keyboard.press('End');
      await page.keyboard.type(' ');
      await page.getByTestId(`builder-chip-${name}`).click();
    }
    await expect(block).toHaveText('python $__tool_directory__/scale.py $numbers $factor $scaled');
    await expect(page.getByTestId('builder-problems-none')).toBeVisible();
    await saveVersion(page, 'first');
    await shot(page, `tool-builder/build-${lang}`);

    // Preview: Galaxy's XSD finds the XML valid; the form is the one users will see.
    await page.getByTestId('builder-preview').click();
    await expect(page.getByTestId('builder-preview-valid')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('builder-preview-xml')).toContainText(`<tool id="${toolId}"`);
    await expect(page.getByTestId('builder-preview-form')).toBeVisible();

    // A test run on the project's file, factor 3; its output becomes the tool's test.
    await page.getByTestId(`tool-file-row-${numbers}`).click();
    await page.getByTestId('tool-param-factor').fill('3');
    await page.getByTestId('builder-test-run-start').click();
    await expect(page.getByTestId('builder-test-status')).toHaveAttribute('data-status', 'FINISHED', {
      timeout: 90_000,
    });
    await expect(page.getByTestId('builder-test-outputs')).toBeVisible();
    await page.getByTestId('builder-test-use').click();
    await expect(page.getByTestId('builder-test-used')).toBeVisible();
    await shot(page, `tool-builder/preview-${lang}`);

    // A second version, compared with the first.
    await page.getByTestId('builder-tab-build').click();
    await page.getByTestId('builder-tool-help').fill('Multiplies each number by the factor.');
    await saveVersion(page, 'second');
    await page.getByTestId('builder-tab-versions').click();
    const versions = page.getByTestId('builder-versions-table').locator('[data-testid^="builder-version-select-"]');
    await expect(versions).toHaveCount(2);
    await versions.nth(0).click();
    await versions.nth(1).click();
    await page.getByTestId('builder-versions-compare').click();
    const compare = page.getByTestId('builder-compare-table');
    await expect(compare).toContainText('info.helpText');
    await expect(compare).toContainText('Multiplies each number by the factor.');
    await shot(page, `tool-builder/compare-${lang}`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('builder-compare-modal')).toBeHidden();

    // Submit: the toast, then the button reads Submitted and is disabled.
    const submit = page.getByTestId('builder-submit');
    await submit.click();
    await expect(toast(page, text.submitted, 'success')).toBeVisible({ timeout: 30_000 });
    await expect(submit).toHaveText(text.submittedButton);
    await expect(submit).toBeDisabled();
    await page.getByTestId('builder-tab-submissions').click();
    await expect(page.getByTestId('builder-submissions-table')).toContainText(toolId);
    await shot(page, `tool-builder/submitted-${lang}`);

    // The administrator: reads it, runs its tests (confined), publishes it into a category.
    const admin = await adminSessionByApi(request, PASSWORD);
    const adminContext = await browser.newContext({ storageState: storageStateFor(admin) });
    try {
      const panel = await adminContext.newPage();
      await panel.goto('/project');
      await panel.evaluate((value) => localStorage.setItem('lang', value), lang);
      await panel.goto('/admin');
      await panel.getByTestId('admin-section-tool-review').click();
      const row = panel.locator('[data-testid^="submission-row-"]').filter({ hasText: toolId });
      await expect(row).toHaveCount(1);
      await row.locator('[data-testid^="submission-open-"]').click();
      const review = panel.getByTestId('tool-review-drawer');
      await expect(review).toBeVisible();
      await expect(review.getByTestId('tool-review-xml')).toContainText('<tests>');
      await review.getByTestId('tool-review-run-tests').click();
      await expect(review.getByTestId('tool-review-test-status')).toHaveAttribute('data-status', 'PASSED', {
        timeout: 90_000,
      });
      await review.getByTestId('tool-review-publish').click();
      await panel.getByTestId('tool-review-category').fill('Community tools');
      await panel.getByTestId('tool-review-publish-ok').click();
      await expect(toast(panel, text.published, 'success')).toBeVisible();
      await expect(review.getByTestId('tool-review-category-value')).toContainText('Community tools');
      await shot(panel, `tool-builder/review-${lang}`);
    } finally {
      await adminContext.close();
    }

    // Another user runs it from the catalogue.
    const user = await signUpByApi(request, { email: uniqueEmail('catalogue'), password: PASSWORD });
    const theirs = await createProjectByApi(request, user.token, `Use ${lang}`);
    const file = await importContentByApi(user.token, theirs.id, 'values.txt', '2\n');
    const userContext = await browser.newContext({ storageState: storageStateFor(user) });
    try {
      const other = await userContext.newPage();
      await other.goto('/project');
      await other.evaluate((value) => localStorage.setItem('lang', value), lang);
      await other.goto(`/?project=${theirs.id}&lowGraphics=1&tool=${toolId}`);
      const wizard = other.getByTestId('tool-window');
      await expect(wizard).toBeVisible({ timeout: 60_000 });
      await other.getByTestId(`tool-file-row-${file}`).click();
      await other.getByTestId('tool-next').click();
      await other.getByTestId('tool-param-factor').fill('5');
      await other.getByTestId('tool-submit').click();
      await expect(toast(other, text.run, 'success')).toBeVisible();
      await other.getByTestId('jobs-button').click();
      const rows = other.getByTestId('jobs-dialog').locator('[data-testid^="job-row-"]');
      await expect(rows).toHaveCount(1);
      await expect(rows.first().getByTestId('job-status')).toHaveText(text.success, { timeout: 90_000 });
      await shot(other, `tool-builder/catalogue-run-${lang}`);
      // The output holds 2 × 5.
      const jobs = await (
        await fetch(`${baseURL}/v1/jobs?project_id=${theirs.id}&page=1&limit=5`, { headers: { token: user.token } })
      ).json();
      const jobId = jobs.data.items[0].id as number;
      const outputs = await (
        await fetch(`${baseURL}/v1/jobs/${jobId}/files`, { headers: { token: user.token } })
      ).json();
      const content = await (
        await fetch(`${baseURL}/v1/files/${outputs.data[0].id}/content`, { headers: { token: user.token } })
      ).json();
      expect(content.data.content.trim()).toBe('10');
    } finally {
      await userContext.close();
    }
    expect(errors).toEqual([]);
  });
}

test.describe('a guest', () => {
  test.use({ account: 'guest' });

  test('sees no Tool Uploader in the sidebar and is asked to register at its address', async ({ page }) => {
    await page.goto('/project');
    await expect(page.getByTestId('nav-help')).toBeVisible();
    await expect(page.getByTestId('nav-tool-builder')).toHaveCount(0);
    await page.goto('/tool-builder');
    await expect(page.getByTestId('builder-guest')).toBeVisible();
    await expect(page.getByTestId('builder-tool-id')).toHaveCount(0);
  });
});
