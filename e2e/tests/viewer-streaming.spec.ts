// Volume streaming of the project's own maps (issue 12 point 7; viewer spec §2 Structure Tools
// "Volume Streaming", §4 its texts) in headless Chromium: 1IA1 (bench) and its calculated map
// test/fixtures/density/1ia1_A40-50.ccp4 (density of chain A residues 40-50). The map streams from
// our server's Mol* volume server through the CCP4 popover's Stream button; Structure Tools'
// Enable without data says Mol*'s 'No Density Data Available'. No request ever leaves this origin.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createProjectByApi } from '../support/api';
import { REPO_ROOT } from '../support/env';
import { importFileByApi } from '../support/files';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/ui';

test.use({ account: 'registered' });

// biome-ignore lint/suspicious/noExplicitAny: the page's test hook is untyped here.
type AnyWindow = any;

const STRUCTURE = '/work/shared/bench/1ia1/receptor.pdb';
const MAP = join(REPO_ROOT, 'apps', 'server', 'test', 'fixtures', 'density', '1ia1_A40-50.ccp4');
const SHOTS = '/tmp/viewer-streaming-shots';

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

/** Every address the page asks for (documents, scripts, fetch, XHR), from the first navigation on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

/** Addresses on another origin than the app's (data: and blob: are the page's own). */
function foreign(urls: string[], origin: string): string[] {
  return urls.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).origin !== origin);
}

/** The streamed 'em' visual: the isosurface's drawn triangles and the streamed grid's cell count. */
function streamed(page: Page): Promise<{ triangles: number; cells: number } | null> {
  return page.evaluate(() => {
    const cells = [...(window as AnyWindow).medxViewer.current.state.data.cells.values()];
    const visual = cells.find(
      (c: AnyWindow) => c.transform.transformer.id === 'ms-plugin.create-volume-streaming-visual' && c.obj,
    );
    const behavior = cells.find(
      (c: AnyWindow) => c.transform.transformer.id === 'ms-plugin.create-volume-streaming-behavior' && c.obj,
    );
    if (!visual || !behavior) return null;
    const volume = behavior.obj.data.channels.em?.data;
    const space = volume?.grid.cells.space.dimensions ?? [0, 0, 0];
    const triangles = visual.obj.data.repr.renderObjects.reduce(
      (n: number, o: AnyWindow) => n + (o.values.drawCount?.ref.value ?? 0) / 3,
      0,
    );
    return { triangles, cells: space[0] * space[1] * space[2] };
  });
}

/** The streaming root's error (Mol*'s Volume Streaming section reads it), or null. */
function streamingError(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const cells = [...(window as AnyWindow).medxViewer.current.state.data.cells.values()];
    const info = cells.find((c: AnyWindow) => c.transform.transformer.id === 'ms-plugin.create-volume-streaming-info');
    return info?.errorText ?? null;
  });
}

async function openViewer(page: Page, fileId: number): Promise<void> {
  await page.goto(`/viewer-test?file=${fileId}&lowGraphics=1`);
  await expect(page.getByTestId('viewer-test-status')).toHaveAttribute('data-status', 'loaded', { timeout: 90_000 });
}

const streamingSection = (page: Page) =>
  page
    .getByTestId('structure-tools')
    .locator('.msp-transform-wrapper')
    .filter({ has: page.locator('.msp-transform-header', { hasText: 'Volume Streaming' }) });

test('streams the project map around the structure from our server; Enable without data says so', async ({
  page,
  session,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const urls = recordRequests(page);
  const token = session?.token ?? '';
  const project = await createProjectByApi(request, token, 'Streaming');
  const structureId = await importFileByApi(token, project.id, STRUCTURE, '1ia1.pdb');
  const mapId = await importFileByApi(token, project.id, MAP);
  await openViewer(page, structureId);

  // Structure Tools offers Volume Streaming for the one structure; Mol*'s Enable uses the PDB's
  // own id (x-ray '1ia1'), which our server has no data for: Mol*'s 404 text.
  const section = streamingSection(page);
  await expect(section).toBeVisible();
  await section.locator('button.msp-btn-apply-simple', { hasText: 'Enable' }).click();
  await expect(section.locator('button.msp-btn-apply-simple', { hasText: 'No Density Data Available' })).toBeVisible({
    timeout: 30_000,
  });
  expect(await streamingError(page)).toContain('404');
  await screenshot(page, 'no-data-en');

  // The CCP4 popover streams the project's map: density around the structure.
  await page.getByTestId('tb-ccp4').click();
  await page.getByTestId(`density-stream-${mapId}`).click();
  await expect(toast(page, '1ia1_A40-50.ccp4 is streamed around the structure', 'success')).toBeVisible({
    timeout: 60_000,
  });
  await expect.poll(async () => (await streamed(page))?.triangles ?? 0, { timeout: 60_000 }).toBeGreaterThan(100);
  // The whole map came (24 x 27 x 26 points, Mol*'s 'auto' view without a selection shows the cell).
  expect((await streamed(page))?.cells).toBe(24 * 27 * 26);
  expect(await streamingError(page)).toBeNull();
  await page.getByTestId('tb-ccp4').click();
  // Mol*'s section now shows the streaming entry's controls (its Enable button is gone).
  await expect(section.locator('button.msp-btn-apply-simple')).toHaveCount(0);
  await screenshot(page, 'streamed-en');

  const origin = new URL(baseURL ?? page.url()).origin;
  expect(urls.some((u) => u.includes(`/v1/projects/${project.id}/volume-server/em/${mapId}`))).toBe(true);
  expect(foreign(urls, origin)).toEqual([]);
});

test('in Chinese: the Stream button and its message; nothing leaves this origin', async ({
  page,
  session,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const urls = recordRequests(page);
  const token = session?.token ?? '';
  const project = await createProjectByApi(request, token, 'Streaming zh');
  const structureId = await importFileByApi(token, project.id, STRUCTURE, '1ia1.pdb');
  const mapId = await importFileByApi(token, project.id, MAP);
  await page.addInitScript(() => localStorage.setItem('lang', 'zh-CN'));
  await openViewer(page, structureId);
  await page.getByTestId('tb-ccp4').click();
  const stream = page.getByTestId(`density-stream-${mapId}`);
  await expect(stream).toHaveText('流式加载');
  await stream.click();
  await expect(toast(page, '1ia1_A40-50.ccp4 正在结构周围流式加载：结构工具 › 体积流式加载', 'success')).toBeVisible({
    timeout: 60_000,
  });
  await expect.poll(async () => (await streamed(page))?.triangles ?? 0, { timeout: 60_000 }).toBeGreaterThan(100);
  await screenshot(page, 'streamed-zh');
  expect(foreign(urls, new URL(baseURL ?? page.url()).origin)).toEqual([]);
});
