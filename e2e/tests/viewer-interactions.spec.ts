// Med View's interactions (issue 12 points 1 and 2) against the real Mol* plugin in headless
// Chromium: a receptor file and a separately loaded ligand file (as a docking pose is shown),
// the Interaction toggle and its settings, then the 2D interaction window and its exports, in
// English and in Chinese.

import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { createProjectByApi } from '../support/api';
import { waitForSteadyCanvas } from '../support/canvas';
import { expect, test } from '../support/fixtures';
import { shot } from '../support/screens';
import { pickOption } from '../support/ui';
import { importSampleByApi } from '../support/viewer';

test.use({ account: 'registered' });
test.setTimeout(300_000);

/** The contacts drawn by the last update, as the toggle reports them ('' while off or updating). */
async function drawnCount(page: Page): Promise<string> {
  const toggle = page.getByTestId('tb-interactions');
  if ((await toggle.getAttribute('data-updating')) === 'true') return '';
  return (await toggle.getAttribute('data-count')) ?? '';
}

/** drawnCount as a number; NaN while off or updating (so no comparison passes on it). */
async function drawnNumber(page: Page): Promise<number> {
  return Number((await drawnCount(page)) || Number.NaN);
}

/**
 * Opens the settings popover. Mol* busy (an update) closes the toolbar's menus (spec §4), so the
 * opening is retried until the popover stays open.
 */
