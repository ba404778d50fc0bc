// Med View's 3D toolbar (viewer spec §2, §4, §5, §8, §9) against the real Mol* plugin in
// headless Chromium (SwiftShader WebGL), on a real protein-ligand complex (1W1P, bundled sample).
//
// Atoms are picked through Mol*'s selection API (support/viewer.ts pickAtom: canvas pixels are
// not reliable under software WebGL); every action itself goes through the toolbar's buttons.

import type { Page } from '@playwright/test';
import { createProjectByApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import { zhText } from '../support/locale-text';
import { shot } from '../support/screens';
import { expectNoOverlap, pickOption, settledBox, toast } from '../support/ui';
import { importSampleByApi, ligandCount, loadIntoViewer, pickAtom, structureCount } from '../support/viewer';

test.use({ account: 'registered' });

// biome-ignore lint/suspicious/noExplicitAny: the page's test hook is untyped here.
type AnyWindow = any;

function distanceCount(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as AnyWindow).medxViewer.current.managers.structure.measurement.state.distances.length,
  );
}

function conformationTransforms(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...(window as AnyWindow).medxViewer.current.state.data.cells.values()].filter(
        (c: AnyWindow) => c.transform.transformer.id === 'ms-plugin.transform-structure-conformation',
      ).length,
  );
}

async function representations(page: Page): Promise<number> {
  return Number(await page.getByTestId('viewer-test-status').getAttribute('data-representations'));
}

