// Med View follow-ups (viewer spec §2, §4), in real Chromium with software WebGL, on a real
// structure (bench 7ztl: chains A and B, 2328 atoms):
// - the Structure Viewer's chain level: a chain is hidden and shown from the tree;
// - a narrow Med View keeps its canvas: Mol*'s side panels collapse, and come back when wide;
// - the left panel's Home tab offers no download from public servers, and no request leaves;
// - editing the loaded file's text reloads the viewer's copy with the edited content.
//
// Low graphics (?lowGraphics=1) keeps SwiftShader's work small.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { createProjectByApi } from '../support/api';
import { canvasCoverage, canvasPicture, waitForSteadyCanvas } from '../support/canvas';
import { baseURL, REPO_ROOT } from '../support/env';
import { importFileByApi } from '../support/files';
import { expect, test } from '../support/fixtures';
import { shot } from '../support/screens';
import { rightClick, toast } from '../support/ui';

const PDB_PATH = join(REPO_ROOT, '..', 'shared', 'bench', '7ztl', 'receptor.pdb');
/** Lines removed from the end in the editor: END, the CONECT records and chain B's ligand. */
const LINES_REMOVED = 72;

test.use({ account: 'registered', viewport: { width: 1600, height: 900 } });
// Mol* under SwiftShader on 2 shared cores: starting and loading take seconds each.
test.setTimeout(240_000);

function status(page: Page): Locator {
  return page.getByTestId('med-view-status');
}

const atomLines = (lines: readonly string[]) => lines.filter((line) => /^(ATOM {2}|HETATM)/.test(line)).length;

/** Width of Mol*'s canvas region over Med View's width. */
async function canvasShare(page: Page): Promise<number> {
  const view = await page.getByTestId('med-view').boundingBox();
  const main = await page.locator('[data-testid="med-view"] .msp-layout-main').boundingBox();
  return view && main ? main.width / view.width : 0;
}

test('Med View: chains in the tree, narrow layout, no downloads, reload after an edit', async ({ page, session }) => {
  if (!session) throw new Error('needs a session');
  const text = readFileSync(PDB_PATH, 'utf8');
  const lines = text.split('\n');
  const project = await createProjectByApi(page.request, session.token, 'Viewer edit');
  const file = await importFileByApi(session.token, project.id, PDB_PATH, '7ztl.pdb');

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Nothing in the workspace may reach another server (public databases, CDNs, fonts).
  const origin = new URL(baseURL).origin;
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^https?:$/.test(url.protocol) && url.origin !== origin) foreign.push(request.url());
  });

  await page.goto(`/?project=${project.id}&lowGraphics=1`);
  await expect(page.getByTestId('med-view')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await page.getByTestId(`entry-in-${file}`).click();
  await expect(page.getByTestId(`entry-in-${file}`)).toHaveAttribute('data-state', 'shown', { timeout: 60_000 });
  await expect(status(page)).toHaveAttribute('data-atoms', String(atomLines(lines)));
  await expect.poll(() => canvasCoverage(page), { timeout: 30_000 }).toBeGreaterThan(0.02);

  await test.step('wide: the left panel opens from its tab strip; the Home tab has no remote download', async () => {
    // Med View opens with the left panel collapsed to its tabs (issue 12.9); one click opens it.
    await expect(status(page)).toHaveAttribute('data-left', 'collapsed');
    await expect(status(page)).toHaveAttribute('data-right', 'full');
    await page.locator('[data-testid="med-view"] .msp-left-panel-controls-buttons button[title="Home"]').click();
    await expect(status(page)).toHaveAttribute('data-left', 'full');
    const left = page.locator('[data-testid="med-view"] .msp-layout-left');
    await expect(left).toContainText('Open Files');
    for (const remote of ['Download Structure', 'Download Density', 'Download File', 'Load Trajectory']) {
      await expect(left).not.toContainText(remote);
    }
    await shot(page, 'viewer-edit/wide');
  });

  await test.step('the Structure Viewer lists the chains; one is hidden and shown again', async () => {
    const tree = page.getByTestId('structure-viewer');
    const chains = tree.getByTestId('tree-node-chain');
    await expect(chains).toHaveCount(2);
    await expect(chains.nth(0)).toContainText('Chain A');
    await expect(chains.nth(1)).toContainText('Chain B');
    const before = await canvasCoverage(page);
    await rightClick(chains.nth(0));
    await page.getByTestId('tree-hide').click();
    await expect(chains.nth(0)).toHaveAttribute('data-hidden', 'true');
    // Chain A is most of the protein: far less is drawn without it, but chain B still is.
    await expect.poll(() => canvasCoverage(page), { timeout: 30_000 }).toBeLessThan(before * 0.8);
    expect(await canvasCoverage(page)).toBeGreaterThan(0.001);
    await shot(page, 'viewer-edit/chain-a-hidden');
    await chains.nth(0).getByTestId('tree-eye-chain').click();
    await expect(chains.nth(0)).toHaveAttribute('data-hidden', 'false');
    await expect.poll(() => canvasCoverage(page), { timeout: 30_000 }).toBeGreaterThan(before * 0.8);
    // Focus from the menu works on a chain as on the other levels: the camera moves to chain B.
    await waitForSteadyCanvas(page);
    const whole = await canvasPicture(page);
    await rightClick(chains.nth(1));
    await page.getByTestId('tree-focus').click();
    await expect.poll(() => canvasPicture(page), { timeout: 30_000 }).not.toBe(whole);
  });

  await test.step('narrow: the panels collapse and the canvas keeps the viewer; wide again restores', async () => {
    const wideShare = await canvasShare(page);
    await page.setViewportSize({ width: 1100, height: 900 });
    await expect(status(page)).toHaveAttribute('data-left', 'collapsed');
    await expect(status(page)).toHaveAttribute('data-right', 'hidden');
    await expect.poll(() => canvasShare(page)).toBeGreaterThan(0.9);
    await expect.poll(() => canvasCoverage(page), { timeout: 30_000 }).toBeGreaterThan(0.02);
    await shot(page, 'viewer-edit/narrow');
    await page.setViewportSize({ width: 1600, height: 900 });
    await expect(status(page)).toHaveAttribute('data-left', 'full');
    await expect(status(page)).toHaveAttribute('data-right', 'full');
    await expect.poll(() => canvasShare(page)).toBeCloseTo(wideShare, 2);
  });

  await test.step('editing the text reloads the loaded copy', async () => {
    await rightClick(page.locator('[data-testid^="entry-row-"]').filter({ hasText: '7ztl.pdb' }));
    await page.getByTestId('ctx-edit').click();
    const editor = page.getByTestId('code-editor').locator('.cm-content');
    await expect(editor).toContainText('ATOM');
    await editor.locator('.cm-line').first().click();
    // From the end of the text (after the last newline), select the last lines and delete them.
    await page.keyboard.press('Control+End');
    for (let i = 0; i < LINES_REMOVED; i++) await page.keyboard.press('Shift+ArrowUp');
    await page.keyboard.press('Delete');
    const kept = lines.slice(0, lines.length - 1 - LINES_REMOVED);
    const expected = atomLines(kept);
    expect(expected).toBeLessThan(atomLines(lines));
    await page.getByTestId('editor-update').click();
    await expect(toast(page, 'Update successful.', 'success')).toBeVisible();
    await expect(page.getByTestId('code-editor')).toBeHidden();
    await expect(status(page)).toHaveAttribute('data-atoms', String(expected), { timeout: 60_000 });
    await expect(status(page)).toHaveAttribute('data-files', String(file));
    await expect(status(page)).toHaveAttribute('data-structures', '1');
    await expect(page.getByTestId(`entry-in-${file}`)).toHaveAttribute('data-state', 'shown');
    await expect.poll(() => canvasCoverage(page), { timeout: 30_000 }).toBeGreaterThan(0.02);
    await shot(page, 'viewer-edit/reloaded');
  });

  expect(errors, 'page errors').toEqual([]);
  expect(foreign, 'requests to other servers').toEqual([]);
});

