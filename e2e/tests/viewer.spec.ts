// Med View in the workspace, in real Chromium with software WebGL (viewer spec §2, §4): a real
// protein-ligand complex (bench 1w1p) is loaded with the Entry List's In toggle, hidden and shown
// again; the Structure Viewer shows its hierarchy and the Sequence Viewer its residues; files are
// dropped on the viewer; a window is hidden, the page reloaded (the layout persisted), and the
// layout reset.
//
// The account, the project and the two files are set up through the API. Low graphics
// (?lowGraphics=1) keeps SwiftShader's work small.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { createProjectByApi } from '../support/api';
import { canvasCoverage, waitForSteadyCanvas } from '../support/canvas';
import { REPO_ROOT } from '../support/env';
import { importFileByApi } from '../support/files';
import { expect, test } from '../support/fixtures';
import { shot } from '../support/screens';
import { rightClick, toast } from '../support/ui';

const BENCH = join(REPO_ROOT, '..', 'shared', 'bench', '1w1p');

test.use({ account: 'registered' });
// Mol* under SwiftShader on 2 shared cores: starting and loading take seconds each.
test.setTimeout(240_000);

function status(page: Page): Locator {
  return page.getByTestId('med-view-status');
}

/** The comma-separated ids of a status attribute. */
async function ids(page: Page, attribute: 'data-files' | 'data-hidden'): Promise<number[]> {
  const value = (await status(page).getAttribute(attribute)) ?? '';
  return value ? value.split(',').map(Number) : [];
}

/** Drops files on Med View the way a browser does: dragenter shows Mol*'s overlay, drop on it. */
async function dropFiles(page: Page, files: { name: string; text: string }[]): Promise<void> {
  await page.evaluate((list) => {
    const transfer = new DataTransfer();
    for (const file of list) transfer.items.add(new File([file.text], file.name));
    const content = document.querySelector('[data-testid="med-view"] .msp-plugin-content');
    content?.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: transfer }));
  }, files);
  const overlay = page.locator('[data-testid="med-view"] .msp-drag-drop-overlay');
  await expect(overlay).toBeVisible();
  await page.evaluate((list) => {
    const transfer = new DataTransfer();
    for (const file of list) transfer.items.add(new File([file.text], file.name));
    const target = document.querySelector('[data-testid="med-view"] .msp-drag-drop-overlay');
    target?.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
  }, files);
  await expect(overlay).toBeHidden();
}

