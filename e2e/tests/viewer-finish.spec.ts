// Med View fit and finish, as a new user meets it (issue 12 point 9), in real Chromium with
// software WebGL:
// - Med View opens with its left panel collapsed to the tab strip, so the canvas takes most of the
//   viewer at 1440×900 and at 1024×700; one click on a tab opens the panel, another closes it;
// - the Entry List's toolbar keeps all three buttons inside the window (wrapping), in English and in
//   Chinese at both sizes; at 1440×900 the Title column has most of the row and a long name keeps
//   its end and extension (at 1024×700 the 18% column is about 150 px: titles there stay cut);
// - the Docking wizard's pocket step shows the chosen protein and ligand in Med View, and the box
//   around the ligand is drawn among them.
//
// Real complex: bench 1w1p (receptor and its crystal ligand).

import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { createProjectByApi } from '../support/api';
import { canvasCoverage, canvasPicture, waitForSteadyCanvas } from '../support/canvas';
import { REPO_ROOT } from '../support/env';
import { importFileByApi } from '../support/files';
import { expect, test } from '../support/fixtures';
import { shot } from '../support/screens';

const BENCH = join(REPO_ROOT, '..', 'shared', 'bench', '1w1p');
/** A name as long as prepared files get, to see how the Entry List shows it. */
const LONG_NAME = '1w1p_receptor_prepared_protonated_pH7.4_waters_removed.pdb';
const LIGAND_NAME = '1w1p_ligand.sdf';

test.use({ account: 'registered' });
// Mol* under SwiftShader on 2 shared cores: starting and loading take seconds each.
test.setTimeout(300_000);

function status(page: Page): Locator {
  return page.getByTestId('med-view-status');
}

/** The canvas's share of Med View's width (Mol*'s main region over the whole viewer). */
async function canvasShare(page: Page): Promise<number> {
  const view = await page.getByTestId('med-view').boundingBox();
  const main = await page.locator('[data-testid="med-view"] .msp-layout-main').boundingBox();
  return view && main ? main.width / view.width : 0;
}

/** The Entry List's three toolbar buttons lie wholly inside its window (none cut off). */
async function expectToolbarInside(page: Page): Promise<void> {
  const list = await page.getByTestId('entry-list').boundingBox();
  if (!list) throw new Error('no Entry List');
  for (const id of ['import-structure', 'get-pdb', 'export-structure']) {
    const button = page.getByTestId('entry-list').getByTestId(id);
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    if (!box) throw new Error(`no ${id}`);
    expect(box.x, id).toBeGreaterThanOrEqual(list.x - 0.5);
    expect(box.x + box.width, id).toBeLessThanOrEqual(list.x + list.width + 0.5);
  }
}

/**
 * The Title takes the biggest share of a file row (the Row and In columns stay narrow), and a long
 * name keeps its end and extension whole: the middle is what gets cut.
 */
async function expectTitleReadable(page: Page, fileId: number, name: string): Promise<void> {
  const row = page.getByTestId(`entry-row-${fileId}`);
  const rowBox = await row.boundingBox();
  const titleBox = await row.locator('.medx-entry-title').boundingBox();
  if (!rowBox || !titleBox) throw new Error('no title');
  expect(titleBox.width / rowBox.width).toBeGreaterThan(0.5);
  const tail = row.locator('.medx-entry-title-tail');
  await expect(tail).toHaveText(name.slice(-10));
  // Not cut: the tail's text fits its box, and the box lies inside the row.
  const fits = await tail.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  expect(fits).toBe(true);
  const tailBox = await tail.boundingBox();
  expect((tailBox?.x ?? 0) + (tailBox?.width ?? 0)).toBeLessThanOrEqual(rowBox.x + rowBox.width + 0.5);
}

