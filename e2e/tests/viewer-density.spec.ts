// Med View's CCP4 map popover (viewer spec §2, §3 "CCP4 map layer", §5 "CCP4 map dialog",
// "Electron density needs a selected residue", §8, §9 "CCP4") in headless Chromium on a real
// structure and its calculated map: 1IA1 (bench) and test/fixtures/density/1ia1_A40-50.ccp4, the
// density of chain A residues 40-50 (its README). Residues are picked through Mol*'s selection API
// (support/viewer.ts pickAtom); everything else goes through the popover and Mol*'s own panels.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createProjectByApi } from '../support/api';
import { REPO_ROOT } from '../support/env';
import { importContentByApi, importFileByApi } from '../support/files';
import { expect, test } from '../support/fixtures';
import { afterZoomIn, fieldError, pickOption, toast } from '../support/ui';
import { pickAtom } from '../support/viewer';

test.use({ account: 'registered' });

// biome-ignore lint/suspicious/noExplicitAny: the page's test hook is untyped here.
type AnyWindow = any;

const STRUCTURE = '/work/shared/bench/1ia1/receptor.pdb';
const MAP = join(REPO_ROOT, 'apps', 'server', 'test', 'fixtures', 'density', '1ia1_A40-50.ccp4');
const SHOTS = '/tmp/viewer-density-shots';

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

/** Unit and atom index (within the unit) of the first atom of residue chain:seq, read from Mol*'s model. */
function residueAtom(page: Page, chain: string, seq: number): Promise<[number, number]> {
  return page.evaluate(
    ([c, s]) => {
      const plugin = (window as AnyWindow).medxViewer.current;
      const structure = plugin.managers.structure.hierarchy.current.structures[0].cell.obj.data;
      for (let u = 0; u < structure.units.length; u++) {
        const unit = structure.units[u];
        if (unit.kind !== 0) continue;
        const { residues, chains, residueAtomSegments, chainAtomSegments } = unit.model.atomicHierarchy;
        for (let i = 0; i < unit.elements.length; i++) {
          const element = unit.elements[i];
          const chainIndex = chainAtomSegments.index[element];
          const residueIndex = residueAtomSegments.index[element];
          if (chains.auth_asym_id.value(chainIndex) === c && residues.auth_seq_id.value(residueIndex) === s)
            return [u, i];
        }
      }
      throw new Error(`no residue ${c}:${s}`);
    },
    [chain, seq] as const,
  );
}

function clearSelection(page: Page): Promise<void> {
  return page.evaluate(() => (window as AnyWindow).medxViewer.current.managers.interactivity.lociSelects.deselectAll());
}

/** The density layers' wire meshes as Mol* drew them: line segments per layer. */
function drawnSegments(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [...(window as AnyWindow).medxViewer.current.state.data.cells.values()]
      .filter((c: AnyWindow) => c.transform.transformer.id === 'ms-plugin.shape-representation-3d' && c.obj)
      .map((c: AnyWindow) => (c.obj.data.repr.renderObjects[0]?.values.drawCount?.ref.value ?? 0) / 6),
  );
}

function volumeCounts(page: Page): Promise<{ volumes: number; lazy: number }> {
  return page.evaluate(() => {
    const current = (window as AnyWindow).medxViewer.current.managers.volume.hierarchy.current;
    return { volumes: current.volumes.length, lazy: current.lazyVolumes.length };
  });
}

async function openViewer(page: Page, fileId: number): Promise<void> {
  await page.goto(`/viewer-test?file=${fileId}&lowGraphics=1`);
  await expect(page.getByTestId('viewer-test-status')).toHaveAttribute('data-status', 'loaded', { timeout: 90_000 });
}