test('Med View: In toggle, Structure and Sequence Viewers, layout persistence', async ({ page, session }) => {
  if (!session) throw new Error('needs a session');
  const project = await createProjectByApi(page.request, session.token, 'Viewer');
  const receptor = await importFileByApi(session.token, project.id, join(BENCH, 'receptor.pdb'), '1w1p_receptor.pdb');
  const ligand = await importFileByApi(session.token, project.id, join(BENCH, 'ligand.sdf'), '1w1p_ligand.sdf');

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`/?project=${project.id}&lowGraphics=1`);
  const medView = page.getByTestId('med-view');
  await expect(medView).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await expect(page.getByTestId(`entry-in-${receptor}`)).toHaveAttribute('data-state', 'absent');
  // Nothing loaded: both viewer windows say so.
  await expect(page.getByTestId('structure-viewer')).toContainText('No structure loaded');
  await expect(page.getByTestId('sequence-viewer')).toContainText('No structure');

  // In: absent → downloaded and loaded.
  await page.getByTestId(`entry-in-${receptor}`).click();
  await expect(page.getByTestId(`entry-in-${receptor}`)).toHaveAttribute('data-state', 'shown', { timeout: 60_000 });
  await page.getByTestId(`entry-in-${ligand}`).click();
  await expect(page.getByTestId(`entry-in-${ligand}`)).toHaveAttribute('data-state', 'shown', { timeout: 60_000 });
  await expect.poll(() => ids(page, 'data-files')).toEqual([receptor, ligand].sort((a, b) => a - b));
  await expect(status(page)).toHaveAttribute('data-structures', '2');
  await expect.poll(async () => Number(await status(page).getAttribute('data-representations'))).toBeGreaterThan(1);
  // Mol* draws the next frames after the state settles.
  await expect.poll(() => canvasCoverage(page), { timeout: 30_000 }).toBeGreaterThan(0.02);
  await shot(page, 'viewer/loaded');

  // Shown → hidden → shown; the copy stays in the viewer.
  await page.getByTestId(`entry-in-${receptor}`).click();
  await expect(page.getByTestId(`entry-in-${receptor}`)).toHaveAttribute('data-state', 'hidden');
  await expect.poll(() => ids(page, 'data-hidden')).toEqual([receptor]);
  await waitForSteadyCanvas(page);
  await shot(page, 'viewer/receptor-hidden');
  await page.getByTestId(`entry-in-${receptor}`).click();
  await expect(page.getByTestId(`entry-in-${receptor}`)).toHaveAttribute('data-state', 'shown');
  await expect.poll(() => ids(page, 'data-hidden')).toEqual([]);
  await expect.poll(() => ids(page, 'data-files')).toHaveLength(2);
  await waitForSteadyCanvas(page);
  await shot(page, 'viewer/shown-again');

  // Structure Viewer: two files, each with its model, structure and components.
  const tree = page.getByTestId('structure-viewer');
  await expect(tree.getByTestId('tree-node-trajectory')).toHaveCount(2);
  await expect(tree.getByTestId('tree-node-structure')).toHaveCount(2);
  expect(await tree.getByTestId('tree-node-component').count()).toBeGreaterThanOrEqual(2);
  await expect(tree.getByTestId('tree-node-trajectory').first()).toContainText('1w1p_receptor.pdb');
  // Its right-click menu hides a component, and the eye shows it again.
  const component = tree.getByTestId('tree-node-component').first();
  await rightClick(component);
  await page.getByTestId('tree-hide').click();
  await expect(component).toHaveAttribute('data-hidden', 'true');
  await component.getByTestId('tree-eye-component').click();
  await expect(component).toHaveAttribute('data-hidden', 'false');
  // Multi-select mode: checkboxes appear and the menu has its extra items.
  await page.getByTestId('structure-multi-select').click();
  await expect(tree.locator('.ant-tree-checkbox').first()).toBeVisible();
  await rightClick(component);
  await expect(page.getByTestId('tree-check-all')).toBeVisible();
  await page.keyboard.press('Escape');

  // Sequence Viewer: the receptor's residues (residue view), numbered.
  const sequence = page.getByTestId('sequence-viewer');
  await expect(sequence.getByTestId('sequence-row').first()).toHaveAttribute('data-kind', 'residue');
  expect(await sequence.locator('.msp-sequence-number').count()).toBeGreaterThan(5);
  expect(await sequence.locator('.msp-sequence-present, .msp-sequence-missing').count()).toBeGreaterThan(100);
  // Everything: one row per chain and entity, the ligand among them.
  await sequence.getByTestId('sequence-mode').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Everything"]').click();
  await expect(sequence).toHaveAttribute('data-mode', 'all');
  expect(Number(await sequence.getAttribute('data-rows'))).toBeGreaterThanOrEqual(2);
  await shot(page, 'viewer/windows');

  // Files dropped on Med View: an unknown extension is refused by name, a structure loads.
  const ligandText = readFileSync(join(BENCH, 'ligand.sdf'), 'utf8');
  await dropFiles(page, [{ name: 'notes.docx', text: 'x' }]);
  await expect(toast(page, 'Not Support .docx file.')).toBeVisible();
  await dropFiles(page, [{ name: 'dropped.sdf', text: ligandText }]);
  await expect(status(page)).toHaveAttribute('data-structures', '3', { timeout: 30_000 });

  // Hide the Sequence Viewer; the layout survives a reload; reset brings it back.
  await page.getByTestId('minimise-sequenceViewer').click();
  await expect(page.getByTestId('window-sequenceViewer')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('window-entryList')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('window-sequenceViewer')).toHaveCount(0);
  await expect(medView).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await shot(page, 'viewer/sequence-hidden-after-reload');
  await page.getByTestId('reset-layout').click();
  await expect(page.getByTestId('window-sequenceViewer')).toBeVisible();
  await expect(page.getByTestId('window-structureViewer')).toBeVisible();

  // Import Structure with 'Replace Workspace': the viewer is emptied, then shows the new file.
  await expect(medView).toHaveAttribute('data-state', 'ready');
  await page.getByTestId(`entry-in-${ligand}`).click();
  await expect(page.getByTestId(`entry-in-${ligand}`)).toHaveAttribute('data-state', 'shown', { timeout: 60_000 });
  await page.getByTestId('import-structure').click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('import-dragger') });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'imported.sdf',
    mimeType: 'chemical/x-mdl-sdfile',
    buffer: Buffer.from(ligandText),
  });
  await expect(page.getByTestId('import-show-3d')).toBeChecked();
  await page.getByTestId('import-replace').check();
  await page.getByTestId('import-ok').click();
  const imported = page.locator('[data-testid^="entry-row-"]').filter({ hasText: 'imported.sdf' });
  await expect(imported).toBeVisible({ timeout: 30_000 });
  const importedId = Number((await imported.getAttribute('data-testid'))?.replace('entry-row-', ''));
  await expect.poll(() => ids(page, 'data-files'), { timeout: 60_000 }).toEqual([importedId]);
  await expect(status(page)).toHaveAttribute('data-structures', '1');
  await expect(page.getByTestId(`entry-in-${ligand}`)).toHaveAttribute('data-state', 'absent');
  await shot(page, 'viewer/replaced-by-import');

  expect(errors, 'page errors').toEqual([]);
});