test('Med View opens with the left panel collapsed, the canvas dominates; the Entry List reads', async ({
  page,
  session,
}) => {
  if (!session) throw new Error('needs a session');
  const project = await createProjectByApi(page.request, session.token, 'Finish');
  const receptor = await importFileByApi(session.token, project.id, join(BENCH, 'receptor.pdb'), LONG_NAME);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/?project=${project.id}&lowGraphics=1`);
  await expect(page.getByTestId('med-view')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  const left = page.locator('[data-testid="med-view"] .msp-layout-left');

  await test.step('1440×900: the left panel is only its tab strip, the canvas most of Med View', async () => {
    await expect(status(page)).toHaveAttribute('data-left', 'collapsed');
    await expect(status(page)).toHaveAttribute('data-right', 'full');
    expect((await left.boundingBox())?.width ?? 0).toBeLessThan(60);
    await expect(left).not.toContainText('Open Files');
    expect(await canvasShare(page)).toBeGreaterThan(0.6);
    await page.getByTestId(`entry-in-${receptor}`).click();
    await expect(page.getByTestId(`entry-in-${receptor}`)).toHaveAttribute('data-state', 'shown', { timeout: 60_000 });
    await expect.poll(() => canvasCoverage(page), { timeout: 30_000 }).toBeGreaterThan(0.05);
    await expectToolbarInside(page);
    await expectTitleReadable(page, receptor, LONG_NAME);
    await waitForSteadyCanvas(page);
    await shot(page, 'viewer-finish/1440-en');
  });

  await test.step('one click on a tab opens the left panel, a second closes it', async () => {
    const home = page.locator('[data-testid="med-view"] .msp-left-panel-controls-buttons button[title="Home"]');
    await home.click();
    await expect(status(page)).toHaveAttribute('data-left', 'full');
    await expect(left).toContainText('Open Files');
    await home.click();
    await expect(status(page)).toHaveAttribute('data-left', 'collapsed');
    await expect(left).not.toContainText('Open Files');
  });

  await test.step('1024×700: the side panels yield, the canvas keeps nearly all of Med View', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await expect(status(page)).toHaveAttribute('data-right', 'hidden');
    await expect(status(page)).toHaveAttribute('data-left', 'collapsed');
    await expect.poll(() => canvasShare(page)).toBeGreaterThan(0.9);
    await expectToolbarInside(page);
    await waitForSteadyCanvas(page);
    await shot(page, 'viewer-finish/1024-en');
  });

  await test.step('in Chinese, at both sizes', async () => {
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await expect(page.getByTestId('med-view')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
    await expect(page.getByTestId('export-structure')).toHaveText('导出结构');
    await expect(status(page)).toHaveAttribute('data-left', 'collapsed');
    expect(await canvasShare(page)).toBeGreaterThan(0.6);
    await expectToolbarInside(page);
    await expectTitleReadable(page, receptor, LONG_NAME);
    await shot(page, 'viewer-finish/1440-zh');
    await page.setViewportSize({ width: 1024, height: 700 });
    await expect(status(page)).toHaveAttribute('data-right', 'hidden');
    await expectToolbarInside(page);
    await shot(page, 'viewer-finish/1024-zh');
  });

  expect(errors).toEqual([]);
});

test('Docking pocket step: the chosen protein and ligand in Med View, the box around the ligand', async ({
  page,
  session,
}) => {
  if (!session) throw new Error('needs a session');
  const project = await createProjectByApi(page.request, session.token, 'Pocket scene');
  const receptor = await importFileByApi(session.token, project.id, join(BENCH, 'receptor.pdb'), '1w1p_receptor.pdb');
  const ligand = await importFileByApi(session.token, project.id, join(BENCH, 'ligand.sdf'), LIGAND_NAME);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/?project=${project.id}&lowGraphics=1`);
  await expect(page.getByTestId('med-view')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  // Nothing is in Med View before the wizard.
  await expect(status(page)).toHaveAttribute('data-files', '');

  await page.getByTestId('function-menu').click();
  await page.getByTestId('function-docking').click();
  const next = page.getByTestId('docking-next');
  await page.locator('[data-testid^="docking-protein-row-"]').filter({ hasText: '1w1p_receptor.pdb' }).click();
  await next.click();
  await page.locator('[data-testid^="docking-ligand-row-"]').filter({ hasText: LIGAND_NAME }).click();
  await next.click();

  const step = page.getByTestId('docking-pocket-step');
  await expect(step).toBeVisible();
  // The step brings both chosen files into Med View.
  await expect(step).toHaveAttribute('data-scene', 'shown', { timeout: 90_000 });
  await expect(status(page)).toHaveAttribute('data-files', [receptor, ligand].sort((a, b) => a - b).join(','));
  await expect(status(page)).toHaveAttribute('data-structures', '2');
  await expect(page.getByTestId(`entry-in-${receptor}`)).toHaveAttribute('data-state', 'shown');
  await expect(page.getByTestId(`entry-in-${ligand}`)).toHaveAttribute('data-state', 'shown');
  await expect.poll(() => canvasCoverage(page), { timeout: 30_000 }).toBeGreaterThan(0.02);
  await waitForSteadyCanvas(page);
  const withoutBox = await canvasPicture(page);

  // The box around the crystal ligand, drawn among the structures.
  await page.locator('[data-testid^="pocket-ligand-row-"]').filter({ hasText: LIGAND_NAME }).click();
  await page.getByTestId('pocket-from-ligand').click();
  await expect(step).toHaveAttribute('data-box-cells', '4');
  await expect(step).not.toHaveAttribute('data-box-drawn', '');
  await expect(status(page)).toHaveAttribute('data-structures', '2');
  await expect.poll(() => canvasPicture(page), { timeout: 30_000 }).not.toBe(withoutBox);
  await waitForSteadyCanvas(page);
  expect(await canvasCoverage(page)).toBeGreaterThan(0.05);
  await shot(page, 'viewer-finish/pocket-1440');
  await page.setViewportSize({ width: 1024, height: 700 });
  await waitForSteadyCanvas(page);
  await shot(page, 'viewer-finish/pocket-1024');
  expect(errors).toEqual([]);
});