test('CCP4 map: a carved density mesh around a residue, layer colour and size, bad input, lazy volume', async ({
  page,
  session,
  request,
}) => {
  test.setTimeout(300_000);
  const token = session?.token ?? '';
  const project = await createProjectByApi(request, token, 'Density');
  const structureId = await importFileByApi(token, project.id, STRUCTURE, '1ia1.pdb');
  await importFileByApi(token, project.id, MAP);

  await openViewer(page, structureId);
  await page.getByTestId('tb-ccp4').click();
  const panel = page.getByTestId('density-panel');
  await afterZoomIn(panel);
  await expect(page.getByTestId('density-no-layers')).toBeVisible();
  await expect(panel.getByRole('spinbutton', { name: /Carve/ })).toHaveValue('2.0');

  // Spec §5: a residue first, then the map.
  await page.getByTestId('density-build').click();
  await expect(toast(page, 'Please select a residue', 'warning')).toBeVisible();
  const [unit, atom] = await residueAtom(page, 'A', 45);
  await pickAtom(page, 0, unit, atom);
  await expect(page.getByTestId('density-residues')).toHaveText('A:LYS45');
  await page.getByTestId('density-build').click();
  await expect(fieldError(page, 'density-map')).toHaveText('Please select a CCP4 file');

  // The mesh around A:LYS45.
  await pickOption(page, page.getByTestId('density-map'), '1ia1_A40-50.ccp4');
  await expect(fieldError(page, 'density-map')).toHaveCount(0);
  await page.getByTestId('density-name').fill('Lys45 density');
  await page.getByTestId('density-build').click();
  await expect(toast(page, /Density mesh shown: \d+ triangles/, 'success')).toBeVisible({ timeout: 60_000 });
  const layer = page.getByTestId('density-layer');
  await expect(layer).toHaveCount(1);
  await expect(layer).toContainText('Lys45 density');
  await expect(layer).toHaveAttribute('data-color', '#a9a9a9');
  await expect(layer).toHaveAttribute('data-size', '0.5');
  await expect.poll(() => drawnSegments(page), { timeout: 30_000 }).toEqual([expect.any(Number)]);
  expect((await drawnSegments(page))[0]).toBeGreaterThan(50);
  await screenshot(page, 'mesh-en');

  // The layer's size, through its number box (0.1 to 1).
  const size = layer.getByRole('spinbutton');
  await size.fill('0.8');
  await size.press('Enter');
  await expect(layer).toHaveAttribute('data-size', '0.8');

  // A residue the map does not cover (51 Å away): the server's reason, the viewer goes on.
  await clearSelection(page);
  const [farUnit, farAtom] = await residueAtom(page, 'B', 175);
  await pickAtom(page, 0, farUnit, farAtom);
  await expect(page.getByTestId('density-residues')).toHaveText('B:ASP175');
  await page.getByTestId('density-build').click();
  await expect(toast(page, 'does not cover the selected residues', 'error')).toBeVisible({ timeout: 60_000 });
  await expect(layer).toHaveCount(1);

  // A "map" that is not one, uploaded through the popover: the server's reason, nothing added.
  await page
    .getByTestId('density-panel')
    .locator('input[type=file]')
    .setInputFiles({ name: 'not-a-map.ccp4', mimeType: 'application/octet-stream', buffer: Buffer.from('HEADER x\n') });
  await expect(toast(page, 'is not a valid CCP4/MRC map file', 'error')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('density-map').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await expect(panel).toBeVisible();
  await expect(layer).toHaveCount(1);

  // The map as a lazy volume: Mol*'s Volume section lists it and loads it on a click.
  await page.getByTestId('density-volumes').getByRole('button').first().click();
  await expect.poll(() => volumeCounts(page)).toEqual({ volumes: 0, lazy: 1 });
  await page.getByTestId('tb-ccp4').click(); // closes the popover
  await expect(panel).toBeHidden();
  const tools = page.getByTestId('structure-tools');
  await expect(tools).toHaveAttribute('data-sections', /volume/);
  const volumeSection = tools
    .locator('.msp-transform-wrapper')
    .filter({ has: page.locator('.msp-transform-header', { hasText: /^Volume$/ }) });
  await volumeSection.locator('.msp-flex-row button').first().click();
  await tools.locator('.msp-action-menu-button', { hasText: 'Load 1ia1_A40-50.ccp4' }).click();
  await expect.poll(() => volumeCounts(page), { timeout: 60_000 }).toEqual({ volumes: 1, lazy: 0 });
  await screenshot(page, 'volume-en');

  // Removing the layer leaves the structure.
  await page.getByTestId('tb-ccp4').click();
  await afterZoomIn(panel);
  await page.getByTestId('density-layer-remove').click();
  await expect(page.getByTestId('density-no-layers')).toBeVisible();
  await expect.poll(() => drawnSegments(page)).toEqual([]);
});

test('CCP4 map popover in Chinese: messages and a mesh', async ({ page, session, request }) => {
  test.setTimeout(240_000);
  const token = session?.token ?? '';
  const project = await createProjectByApi(request, token, 'Density zh');
  const structureId = await importFileByApi(token, project.id, STRUCTURE, '1ia1.pdb');
  await importFileByApi(token, project.id, MAP);
  await page.addInitScript(() => localStorage.setItem('lang', 'zh-CN'));
  await openViewer(page, structureId);
  await page.getByTestId('tb-ccp4').click();
  await afterZoomIn(page.getByTestId('density-panel'));
  await page.getByTestId('density-build').click();
  await expect(toast(page, '请选择残基', 'warning')).toBeVisible();
  const [unit, atom] = await residueAtom(page, 'A', 45);
  await pickAtom(page, 0, unit, atom);
  await page.getByTestId('density-build').click();
  await expect(fieldError(page, 'density-map')).toHaveText('请选择 CCP4 文件');
  await pickOption(page, page.getByTestId('density-map'), '1ia1_A40-50.ccp4');
  await page.getByTestId('density-build').click();
  await expect(toast(page, /已显示电子密度网格/, 'success')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('density-layer')).toHaveCount(1);
  await screenshot(page, 'mesh-zh-CN');
});

/** A 4 × 4 × 4 Gaussian cube (text): one carbon at the origin, a density peak around it. */
function cubeText(): string {
  const lines = ['MedX test cube', 'density around one atom', '    1    0.000000    0.000000    0.000000'];
  for (const axis of ['    4    1.000000    0.000000    0.000000', '    4    0.000000    1.000000    0.000000'])
    lines.push(axis);
  lines.push('    4    0.000000    0.000000    1.000000', '    6    6.000000    1.500000    1.500000    1.500000');
  const values: string[] = [];
  for (let x = 0; x < 4; x++)
    for (let y = 0; y < 4; y++)
      for (let z = 0; z < 4; z++)
        values.push(Math.exp(-((x - 1.5) ** 2 + (y - 1.5) ** 2 + (z - 1.5) ** 2)).toExponential(5));
  for (let i = 0; i < values.length; i += 6) lines.push(values.slice(i, i + 6).join(' '));
  return `${lines.join('\n')}\n`;
}

test('a text volume (Gaussian cube) of the project loads lazily through the Volume section', async ({
  page,
  session,
  request,
}) => {
  test.setTimeout(180_000);
  const token = session?.token ?? '';
  const project = await createProjectByApi(request, token, 'Cube');
  const structureId = await importFileByApi(token, project.id, STRUCTURE, '1ia1.pdb');
  const peakId = await importContentByApi(token, project.id, 'peak.cub', cubeText());
  const brokenId = await importContentByApi(token, project.id, 'broken.cub', 'not a cube file\n');
  await openViewer(page, structureId);
  await page.getByTestId('tb-ccp4').click();
  await afterZoomIn(page.getByTestId('density-panel'));
  const volumes = page.getByTestId('density-volumes');
  await expect(volumes).toContainText('peak.cub');
  // Not a CCP4 map: offered as a volume, not for the mesh.
  await page.getByTestId('density-map').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('No CCP4 maps in this project yet');
  await page.keyboard.press('Escape');
  await volumes.getByTestId(`density-volume-${peakId}`).click();
  await expect.poll(() => volumeCounts(page)).toEqual({ volumes: 0, lazy: 1 });
  await page.getByTestId('tb-ccp4').click();
  const tools = page.getByTestId('structure-tools');
  const volumeSection = tools
    .locator('.msp-transform-wrapper')
    .filter({ has: page.locator('.msp-transform-header', { hasText: /^Volume$/ }) });
  await volumeSection.locator('.msp-flex-row button').first().click();
  await tools.locator('.msp-action-menu-button', { hasText: 'Load peak.cub' }).click();
  await expect.poll(() => volumeCounts(page), { timeout: 60_000 }).toEqual({ volumes: 1, lazy: 0 });

  // A file that is no volume: Mol*'s 'Failed to parse any volume.' as a toast; the item stays, the volume too.
  await page.getByTestId('tb-ccp4').click();
  await afterZoomIn(page.getByTestId('density-panel'));
  await volumes.getByTestId(`density-volume-${brokenId}`).click();
  await expect.poll(() => volumeCounts(page)).toEqual({ volumes: 1, lazy: 1 });
  await page.getByTestId('tb-ccp4').click();
  await volumeSection.locator('.msp-flex-row button').first().click();
  await tools.locator('.msp-action-menu-button', { hasText: 'Load broken.cub' }).click();
  await expect(toast(page, 'Failed to parse any volume.', 'error')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => volumeCounts(page)).toEqual({ volumes: 1, lazy: 1 });
});
