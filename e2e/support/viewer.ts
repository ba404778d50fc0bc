// Helpers for tests of the 3D viewer on the session-only /viewer-test page, which puts the
// viewer service on `window.medxViewer` (its `current` is the Mol* plugin).

import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export interface SampleFile {
  id: number;
  name: string;
  ext: string;
}

/** Imports one of the server's bundled samples (POST /v1/files/samples) into a project. */
export async function importSampleByApi(
  request: APIRequestContext,
  token: string,
  projectId: number,
  sampleId: string,
): Promise<SampleFile[]> {
  const response = await request.post('/v1/files/samples', {
    data: { project_id: projectId, sample_id: sampleId },
    headers: { token, 'Accept-Language': 'en' },
  });
  const body = (await response.json()) as { success: boolean; msg: string; data: { files: SampleFile[] } };
  expect(body.success, `import sample ${sampleId}: ${body.msg}`).toBe(true);
  return body.data.files;
}

/** Loads another project file into the open viewer the way the Entry List does (show_3d, then loadFile). */
export async function loadIntoViewer(page: Page, fileId: number): Promise<void> {
  await page.evaluate(async (id) => {
    const token = localStorage.getItem('token') ?? '';
    const answer = await fetch(`/v1/files/${id}/show_3d`, { headers: { token } }).then((r) => r.json());
    if (!answer.success) throw new Error(`show_3d ${id}: ${answer.msg}`);
    const d = answer.data;
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook is untyped here.
    const viewer = (window as any).medxViewer;
    await viewer.loadFile({ fileId: d.id, url: d.url, format: d.format, isBinary: d.is_binary, label: d.name });
  }, fileId);
}

/** How many structures the plugin holds. */
export function structureCount(page: Page): Promise<number> {
  // biome-ignore lint/suspicious/noExplicitAny: the page's test hook is untyped here.
  return page.evaluate(() => (window as any).medxViewer.current.managers.structure.hierarchy.current.structures.length);
}

/**
 * Adds one atom of structure `structureIndex` to the selection, as a click on it would (the
 * toolbar's granularity applies: 'chain' turns the atom into its whole chain). Clicking canvas
 * pixels under SwiftShader is not reliable, so the pick goes through Mol*'s selection API.
 */
export async function pickAtom(
  page: Page,
  structureIndex: number,
  unitIndex: number,
  atomIndex: number,
): Promise<void> {
  await page.evaluate(
    ([s, u, a]) => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook is untyped here.
      const plugin = (window as any).medxViewer.current;
      const structure = plugin.managers.structure.hierarchy.current.structures[s].cell.obj.data;
      const unit = structure.units[u];
      const loci = { kind: 'element-loci', structure, elements: [{ unit, indices: Int32Array.of(a) }] };
      plugin.managers.structure.selection.fromLoci('add', loci, true);
    },
    [structureIndex, unitIndex, atomIndex] as const,
  );
}
