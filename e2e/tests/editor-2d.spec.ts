// The 2D WorkSpace (viewer spec §2, §3, §5, §8) and the floating 2D preview against the real
// server and Ketcher (Indigo's WebAssembly in its worker) in headless Chromium: drawing with
// Ketcher's own toolbar, Import (a SMILES, an entry), Export to the Entry List (2D SDF, and a 3D
// version), the spec's messages, then the preview of Med View's focused ligand, in English and
// in Chinese.

import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createProjectByApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import { shot } from '../support/screens';
import { fieldError, pickOption, toast } from '../support/ui';
import { importSampleByApi } from '../support/viewer';

test.use({ account: 'registered' });
test.setTimeout(240_000);

function fileRow(page: Page, title: string): Locator {
  return page.locator('[data-testid^="entry-row-"]').filter({ hasText: title });
}

interface ApiFile {
  id: number;
  name: string;
  file_type: string;
}

/** The project's files as the server lists them (GET /v1/files), newest first. */
async function projectFiles(request: APIRequestContext, token: string, projectId: number): Promise<ApiFile[]> {
  const answer = await request.get('/v1/files', {
    params: { project_id: projectId, page: 1, limit: 100, order_by: 'created_at', sort: 'desc' },
    headers: { token },
  });
  const body = (await answer.json()) as { data: { items: ApiFile[] } };
  return body.data.items;
}

async function fileContent(request: APIRequestContext, token: string, id: number): Promise<string> {
  const answer = await request.get(`/v1/files/${id}/content`, { headers: { token } });
  return ((await answer.json()) as { data: { content: string } }).data.content;
}

/** Bond orders of an SDF's first record (V2000 bond block). */
function bondOrders(sdf: string): number[] {
  const lines = sdf.split('\n');
  const counts = lines[3] ?? '';
  const atoms = Number(counts.slice(0, 3));
  const bonds = Number(counts.slice(3, 6));
  return lines.slice(4 + atoms, 4 + atoms + bonds).map((line) => Number(line.slice(6, 9)));
}

/** Ketcher's small-molecule canvas (its macromolecule canvas shares the test id). */
const moleculeCanvas = (editor: Locator) =>
  editor.locator('[data-testid="ketcher-canvas"][data-canvasmode="molecules-mode"]');

/** The element symbols of an SDF's first record (V2000 atom block). */
function atomSymbols(sdf: string): string[] {
  const lines = sdf.split('\n');
  const atoms = Number((lines[3] ?? '').slice(0, 3));
  return lines.slice(4, 4 + atoms).map((line) => line.slice(31, 34).trim());
}

/** The z coordinates of an SDF's first record (V2000 atom block). */
function atomZ(sdf: string): number[] {
  const lines = sdf.split('\n');
  const atoms = Number((lines[3] ?? '').slice(0, 3));
  return lines.slice(4, 4 + atoms).map((line) => Number(line.slice(20, 30)));
}

/** Opens the 2D WorkSpace from the Window menu and waits for Ketcher (and Indigo) to be ready. */
async function openWorkspace2d(page: Page): Promise<Locator> {
  await page.getByTestId('window-menu').click();
  await page.getByTestId('window-menu-workspace2d').click();
  const editor = page.getByTestId('editor2d');
  await expect(editor).toHaveAttribute('data-ready', 'true', { timeout: 90_000 });
  await expect(moleculeCanvas(editor)).toBeVisible();
  return editor;
}

async function exportAs(page: Page, name: string, make3d = false): Promise<void> {
  await page.getByTestId('editor2d-export').click();
  const input = page.getByTestId('editor2d-export-name');
  await input.fill(name);
  if (make3d) await page.getByTestId('editor2d-export-3d').check();
  await page.getByTestId('editor2d-export-ok').click();
}

async function importSmiles(page: Page, smiles: string): Promise<void> {
  await page.getByTestId('editor2d-import').click();
  await page.getByTestId('editor2d-source-smiles').click();
  await page.getByTestId('editor2d-smiles-input').fill(smiles);
  await page.getByTestId('editor2d-import-ok').click();
}