test('3D toolbar: measure a distance, cycle ligands with AUTO, align a second copy, undo', async ({
  page,
  session,
  request,
}) => {
  // Measured 266 s on a 2-core machine at load average 7 (other suites running): SwiftShader draws
  // every step. 360 s leaves room for that; the test's own waits are all conditions.
  test.setTimeout(360_000);
  const token = session?.token ?? '';
  const project = await createProjectByApi(request, token, 'Toolbar');
  const first = await importSampleByApi(request, token, project.id, '1w1p');
  const second = await importSampleByApi(request, token, project.id, '1w1p');
  const receptor = first.find((f) => f.ext === 'pdb');
  const ligand = first.find((f) => f.ext === 'sdf');
  const copy = second.find((f) => f.ext === 'pdb');
  if (!receptor || !ligand || !copy) throw new Error('the 1w1p sample has a receptor PDB and a ligand SDF');

  // ---- receptor + ligand in Med View --------------------------------------------------------
  await page.goto(`/viewer-test?file=${receptor.id}&lowGraphics=1`);
  const status = page.getByTestId('viewer-test-status');
  await expect(status).toHaveAttribute('data-status', 'loaded', { timeout: 90_000 });
  await loadIntoViewer(page, ligand.id);
  await expect.poll(() => structureCount(page)).toBe(2);
  await expect.poll(() => representations(page), { timeout: 30_000 }).toBeGreaterThan(0);

  const toolbar = page.getByTestId('viewer-toolbar');
  await expect(toolbar).toBeVisible();
  // 1440 px wide: (1440 - 180) / 100 = 12 sections fit, all 11 are inline, no More menu.
  await expect(toolbar).toHaveAttribute('data-inline', '11');
  await expect(page.getByTestId('tb-more')).toHaveCount(0);
  // Nothing to undo yet.
  await expect(page.getByTestId('tb-undo')).toBeDisabled();
  // Structure Tools: two structures (receptor and ligand), so Superposition is listed; no volumes.
  // Volume Streaming is listed because the config enables it (Mol*'s own section then shows itself
  // only for one applicable structure; viewer-streaming.spec.ts covers it).
  const tools = page.getByTestId('structure-tools');
  await expect(tools).toHaveAttribute(
    'data-sections',
    'structure,measurements,superposition,quickStyles,components,volumeStreaming,custom',
  );
  await shot(page, 'viewer-toolbar/loaded');

  // ---- measure: the requirement first, then a distance between two picked atoms ----------------
  await page.getByTestId('tb-measure').click();
  await page.getByTestId('tb-measure-distance').click();
  const selectTwo = toast(page, 'Please select two items!', 'warning');
  await expect(selectTwo).toBeVisible();
  // Toasts appear below the toolbar, never over it (MESSAGE_TOP in apps/web/src/lib/message-top.ts).
  await expectNoOverlap(selectTwo, toolbar);
  await shot(page, 'viewer-toolbar/toast-below-toolbar');

  await pickOption(page, page.getByTestId('tb-granularity'), 'Atom');
  await pickAtom(page, 0, 0, 0);
  await pickAtom(page, 0, 0, 40);
  await page.getByTestId('tb-measure').click();
  await page.getByTestId('tb-measure-distance').click();
  await expect.poll(() => distanceCount(page)).toBe(1);
  await shot(page, 'viewer-toolbar/distance');

  // ---- AUTO cycles the ligands (GOL and SO4 of the receptor, the SDF ligand) --------------------
  // The count comes from the loaded structures, before AUTO says anything.
  const total = await ligandCount(page);
  expect(total).toBeGreaterThan(1);
  await page.getByTestId('tb-fit-auto').click();
  await expect(toast(page, 'Focused on ligand 1/', 'success')).toHaveText(`Focused on ligand 1/${total}`);
  await page.getByTestId('tb-fit-auto').click();
  await expect(toast(page, 'Focused on ligand 2/', 'success')).toHaveText(`Focused on ligand 2/${total}`);
  await shot(page, 'viewer-toolbar/auto-ligand');

  // ---- expand: the spec's default 5 Å ---------------------------------------------------------------
  await page.getByTestId('tb-expand').click();
  await expect(page.getByTestId('tb-expand-distance').locator('input')).toHaveValue('5');
  await page.getByTestId('tb-expand-apply').click();
  const expanded = toast(page, 'Expanded selection by 5Å', 'success');
  await expect(expanded).toBeVisible();
  await expect(page.getByTestId('tb-previous-selection')).toBeEnabled();
  // The toast is below the toolbar: the next toolbar click need not wait for it to close.
  await expectNoOverlap(expanded, toolbar);

  // ---- align a second copy of the receptor by chains --------------------------------------------------
  await page.getByTestId('tb-fit-workspace').click();
  await loadIntoViewer(page, copy.id);
  await expect.poll(() => structureCount(page)).toBe(3);
  await page.getByTestId('tb-deselect-all').click();
  await page.getByTestId('tb-align').click();
  await page.getByTestId('tb-align-chains').click();
  await expect(toast(page, 'Please select at least two chain items!', 'warning')).toBeVisible();

  await pickOption(page, page.getByTestId('tb-granularity'), 'Chain');
  await pickAtom(page, 0, 0, 0);
  await pickAtom(page, 2, 0, 0);
  await page.getByTestId('tb-align').click();
  await page.getByTestId('tb-align-chains').click();
  // An identical copy superposes exactly.
  await expect(toast(page, 'Structures aligned successfully with RMSD 0.00', 'success')).toBeVisible();
  await expect.poll(() => conformationTransforms(page)).toBe(1);
  await shot(page, 'viewer-toolbar/aligned');

  // ---- undo: its label (the tooltip's text) names the latest undoable step; it takes the alignment back --
  await expect(page.getByTestId('tb-undo')).toHaveAccessibleName('Undo Align structures');
  await page.getByTestId('tb-undo').click();
  await expect.poll(() => conformationTransforms(page)).toBe(0);

  // ---- Define menu, by clicks only: the mode and the queries in one popup that fits the window; a
  // shift-click keeps it open, a plain click closes it ------------------------------------------------
  await page.getByTestId('tb-define').click();
  await page.getByTestId('tb-define-add').click();
  await expect(page.getByTestId('tb-define-add-protein')).toBeVisible();
  await page.getByTestId('tb-define-set').click();
  const defineMenu = page.locator('.ant-dropdown:visible');
  const menuBox = await settledBox(defineMenu);
  expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0);
  await page.getByTestId('tb-define-set-protein').click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('tb-define-set-all')).toBeVisible();
  // A sticky pick leaves the menu where it was (it used to be realigned under the pointer).
  expect(await settledBox(defineMenu)).toEqual(menuBox);
  await shot(page, 'viewer-toolbar/define-menu');
  await page.getByTestId('tb-define-set-all').click();
  await expect(page.getByTestId('tb-define-set')).toBeHidden();
  await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);

  // ---- Presets toggles the Structure Tools panel; its close button hides it too -----------------------
  await page.getByTestId('tb-presets').click();
  await expect(tools).toBeHidden();
  await page.getByTestId('tb-presets').click();
  await expect(tools).toBeVisible();
  await page.getByTestId('structure-tools-close').click();
  await expect(tools).toBeHidden();
  await page.getByTestId('tb-presets').click();
  await expect(tools).toBeVisible();

  // ---- collapse by width: 900 px leaves (900 - 180) / 100 = 7 sections inline ----------------------
  await page.setViewportSize({ width: 900, height: 900 });
  await expect(toolbar).toHaveAttribute('data-inline', '7');
  await page.getByTestId('tb-more').click();
  await expect(page.getByTestId('tb-more-panel').getByTestId('tb-fit-auto')).toBeVisible();
  await shot(page, 'viewer-toolbar/collapsed');
  expect(await representations(page)).toBeGreaterThan(0);
});

