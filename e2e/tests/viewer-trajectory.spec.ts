// Med View trajectories (issue 12 point 8; viewer spec §3 "Trajectory load", §5 "Load Trajectory",
// §9 "Trajectory controls need a frame count above 1"), in real Chromium with software WebGL:
// - the Trajectory toolbar panel opens Load Trajectory; Load with nothing chosen names both fields;
// - coordinates with fewer atoms than the model (a backbone-only xtc) are refused with both counts,
//   the dialog stays open and Med View keeps working (nothing half-loaded);
// - In on an xtc opens the dialog with it chosen and its model guessed; Load shows 11 frames;
// - First / Previous / Next Model and the model index editor change the model index, and with it the
//   coordinates Mol* draws (frame 0 is the .gro's start: same first atom);
// - In hides and shows the trajectory; the texts in Chinese; screenshots at 1440×900 and 1024×700.
//
// The fixtures (e2e/fixtures/trajectory, SOURCES.md) were made with GROMACS from 1A8O.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { createProjectByApi } from '../support/api';
import { canvasCoverage, canvasPicture, waitForSteadyCanvas } from '../support/canvas';
import { E2E_DIR } from '../support/env';
import { importFileByApi } from '../support/files';
import { expect, test } from '../support/fixtures';
import { shot } from '../support/screens';
import { fieldError, pickOption, toast } from '../support/ui';

const FIXTURES = join(E2E_DIR, 'fixtures', 'trajectory');
const GRO = join(FIXTURES, '1a8o_md.gro');
const XTC = join(FIXTURES, '1a8o_md.xtc');
const BACKBONE = join(FIXTURES, '1a8o_backbone.xtc');

test.use({ account: 'registered' });
// Mol* under SwiftShader on 2 shared cores: starting and loading take seconds each.
test.setTimeout(300_000);

/** Atoms in an xtc's first frame header (magic, then the atom count, big-endian). */
function xtcAtoms(path: string): number {
  return readFileSync(path).readInt32BE(4);
}

/** The .gro's atom count and its first atom in Å (the file is in nm). */
function groStart(path: string): { atoms: number; first: number[] } {
  const lines = readFileSync(path, 'utf8').split('\n');
  const atom = lines[2] ?? '';
  const first = [20, 28, 36].map((at) => Number(atom.slice(at, at + 8)) * 10);
  return { atoms: Number(lines[1]), first };
}

function trajectoryStatus(page: Page): Locator {
  return page.getByTestId('trajectory-status');
}

async function modelIndex(page: Page): Promise<string> {
  return (await trajectoryStatus(page).getAttribute('data-model-index')) ?? '';
}

async function firstAtom(page: Page): Promise<number[]> {
  const value = (await trajectoryStatus(page).getAttribute('data-first-atom')) ?? '';
  return value ? value.split(' ').map(Number) : [];
}

/**
 * Opens the toolbar's Trajectory panel (a click, not a hover); in a narrow Med View the toolbar's
 * last section sits in its More menu.
 */
async function openTrajectoryPanel(page: Page): Promise<Locator> {
  const panel = page.getByTestId('tb-trajectory-panel');
  if (await panel.isVisible()) return panel;
  if (!(await page.getByTestId('tb-trajectory').isVisible())) await page.getByTestId('tb-more').click();
  await page.getByTestId('tb-trajectory').click();
  await expect(panel).toBeVisible();
  return panel;
}

async function closeTrajectoryPanel(page: Page): Promise<void> {
  const panel = page.getByTestId('tb-trajectory-panel');
  if (await panel.isVisible()) await page.getByTestId('tb-trajectory').click();
  await expect(panel).toBeHidden();
}