test('2D WorkSpace: draw, import, export to the Entry List with a 3D version; the messages', async ({
  page,
  session,
}) => {
  if (!session) throw new Error('needs a session');
  const project = await createProjectByApi(page.request, session.token, 'Editor 2D');
  const sample = await importSampleByApi(page.request, session.token, project.id, '1w1p');
  const ligand = sample.find((f) => f.ext === 'sdf');
  if (!ligand) throw new Error('the 1w1p sample has a ligand SDF');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`/?project=${project.id}&lowGraphics=1`);
  const editor = await openWorkspace2d(page);
  // Ketcher's toolbar keeps the drawing tools and hides the rest (spec §2).
  for (const name of ['Benzene', 'Erase', 'Undo', 'Redo', 'Layout', 'Single Bond', 'Clear Canvas']) {
    await expect(editor.getByRole('button', { name: new RegExp(`^${name} \\(`) }), name).toBeVisible();
  }
  for (const id of ['open', 'save', 'copy', 'paste', 'reaction-plus', 'text', 'images', 'settings', 'help', 'about']) {
    await expect(editor.getByTestId(id), id).toHaveCount(0);
  }
  await expect(page.getByTestId('editor2d-export')).toHaveAttribute('aria-label', 'Export to entry list');

  // ---- the messages: no name, an empty canvas, a SMILES Ketcher refuses ----------------------------
  await page.getByTestId('editor2d-export').click();
  await page.getByTestId('editor2d-export-ok').click();
  await expect(fieldError(page, 'editor2d-export-name')).toHaveText('Please input sdf name.');
  await page.getByTestId('editor2d-export-name').fill('nothing');
  await page.getByTestId('editor2d-export-ok').click();
  await expect(toast(page, 'Molecule not found.', 'error')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await importSmiles(page, 'C1CC(');
  await expect(toast(page, 'Import SMILES failed.', 'error')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // ---- draw a benzene ring with Ketcher's own toolbar, export it with its 3D version ---------------
  await editor.getByTestId('template-0').click();
  const canvas = moleculeCanvas(editor);
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const before = (await projectFiles(page.request, session.token, project.id)).length;
  await exportAs(page, 'drawn-ring', true);
  await expect(toast(page, 'drawn-ring.sdf and its 3D version were added to the Entry List.', 'success')).toBeVisible({
    timeout: 60_000,
  });
  await expect(fileRow(page, 'drawn-ring.sdf')).toBeVisible();
  const files = await projectFiles(page.request, session.token, project.id);
  expect(files.length).toBe(before + 2);
  const drawn = files.find((f) => f.name === 'drawn-ring.sdf');
  if (!drawn) throw new Error('drawn-ring.sdf is not in the project');
  expect(drawn.file_type).toBe('SDF');
  const sdf = await fileContent(page.request, session.token, drawn.id);
  expect(sdf.split('\n')[0]).toBe('drawn-ring');
  expect(sdf).toContain('$$$$');
  // Six ring carbons with 2D coordinates (z = 0), Kekulé bonds.
  expect(Number(sdf.split('\n')[3]?.slice(0, 3))).toBe(6);
  expect(bondOrders(sdf).sort()).toEqual([1, 1, 1, 2, 2, 2]);
  // The 3D version: a second entry.
  const made3d = files.find((f) => f.id !== drawn.id && !sample.some((s) => s.id === f.id));
  if (!made3d) throw new Error('no 3D entry');
  const text3d = await fileContent(page.request, session.token, made3d.id);
  // Embedded in 3D with its hydrogens (a flat ring, yet not every z exactly 0 as in 2D).
  expect(atomSymbols(text3d).filter((symbol) => symbol === 'H')).toHaveLength(6);
  expect(atomZ(text3d).some((z) => z !== 0)).toBe(true);
  expect(atomZ(sdf).every((z) => z === 0)).toBe(true);

  // ---- an aromatic SMILES is dearomatized on load (Kekulé form) ------------------------------------
  await importSmiles(page, 'c1ccccc1O');
  await expect(page.getByTestId('editor2d-import-ok')).toBeHidden();
  await exportAs(page, 'phenol');
  await expect(fileRow(page, 'phenol.sdf')).toBeVisible({ timeout: 30_000 });
  const phenol = (await projectFiles(page.request, session.token, project.id)).find((f) => f.name === 'phenol.sdf');
  const phenolSdf = await fileContent(page.request, session.token, phenol?.id ?? 0);
  expect(bondOrders(phenolSdf)).not.toContain(4);
  expect(bondOrders(phenolSdf).filter((o) => o === 2)).toHaveLength(3);

  // ---- import an entry of the project (the sample's ligand SDF) ------------------------------------
  await page.getByTestId('editor2d-import').click();
  await page.getByTestId('editor2d-source-entry').click();
  await pickOption(page, page.getByTestId('editor2d-entry-select'), ligand.name);
  await page.getByTestId('editor2d-import-ok').click();
  await expect(page.getByTestId('editor2d-import-ok')).toBeHidden({ timeout: 30_000 });
  await shot(page, 'editor-2d/workspace-en');

  expect(errors).toEqual([]);
});

test('2D preview: the SMILES of the ligand focused in Med View, copied; in Chinese', async ({
  page,
  context,
  session,
}) => {
  if (!session) throw new Error('needs a session');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const project = await createProjectByApi(page.request, session.token, 'Preview 2D');
  const sample = await importSampleByApi(page.request, session.token, project.id, '1w1p');
  const ligand = sample.find((f) => f.ext === 'sdf');
  if (!ligand) throw new Error('the 1w1p sample has a ligand SDF');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`/?project=${project.id}&lowGraphics=1`);
  await expect(page.getByTestId('med-view')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await page.getByTestId(`entry-in-${ligand.id}`).click();
  await expect(page.getByTestId(`entry-in-${ligand.id}`)).toHaveAttribute('data-state', 'shown', { timeout: 60_000 });

  // Med View's toolbar puts its last sections in its More menu when narrow.
  if (!(await page.getByTestId('tb-preview2d').isVisible())) await page.getByTestId('tb-more').click();
  await page.getByTestId('tb-preview2d').click();
  const preview = page.getByTestId('preview2d');
  await expect(preview).toHaveAttribute('data-state', 'empty');
  await expect(preview).toContainText('Focus or select a ligand in Med View to see it in 2D.');

  // AUTO focuses the (only) ligand: the preview draws it.
  await page.getByTestId('tb-fit-auto').click();
  await expect(preview).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  const smiles = (await preview.getByTestId('preview2d-smiles').textContent()) ?? '';
  expect(smiles).toMatch(/^[A-Za-z0-9@+\-[\]()=#/\\.%]+$/);
  expect(smiles.length).toBeGreaterThan(5);
  await expect(preview.locator('img')).toBeVisible();

  await preview.getByTestId('preview2d-copy').click();
  await expect(toast(page, 'Copied to clipboard.', 'success')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(smiles);
  await shot(page, 'editor-2d/preview-en');

  // ---- Chinese: the preview, then the 2D WorkSpace -------------------------------------------------
  await pickOption(page, page.getByTestId('lang-select'), '中文');
  await expect(page.getByTestId('floating-viewer2d')).toContainText('2D 预览');
  await page.getByTestId('window-menu').click();
  await page.getByTestId('window-menu-workspace2d').click();
  await expect(page.getByTestId('editor2d')).toHaveAttribute('data-ready', 'true', { timeout: 90_000 });
  await expect(page.getByTestId('editor2d-export')).toHaveText('导出');
  await expect(page.getByTestId('editor2d-export')).toHaveAttribute('aria-label', '导出到条目列表');
  await shot(page, 'editor-2d/workspace-zh');
  await page.getByTestId('editor2d-export').click();
  await page.getByTestId('editor2d-export-ok').click();
  await expect(fieldError(page, 'editor2d-export-name')).toHaveText('请输入 sdf 名称。');
  await shot(page, 'editor-2d/export-zh');
  await page.getByRole('button', { name: /取\s*消/ }).click();

  // Hidden from its own title bar.
  await page.getByTestId('minimise-viewer2d').click();
  await expect(preview).toHaveCount(0);
  await pickOption(page, page.getByTestId('lang-select'), 'English');

  expect(errors).toEqual([]);
});