test('Med View: a Get PDB file edited in the text editor is replaced in the viewer by its new copy', async ({
  page,
  session,
}) => {
  if (!session) throw new Error('needs a session');
  // The fixture archive (support/pdb-archive.ts) serves 5X72 from the bench.
  const lines = readFileSync(join(REPO_ROOT, '..', 'shared', 'bench', '5x72', 'raw_5x72.pdb'), 'utf8').split('\n');
  const project = await createProjectByApi(page.request, session.token, 'GetPDB edit');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`/?project=${project.id}&lowGraphics=1`);
  await expect(page.getByTestId('med-view')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await page.getByTestId('get-pdb').click();
  await page.getByTestId('pdb-id-input').fill('5x72');
  await page.getByTestId('get-pdb-ok').click();
  const row = page.locator('[data-testid^="entry-row-"]').filter({ hasText: '5X72.pdb' });
  await expect(row).toBeVisible({ timeout: 30_000 });
  const oldId = Number((await row.getAttribute('data-testid'))?.replace('entry-row-', ''));
  await page.getByTestId(`entry-in-${oldId}`).click();
  await expect(page.getByTestId(`entry-in-${oldId}`)).toHaveAttribute('data-state', 'shown', { timeout: 60_000 });
  await expect(status(page)).toHaveAttribute('data-atoms', String(atomLines(lines)));

  // Delete the last lines: END, MASTER, the CONECT records and the last waters.
  const removed = 60;
  await rightClick(row);
  await page.getByTestId('ctx-edit').click();
  const editor = page.getByTestId('code-editor').locator('.cm-content');
  // CodeMirror renders only the lines in view: the header.
  await expect(editor).toContainText('HEADER');
  await editor.locator('.cm-line').first().click();
  await page.keyboard.press('Control+End');
  for (let i = 0; i < removed; i++) await page.keyboard.press('Shift+ArrowUp');
  await page.keyboard.press('Delete');
  const expected = atomLines(lines.slice(0, lines.length - 1 - removed));
  expect(expected).toBeLessThan(atomLines(lines));
  await page.getByTestId('editor-update').click();
  await expect(toast(page, 'Update successful.', 'success')).toBeVisible();

  // The edited content is a new file; the old one is gone from the list and from the viewer.
  await expect(page.getByTestId(`entry-row-${oldId}`)).toHaveCount(0, { timeout: 30_000 });
  await expect(row).toHaveCount(1);
  const newId = Number((await row.getAttribute('data-testid'))?.replace('entry-row-', ''));
  expect(newId).not.toBe(oldId);
  await expect(status(page)).toHaveAttribute('data-files', String(newId), { timeout: 60_000 });
  await expect(status(page)).toHaveAttribute('data-atoms', String(expected));
  await expect(status(page)).toHaveAttribute('data-structures', '1');
  await expect(page.getByTestId(`entry-in-${newId}`)).toHaveAttribute('data-state', 'shown');
  await expect.poll(() => canvasCoverage(page), { timeout: 30_000 }).toBeGreaterThan(0.02);
  await shot(page, 'viewer-edit/get-pdb-reloaded');
  expect(errors, 'page errors').toEqual([]);
});