test('Med View trajectory: Load Trajectory, a mismatched one refused, stepped with the controls', async ({
  page,
  session,
}) => {
  if (!session) throw new Error('needs a session');
  const project = await createProjectByApi(page.request, session.token, 'Trajectory');
  const gro = await importFileByApi(session.token, project.id, GRO);
  const xtc = await importFileByApi(session.token, project.id, XTC);
  const backbone = await importFileByApi(session.token, project.id, BACKBONE);
  const start = groStart(GRO);
  expect(xtcAtoms(XTC)).toBe(start.atoms);
  const fewer = xtcAtoms(BACKBONE);
  expect(fewer).toBeLessThan(start.atoms);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/?project=${project.id}&lowGraphics=1`);
  await expect(page.getByTestId('med-view')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  const status = page.getByTestId('med-view-status');
  const dialog = page.getByTestId('trajectory-load-dialog');

  await test.step('the toolbar panel: no trajectory yet; Load with nothing chosen names both fields', async () => {
    const panel = await openTrajectoryPanel(page);
    await expect(panel.getByTestId('trajectory-none')).toHaveText('No trajectory with more than one model is loaded.');
    await panel.getByTestId('trajectory-load-open').click();
    await expect(dialog).toBeVisible();
    await expect(panel).toBeHidden();
    // Two xtc files: neither is chosen for the user, so no model is guessed either.
    await page.getByTestId('trajectory-load-ok').click();
    await expect(fieldError(page, 'trajectory-coordinates')).toHaveText(
      'Please choose a coordinates file (xtc, dcd or trr).',
    );
    await expect(fieldError(page, 'trajectory-model')).toHaveText('Please choose the model file.');
    await shot(page, 'viewer-trajectory/required');
  });

  await test.step('coordinates with fewer atoms than the model: refused with both counts, Med View unharmed', async () => {
    await pickOption(page, page.getByTestId('trajectory-coordinates'), '1a8o_backbone.xtc');
    await pickOption(page, page.getByTestId('trajectory-model'), '1a8o_md.gro');
    await page.getByTestId('trajectory-load-ok').click();
    const message = `The coordinates have ${fewer} atoms per frame but the model has ${start.atoms}. Choose the model the trajectory was written from.`;
    await expect(page.getByTestId('trajectory-load-error')).toHaveText(message, { timeout: 60_000 });
    await expect(toast(page, message, 'error')).toBeVisible();
    await expect(dialog).toBeVisible();
    // Nothing stayed behind, and the viewer takes the next load.
    await expect(status).toHaveAttribute('data-files', '');
    await expect(status).toHaveAttribute('data-structures', '0');
    await expect(page.getByTestId(`entry-in-${backbone}`)).toHaveAttribute('data-state', 'absent');
    await shot(page, 'viewer-trajectory/mismatch');
    await page.getByTestId('trajectory-load-cancel').click();
    await expect(dialog).toBeHidden();
  });

  await test.step('In on the xtc: the dialog with it chosen and its model guessed; Load shows 11 frames', async () => {
    await page.getByTestId(`entry-in-${xtc}`).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('1a8o_md.xtc');
    await expect(dialog).toContainText('1a8o_md.gro');
    await page.getByTestId('trajectory-load-ok').click();
    await expect(toast(page, 'Trajectory 1a8o_md.xtc loaded.', 'success')).toBeVisible({ timeout: 60_000 });
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId(`entry-in-${xtc}`)).toHaveAttribute('data-state', 'shown');
    await expect(status).toHaveAttribute('data-files', String(xtc));
    await expect(status).toHaveAttribute('data-structures', '1');
    await expect(status).toHaveAttribute('data-atoms', String(start.atoms));
    await expect(trajectoryStatus(page)).toHaveAttribute('data-frame-count', '11');
    await expect(trajectoryStatus(page)).toHaveAttribute('data-model-index', '0');
    // Frame 0 is where the MD started: the .gro's first atom (xtc keeps 0.001 nm).
    const atom0 = await firstAtom(page);
    expect(atom0).toHaveLength(3);
    for (const [i, value] of atom0.entries()) expect(value).toBeCloseTo(start.first[i] ?? Number.NaN, 1);
    // The model file itself was not loaded as a file of its own.
    await expect(page.getByTestId(`entry-in-${gro}`)).toHaveAttribute('data-state', 'absent');
    await expect.poll(() => canvasCoverage(page), { timeout: 30_000 }).toBeGreaterThan(0.02);
  });

  await test.step('First, Previous, Next Model and the model index editor move through the frames', async () => {
    const atom0 = await firstAtom(page);
    const panel = await openTrajectoryPanel(page);
    const controls = panel.getByTestId('trajectory-controls');
    await expect(controls).toHaveCount(1);
    await expect(controls).toContainText('1a8o_md.xtc');
    await expect(controls.getByTestId('trajectory-model-of')).toHaveText('of 11');
    await expect(controls.getByTestId('trajectory-model-index')).toHaveValue('1');

    await waitForSteadyCanvas(page);
    const picture0 = await canvasPicture(page);
    await controls.getByTestId('trajectory-next').click();
    await expect.poll(() => modelIndex(page)).toBe('1');
    await expect(controls.getByTestId('trajectory-model-index')).toHaveValue('2');
    // Other coordinates: the first atom moved, and so did the picture.
    await expect.poll(() => firstAtom(page)).not.toEqual(atom0);
    const atom1 = await firstAtom(page);
    await expect.poll(() => canvasPicture(page), { timeout: 30_000 }).not.toBe(picture0);

    await controls.getByTestId('trajectory-next').click();
    await expect.poll(() => modelIndex(page)).toBe('2');
    await controls.getByTestId('trajectory-previous').click();
    await expect.poll(() => modelIndex(page)).toBe('1');
    expect(await firstAtom(page)).toEqual(atom1);
    await controls.getByTestId('trajectory-first').click();
    await expect.poll(() => modelIndex(page)).toBe('0');
    expect(await firstAtom(page)).toEqual(atom0);
    // Previous from the first model wraps to the last.
    await controls.getByTestId('trajectory-previous').click();
    await expect.poll(() => modelIndex(page)).toBe('10');

    // The model index editor (1-based): model 6 is index 5; Next from the last wraps to the first.
    const editor = controls.getByTestId('trajectory-model-index');
    await editor.fill('6');
    await expect.poll(() => modelIndex(page)).toBe('5');
    await editor.fill('11');
    await expect.poll(() => modelIndex(page)).toBe('10');
    await controls.getByTestId('trajectory-next').click();
    await expect.poll(() => modelIndex(page)).toBe('0');
    await waitForSteadyCanvas(page);
    await shot(page, 'viewer-trajectory/controls-1440');
  });

  await test.step('In hides and shows the trajectory', async () => {
    await closeTrajectoryPanel(page);
    await page.getByTestId(`entry-in-${xtc}`).click();
    await expect(page.getByTestId(`entry-in-${xtc}`)).toHaveAttribute('data-state', 'hidden');
    await expect(status).toHaveAttribute('data-hidden', String(xtc));
    await page.getByTestId(`entry-in-${xtc}`).click();
    await expect(page.getByTestId(`entry-in-${xtc}`)).toHaveAttribute('data-state', 'shown');
    await expect(status).toHaveAttribute('data-hidden', '');
  });

  await test.step('a small window: the controls still work', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await expect(status).toHaveAttribute('data-right', 'hidden');
    const panel = await openTrajectoryPanel(page);
    await panel.getByTestId('trajectory-next').click();
    await expect.poll(() => modelIndex(page)).toBe('1');
    await waitForSteadyCanvas(page);
    await shot(page, 'viewer-trajectory/controls-1024');
  });

  await test.step('in Chinese', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await page.reload();
    await expect(page.getByTestId('med-view')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
    const panel = await openTrajectoryPanel(page);
    await panel.getByTestId('trajectory-load-open').click();
    await expect(page.locator('.ant-modal-title')).toHaveText('加载轨迹');
    await page.getByTestId('trajectory-load-ok').click();
    await expect(fieldError(page, 'trajectory-coordinates')).toHaveText('请选择坐标文件（xtc、dcd 或 trr）。');
    await shot(page, 'viewer-trajectory/required-zh');
    await pickOption(page, page.getByTestId('trajectory-coordinates'), '1a8o_md.xtc');
    await pickOption(page, page.getByTestId('trajectory-model'), '1a8o_md.gro');
    await page.getByTestId('trajectory-load-ok').click();
    await expect(toast(page, '已加载轨迹 1a8o_md.xtc。', 'success')).toBeVisible({ timeout: 60_000 });
    await expect(trajectoryStatus(page)).toHaveAttribute('data-frame-count', '11');
    const again = await openTrajectoryPanel(page);
    await expect(again.getByTestId('trajectory-model-of')).toHaveText('共 11 个');
    await again.getByTestId('trajectory-next').click();
    await expect.poll(() => modelIndex(page)).toBe('1');
    await waitForSteadyCanvas(page);
    await shot(page, 'viewer-trajectory/controls-zh-1440');
    await page.setViewportSize({ width: 1024, height: 700 });
    await waitForSteadyCanvas(page);
    await shot(page, 'viewer-trajectory/controls-zh-1024');
  });

  expect(errors).toEqual([]);
});