/** A text of the toolbar's Chinese locale file, as the page shows it. */
const zhToolbarText = (path: string[]) => zhText('toolbar', path);

test('toasts appear below the 3D toolbar, on the viewer page and in the workspace, in Chinese too', async ({
  page,
  session,
  request,
}) => {
  test.setTimeout(180_000);
  const token = session?.token ?? '';
  const project = await createProjectByApi(request, token, 'Toasts');
  const [receptor] = (await importSampleByApi(request, token, project.id, '1w1p')).filter((f) => f.ext === 'pdb');
  if (!receptor) throw new Error('the 1w1p sample has a receptor PDB');
  await page.addInitScript(() => localStorage.setItem('lang', 'zh-CN'));
  const selectTwo = zhToolbarText(['messages', 'selectTwo']);

  // The viewer page: the toolbar is the page's top row.
  await page.goto(`/viewer-test?file=${receptor.id}&lowGraphics=1`);
  await expect(page.getByTestId('viewer-test-status')).toHaveAttribute('data-status', 'loaded', { timeout: 90_000 });
  const toolbar = page.getByTestId('viewer-toolbar');
  await page.getByTestId('tb-measure').click();
  await page.getByTestId('tb-measure-distance').click();
  const warning = toast(page, selectTwo, 'warning');
  await expect(warning).toBeVisible();
  await expectNoOverlap(warning, toolbar);
  await shot(page, 'viewer-toolbar/toast-zh-CN');
  await page.getByTestId('tb-define').click();
  await expect(page.getByTestId('tb-define-intersect')).toHaveText(zhToolbarText(['selection', 'modes', 'intersect']));
  await shot(page, 'viewer-toolbar/define-menu-zh-CN');
  await page.getByTestId('tb-define').click();
  await expect(page.getByTestId('tb-define-intersect')).toBeHidden();

  // The workspace: the toolbar is Med View's top row, under the header and the workspace bar.
  await page.goto(`/?project=${project.id}&lowGraphics=1`);
  await expect(page.getByTestId('med-view')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await page.getByTestId('tb-measure').click();
  await page.getByTestId('tb-measure-distance').click();
  await expect(warning).toBeVisible();
  await expectNoOverlap(warning, toolbar);
  // Nor over the app header's menus and tools.
  await expectNoOverlap(warning, page.locator('header.medx-header'));
  await shot(page, 'viewer-toolbar/workspace-toast-zh-CN');
});
