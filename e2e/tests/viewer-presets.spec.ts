// Med View's presets and styles (issue 12 point 6; viewer spec §2, §3, §4, §5, §8, §9) against the
// real Mol* plugin on the /viewer-test page, on a real complex (1W1P, bundled sample): the Apply or
// Save Structure Preset dropdown, Structure Tools' Quick Styles, and the measurement style dialog.
// Mol*'s state is read through the page's test hook (window.medxViewer); every action is a click.

import type { Page } from '@playwright/test';
import { createProjectByApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import { zhText } from '../support/locale-text';
import { shot } from '../support/screens';
import { fieldError, pickOption, toast } from '../support/ui';
import { importSampleByApi, pickAtom } from '../support/viewer';

test.use({ account: 'registered' });

// biome-ignore lint/suspicious/noExplicitAny: the page's test hook is untyped here.
type AnyWindow = any;

/** The representation types of the first structure's components, sorted. */
function reprTypes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const plugin = (window as AnyWindow).medxViewer.current;
    const structure = plugin.managers.structure.hierarchy.current.structures[0];
    return structure.components
      .flatMap((c: AnyWindow) => c.representations.map((r: AnyWindow) => r.cell.transform.params.type.name))
      .sort();
  });
}

function storedPresets(page: Page): Promise<{ name: string; state: { presetData: unknown[]; camera: unknown } }[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('medx-custom-presets') ?? '[]'));
}

/** What the canvas and the component manager hold now: the quick style's values. */
function look(page: Page) {
  return page.evaluate(() => {
    const plugin = (window as AnyWindow).medxViewer.current;
    const pp = plugin.canvas3d.props.postprocessing;
    return {
      ignoreLight: plugin.managers.structure.component.state.options.ignoreLight,
      outline: pp.outline.name,
      threshold: pp.outline.params.threshold,
      occlusion: pp.occlusion.name,
      radius: pp.occlusion.params.radius,
      bias: pp.occlusion.params.bias,
      samples: pp.occlusion.params.samples,
      kernel: pp.occlusion.params.blurKernelSize,
    };
  });
}

function distanceTextSizes(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    (window as AnyWindow).medxViewer.current.managers.structure.measurement.state.distances.map(
      (c: AnyWindow) => c.transform.params.textSize,
    ),
  );
}

async function openReceptor(page: Page, fileId: number): Promise<void> {
  await page.goto(`/viewer-test?file=${fileId}&lowGraphics=1`);
  await expect(page.getByTestId('viewer-test-status')).toHaveAttribute('data-status', 'loaded', { timeout: 90_000 });
  await expect
    .poll(() => page.getByTestId('viewer-test-status').getAttribute('data-representations'), { timeout: 30_000 })
    .not.toBe('0');
}