async function openSettings(page: Page): Promise<Locator> {
  const settings = page.getByTestId('interactions-settings');
  await expect(async () => {
    await expect(page.getByTestId('tb-interactions')).toHaveAttribute('data-updating', 'false', { timeout: 2_000 });
    if (!(await settings.isVisible())) await page.getByTestId('tb-interactions-settings').click({ timeout: 2_000 });
    await expect(settings).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  return settings;
}

/** Sets one switch or object in the popover (re-opening it when an update closed it). */
async function setOption(page: Page, testId: string, role: 'checkbox' | 'radio', checked: boolean): Promise<void> {
  await expect(async () => {
    const control = (await openSettings(page)).getByTestId(testId).getByRole(role);
    await control.setChecked(checked, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

async function closeSettings(page: Page): Promise<void> {
  const settings = page.getByTestId('interactions-settings');
  await expect(async () => {
    if (await settings.isVisible()) await page.getByTestId('tb-interactions-settings').click({ timeout: 2_000 });
    await expect(settings).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

async function showInMedView(page: Page, fileIds: number[]): Promise<void> {
  for (const id of fileIds) {
    await page.getByTestId(`entry-in-${id}`).click();
    await expect(page.getByTestId(`entry-in-${id}`)).toHaveAttribute('data-state', 'shown', { timeout: 60_000 });
  }
  await expect(page.getByTestId('med-view-status')).toHaveAttribute('data-structures', String(fileIds.length));
}

test('interactions between a receptor file and a pose file; the 2D diagram, exported', async ({ page, session }) => {
  if (!session) throw new Error('needs a session');
  const project = await createProjectByApi(page.request, session.token, 'Interactions');
  const files = await importSampleByApi(page.request, session.token, project.id, '1w1p');
  const receptor = files.find((f) => f.ext === 'pdb');
  const ligand = files.find((f) => f.ext === 'sdf');
  if (!receptor || !ligand) throw new Error('the 1w1p sample has a receptor PDB and a ligand SDF');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`/?project=${project.id}&lowGraphics=1`);
  await expect(page.getByTestId('med-view')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await showInMedView(page, [receptor.id, ligand.id]);

  // ---- 3D: on, counted ---------------------------------------------------------------------
  const toggle = page.getByTestId('tb-interactions');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  let settings = await openSettings(page);
  // The spec's defaults (§3).
  for (const on of ['hydrogenBonds', 'halogenBonds', 'saltBridge', 'piStacking', 'piCations']) {
    await expect(settings.getByTestId(`interactions-switch-${on}`).getByRole('checkbox')).toBeChecked();
  }
  for (const off of ['weakHbonds', 'aromaticHBonds', 'metalCoordination', 'ionic']) {
    await expect(settings.getByTestId(`interactions-switch-${off}`).getByRole('checkbox')).not.toBeChecked();
  }
  await expect(settings.getByTestId('interactions-object-ligandReceptor').getByRole('radio')).toBeChecked();
  await expect(settings.getByTestId('interactions-count')).toHaveText('Turn interactions on to draw the contacts.');
  await closeSettings(page);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => drawnCount(page), { timeout: 60_000 }).toMatch(/^\d+$/);
  const all = Number(await drawnCount(page));
  settings = await openSettings(page);
  // Gio (1W1P's ligand) sits in a pocket: H-bonds and hydrophobic contacts with the receptor file.
  expect(all).toBeGreaterThan(2);
  await expect(settings.getByTestId('interactions-count')).toHaveText(`${all} contacts drawn`);
  await waitForSteadyCanvas(page);
  await shot(page, 'viewer-interactions/on-en');

  // Salt bridge off (Mol*'s hydrophobic contacts): fewer contacts, drawn again after the debounce.
  await setOption(page, 'interactions-switch-saltBridge', 'checkbox', false);
  await expect.poll(() => drawnNumber(page), { timeout: 30_000 }).toBeLessThan(all);
  const withoutHydrophobic = await drawnNumber(page);
  expect(withoutHydrophobic).toBeGreaterThan(0);
  // Intra-ligand: only contacts between ligands (the pose, the crystal's glycerols and sulfates): far fewer.
  await setOption(page, 'interactions-object-intraLigand', 'radio', true);
  await expect.poll(() => drawnNumber(page), { timeout: 30_000 }).toBeLessThan(withoutHydrophobic);
  // Back to the defaults: the counts again.
  await setOption(page, 'interactions-object-ligandReceptor', 'radio', true);
  await expect.poll(() => drawnNumber(page), { timeout: 30_000 }).toBe(withoutHydrophobic);
  await setOption(page, 'interactions-switch-saltBridge', 'checkbox', true);
  await expect.poll(() => drawnCount(page), { timeout: 30_000 }).toBe(String(all));
  await closeSettings(page);

  // ---- 2D: the same contacts, drawn and exported ---------------------------------------------
  await page.getByTestId('function-menu').click();
  await page.getByTestId('function-interaction-diagram').click();
  const window2d = page.getByTestId('interaction-diagram-window');
  await expect(window2d).toBeVisible();
  const summary = window2d.getByTestId('diagram-summary');
  await expect(summary).toBeVisible({ timeout: 60_000 });
  // The largest ligand is picked: the pose, not one of the receptor file's glycerols (GOL) or sulfates (SO4).
  await expect(window2d.getByTestId('diagram-ligand')).not.toContainText(/GOL|SO4/);
  const lines = Number(await summary.getAttribute('data-contacts'));
  // Part of the 3D contacts (those of this ligand), one line each.
  expect(lines).toBeGreaterThan(2);
  expect(lines).toBeLessThanOrEqual(all);
  const diagram = window2d.getByTestId('interaction-diagram');
  await expect(diagram.locator('[data-testid="diagram-lines"] line')).toHaveCount(lines);
  const residues = await diagram.locator('[data-residue]').count();
  expect(residues).toBeGreaterThan(1);
  await expect(diagram.locator('[data-testid="diagram-legend"]')).toContainText('Hydrogen bond');
  await shot(page, 'viewer-interactions/diagram-en');

  const [svgDownload] = await Promise.all([
    page.waitForEvent('download'),
    window2d.getByTestId('diagram-export-svg').click(),
  ]);
  expect(svgDownload.suggestedFilename()).toMatch(/_interactions\.svg$/);
  const svg = readFileSync(await svgDownload.path(), 'utf8');
  expect(svg).toContain('<svg');
  expect(svg.match(/<line[^>]*data-kind=/g)?.length).toBe(lines);
  expect(svg.match(/data-residue=/g)?.length).toBe(residues);

  const [pngDownload] = await Promise.all([
    page.waitForEvent('download'),
    window2d.getByTestId('diagram-export-png').click(),
  ]);
  expect(pngDownload.suggestedFilename()).toMatch(/_interactions\.png$/);
  const png = readFileSync(await pngDownload.path());
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.readUInt32BE(16)).toBe(1440); // twice the diagram's 720 px width

  // ---- Chinese (switched in the page: the viewer keeps its state) ---------------------------------
  await pickOption(page, page.getByTestId('lang-select'), '中文');
  settings = await openSettings(page);
  await expect(settings).toContainText('配体-受体');
  await expect(settings.getByTestId('interactions-count')).toHaveText(`已绘制 ${all} 个相互作用`);
  await expect(page.getByTestId('diagram-legend')).toContainText('氢键');
  await expect(page.getByTestId('diagram-summary')).toContainText(`${lines} 个相互作用`);
  await waitForSteadyCanvas(page);
  await shot(page, 'viewer-interactions/on-zh');
  await closeSettings(page);

  // ---- off: the display goes -------------------------------------------------------------------
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  settings = await openSettings(page);
  await expect(settings.getByTestId('interactions-count')).toHaveText('开启相互作用以绘制接触。');
  await expect.poll(() => drawnCount(page)).toBe('');
  await closeSettings(page);
  await pickOption(page, page.getByTestId('lang-select'), 'English');

  expect(errors).toEqual([]);
});
