// The docking box in Med View (issue 5, the `docking_box` kind) in real Chromium: the bundled
// 7CNQ complex shown in Med View, the Docking wizard at its pocket step, the box around the
// crystal ligand drawn as Mol* shapes (checked through the step's cell count, the drawn
// visual's extent and Med View's visual count), edited through the inputs, the empty-selection message of "Box around 3D
// selection", and the box gone after Previous. Screenshots: docking-box/*.

import { createProjectByApi } from '../support/api';
import { canvasCoverage, canvasPicture, waitForSteadyCanvas } from '../support/canvas';
import { expect, test } from '../support/fixtures';
import { shot } from '../support/screens';
import { waitForSteady } from '../support/steady';
import { toast } from '../support/ui';
import { importSampleByApi } from '../support/viewer';

test.use({ account: 'registered', viewport: { width: 1680, height: 1000 } });
test.setTimeout(240_000);

const ZERO = '(0.00, 0.00, 0.00) 0.00 × 0.00 × 0.00 Å';

/**
 * What the step must report as drawn by Med View for the box in the summary text
 * "(cx, cy, cz) sx × sy × sz Å": the centre and half the diagonal (the visual's bounding sphere).
 */
function drawnFor(summary: string): string {
  const numbers = (summary.match(/-?\d+\.\d+/g) ?? []).map(Number);
  const [cx = 0, cy = 0, cz = 0, sx = 0, sy = 0, sz = 0] = numbers;
  return [cx, cy, cz, Math.hypot(sx, sy, sz) / 2].map((v) => v.toFixed(2)).join(' ');
}

test('Docking: the pocket is drawn and edited as a box in Med View', async ({ page, session }) => {
  if (!session) throw new Error('needs a session');
  const project = await createProjectByApi(page.request, session.token, 'Docking box');
  const files = await importSampleByApi(page.request, session.token, project.id, '7cnq');
  const receptor = files.find((f) => f.name === '7cnq_receptor.pdb');
  const ligand = files.find((f) => f.name === '7cnq_ligand.sdf');
  if (!receptor || !ligand) throw new Error(`sample files: ${files.map((f) => f.name).join(', ')}`);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`/?project=${project.id}&lowGraphics=1`);
  await expect(page.getByTestId('med-view')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  const status = page.getByTestId('med-view-status');
  const visuals = async () => Number(await status.getAttribute('data-representations'));

  // The complex in Med View.
  for (const file of [receptor, ligand]) {
    await page.getByTestId(`entry-in-${file.id}`).click();
    await expect(page.getByTestId(`entry-in-${file.id}`)).toHaveAttribute('data-state', 'shown', { timeout: 60_000 });
  }
  await expect.poll(visuals, { timeout: 60_000 }).toBeGreaterThan(1);
  // The structures' visuals settle first (a preset adds them in steps).
  const withoutBox = await waitForSteady(visuals, { what: "Med View's visual count" });

  // The wizard up to the pocket step.
  await page.getByTestId('function-menu').click();
  await page.getByTestId('function-docking').click();
  const next = page.getByTestId('docking-next');
  await page.locator('[data-testid^="docking-protein-row-"]').filter({ hasText: receptor.name }).click();
  await next.click();
  await page.locator('[data-testid^="docking-ligand-row-"]').filter({ hasText: ligand.name }).click();
  await next.click();
  const step = page.getByTestId('docking-pocket-step');
  await expect(step).toBeVisible();
  // The all-zero pocket is not drawn.
  await expect(step).toHaveAttribute('data-box-cells', '0');

  // "Box around 3D selection" with nothing selected in Med View: the toolbar's message.
  // (The tab bar of the narrow window scrolls: retry the click until the tab's content shows.)
  await expect(async () => {
    await page.getByRole('tab', { name: 'In Med View' }).click();
    await expect(page.getByTestId('pocket-from-selection')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId('pocket-from-selection').click();
  await expect(toast(page, 'No selection available', 'warning')).toBeVisible();
  await expect(page.getByTestId('pocket-summary')).toHaveText(ZERO);

  // Around the crystal ligand: the box appears (two shapes and their two visuals).
  await expect(async () => {
    await page.getByRole('tab', { name: 'By ligand' }).click();
    await expect(page.getByTestId('pocket-from-ligand')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.locator('[data-testid^="pocket-ligand-row-"]').filter({ hasText: ligand.name }).click();
  await page.getByTestId('pocket-from-ligand').click();
  await expect(page.getByTestId('pocket-summary')).not.toHaveText(ZERO);
  await expect(step).toHaveAttribute('data-box-cells', '4');
  await expect.poll(visuals).toBe(withoutBox + 2);
  const around = (await page.getByTestId('pocket-summary').textContent()) ?? '';
  console.log(`box around the crystal ligand: ${around}`);
  // The visual Mol* draws has the box's extent, not only the state's numbers.
  await expect(step).toHaveAttribute('data-box-drawn', drawnFor(around));

  // A box from a helper brings the camera to it; then the picture: the box around the ligand.
  await waitForSteadyCanvas(page);
  expect(await canvasCoverage(page)).toBeGreaterThan(0.02);
  await shot(page, 'docking-box/around-ligand');

  // Editing: the inputs and the grow button move and resize the same box.
  const sizeX = page.getByTestId('pocket-size_x');
  await sizeX.fill('30');
  await sizeX.blur();
  const sizeY = page.getByTestId('pocket-size_y');
  await sizeY.fill('24');
  await sizeY.blur();
  await expect(page.getByTestId('pocket-summary')).toContainText('30.00 × 24.00 ×');
  await page.getByTestId('pocket-grow').click();
  await expect(page.getByTestId('pocket-summary')).toContainText('31.00 × 25.00 ×');
  const edited = (await page.getByTestId('pocket-summary').textContent()) ?? '';
  await expect(step).toHaveAttribute('data-box-cells', '4');
  await expect(step).toHaveAttribute('data-box-drawn', drawnFor(edited));
  await expect.poll(visuals).toBe(withoutBox + 2);
  // Typed edits leave the camera where it was; Focus brings it to the edited (larger) box.
  await waitForSteadyCanvas(page);
  const before = await canvasPicture(page);
  await page.getByTestId('pocket-focus').click();
  // The camera moves (the picture changes), then stops (SwiftShader draws slowly).
  await expect.poll(() => canvasPicture(page), { timeout: 30_000 }).not.toBe(before);
  await waitForSteadyCanvas(page);
  await shot(page, 'docking-box/edited');

  // Previous leaves the step: the pocket goes back to zeros and the box leaves Med View.
  await page.getByTestId('docking-previous').click();
  await expect(page.getByTestId('docking-ligand-picker')).toBeVisible();
  await expect.poll(visuals).toBe(withoutBox);
  await next.click();
  await expect(page.getByTestId('pocket-summary')).toHaveText(ZERO);
  await expect(step).toHaveAttribute('data-box-cells', '0');
  expect(errors).toEqual([]);
});