test('presets: save, change the style, apply it back, delete; quick styles; measurement style', async ({
  page,
  session,
  request,
}) => {
  // SwiftShader draws every step on a shared 2-core machine; the waits themselves are conditions.
  test.setTimeout(300_000);
  const token = session?.token ?? '';
  const project = await createProjectByApi(request, token, 'Presets');
  const receptor = (await importSampleByApi(request, token, project.id, '1w1p')).find((f) => f.ext === 'pdb');
  if (!receptor) throw new Error('the 1w1p sample has a receptor PDB');
  await openReceptor(page, receptor.id);

  // ---- the dropdown: empty at first; a blank name is refused --------------------------------------
  await page.getByTestId('tb-structure-preset').click();
  const panel = page.getByTestId('tb-structure-preset-panel');
  await expect(panel.getByTestId('preset-empty')).toHaveText('No saved presets yet');
  await panel.getByTestId('preset-name').fill('   ');
  await panel.getByTestId('preset-save').click();
  await expect(toast(page, 'Please provide a preset name', 'warning')).toBeVisible();
  await expect(panel.getByTestId('preset-name-error')).toHaveText('Please provide a preset name');
  expect(await storedPresets(page)).toEqual([]);

  // ---- save the default look ------------------------------------------------------------------------
  const saved = await reprTypes(page);
  expect(saved).toContain('cartoon');
  await panel.getByTestId('preset-name').fill('Cartoon view');
  await panel.getByTestId('preset-name').press('Enter');
  await expect(toast(page, 'Preset "Cartoon view" saved', 'success')).toBeVisible();
  await expect(panel.getByTestId('preset-item')).toHaveAttribute('data-name', 'Cartoon view');
  const stored = await storedPresets(page);
  expect(stored.map((p) => p.name)).toEqual(['Cartoon view']);
  expect(stored[0]?.state.presetData.length).toBe(saved.length);
  expect(stored[0]?.state.camera).not.toBeNull();
  await shot(page, 'viewer-presets/saved');

  // ---- change the style with one of Mol*'s structure presets (Atomic Detail: no cartoon) ----------------
  await pickOption(page, panel.getByTestId('preset-structure-select'), 'Atomic Detail');
  await panel.getByTestId('preset-structure-apply').click();
  await expect(toast(page, 'Structure preset "Atomic Detail" applied', 'success')).toBeVisible();
  await expect.poll(() => reprTypes(page)).not.toContain('cartoon');

  // ---- apply the custom preset: the representations come back -----------------------------------------
  // Applying closes the dropdown: open it again.
  await expect(panel).toBeHidden();
  await page.getByTestId('tb-structure-preset').click();
  await panel.getByTestId('preset-apply').click();
  await expect(toast(page, 'Preset "Cartoon view" applied', 'success')).toBeVisible();
  await expect.poll(() => reprTypes(page)).toEqual(saved);

  // ---- delete it --------------------------------------------------------------------------------------
  await expect(panel).toBeHidden();
  await page.getByTestId('tb-structure-preset').click();
  await panel.getByTestId('preset-delete').click();
  await expect(toast(page, 'Preset "Cartoon view" deleted', 'success')).toBeVisible();
  await expect(panel.getByTestId('preset-empty')).toBeVisible();
  expect(await storedPresets(page)).toEqual([]);
  await page.keyboard.press('Escape');

  // ---- Quick Styles: the spec's outline and occlusion values on Mol*'s canvas -------------------------------
  const tools = page.getByTestId('structure-tools');
  await tools.getByTestId('quick-style-stylized').click();
  await expect
    .poll(() => look(page))
    .toEqual({
      ignoreLight: false,
      outline: 'on',
      threshold: 0.33,
      occlusion: 'on',
      radius: 5,
      bias: 0.8,
      samples: 32,
      kernel: 15,
    });
  await tools.getByTestId('quick-style-illustrative').click();
  await expect
    .poll(() => look(page))
    .toEqual({
      ignoreLight: true,
      outline: 'on',
      threshold: 0.25,
      occlusion: 'on',
      radius: 5,
      bias: 0.8,
      samples: 32,
      kernel: 15,
    });
  await expect(tools.getByTestId('quick-styles')).toHaveAttribute('data-style', 'illustrative');
  await shot(page, 'viewer-presets/illustrative');
  // Default returns to how the viewer started (low graphics: no outline, no occlusion).
  await tools.getByTestId('quick-style-default').click();
  await expect.poll(async () => (await look(page)).outline).toBe('off');
  expect((await look(page)).ignoreLight).toBe(false);

  // ---- measurement style: text size out of range is refused, 2 is applied; then delete -------------------
  await expect(tools.getByTestId('measurement-style-open')).toBeDisabled();
  await pickOption(page, page.getByTestId('tb-granularity'), 'Atom');
  await pickAtom(page, 0, 0, 0);
  await pickAtom(page, 0, 0, 40);
  await page.getByTestId('tb-measure').click();
  await page.getByTestId('tb-measure-distance').click();
  await expect.poll(() => distanceTextSizes(page)).toEqual([0.5]);

  await tools.getByTestId('measurement-style-open').click();
  const dialog = page.getByRole('dialog', { name: 'Measurement style' });
  const textSize = dialog.getByRole('spinbutton', { name: 'Text size' });
  await expect(textSize).toHaveValue('0.5');
  await expect(dialog.getByRole('spinbutton', { name: 'Size factor' })).toHaveValue(/^1(\.0)?$/);
  await textSize.fill('10');
  await dialog.getByTestId('measurement-style-save').click();
  await expect(fieldError(page, 'measurement-style-text-size')).toHaveText('Text size must be between 0.1 and 5');
  await shot(page, 'viewer-presets/style-out-of-range');
  expect(await distanceTextSizes(page)).toEqual([0.5]);
  await textSize.fill('2');
  await dialog.getByTestId('measurement-style-save').click();
  await expect(toast(page, 'Measurement style updated', 'success')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect.poll(() => distanceTextSizes(page)).toEqual([2]);

  await tools.getByTestId('measurement-style-open').click();
  await expect(textSize).toHaveValue(/^2(\.0)?$/);
  await dialog.getByTestId('measurement-style-delete').click();
  await expect(toast(page, 'Measurement deleted', 'success')).toBeVisible();
  await expect.poll(() => distanceTextSizes(page)).toEqual([]);
  await expect(dialog).toBeHidden();
});

/** A text of the Chinese presets locale file, as the page shows it. */
const zh = (path: string[]) => zhText('presets', path);

test('presets and quick styles in Chinese; a corrupt stored value does not break the viewer', async ({
  page,
  session,
  request,
}) => {
  test.setTimeout(180_000);
  const token = session?.token ?? '';
  const project = await createProjectByApi(request, token, 'Presets zh');
  const receptor = (await importSampleByApi(request, token, project.id, '1w1p')).find((f) => f.ext === 'pdb');
  if (!receptor) throw new Error('the 1w1p sample has a receptor PDB');
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'zh-CN');
    localStorage.setItem('medx-custom-presets', '{"broken": ');
  });
  await openReceptor(page, receptor.id);

  await page.getByTestId('tb-structure-preset').click();
  const panel = page.getByTestId('tb-structure-preset-panel');
  await expect(panel.getByTestId('preset-empty')).toHaveText(zh(['custom', 'empty']));
  await panel.getByTestId('preset-save').click();
  await expect(toast(page, zh(['messages', 'nameRequired']), 'warning')).toBeVisible();
  await panel.getByTestId('preset-name').fill('卡通');
  await panel.getByTestId('preset-save').click();
  await expect(toast(page, '预设“卡通”已保存', 'success')).toBeVisible();
  await expect(panel.getByTestId('preset-item')).toHaveAttribute('data-name', '卡通');
  await shot(page, 'viewer-presets/panel-zh-CN');
  await page.keyboard.press('Escape');

  const tools = page.getByTestId('structure-tools');
  await expect(tools.getByTestId('quick-style-stylized')).toHaveText(zh(['quickStyles', 'stylized', 'label']));
  await expect(tools.getByTestId('measurement-style-open')).toHaveText(zh(['measurementStyle', 'open']));
  await tools.getByTestId('quick-style-stylized').click();
  await expect.poll(async () => (await look(page)).threshold).toBe(0.33);
  await shot(page, 'viewer-presets/structure-tools-zh-CN');
});
