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

/** Spec §9: the 20 standard amino acids and water, and the 11 ions that are never ligands. */
const NOT_LIGANDS = [
  ...['ALA', 'ARG', 'ASN', 'ASP', 'CYS', 'GLN', 'GLU', 'GLY', 'HIS', 'ILE', 'LEU', 'LYS', 'MET', 'PHE', 'PRO'],
  ...['SER', 'THR', 'TRP', 'TYR', 'VAL', 'HOH'],
  ...['CL', 'NA', 'K', 'MG', 'CA', 'ZN', 'FE', 'MN', 'CO', 'NI', 'CU'],
];

/**
 * How many ligands the loaded structures hold by spec §9's rule (residues named neither a
 * standard residue nor one of the ions), counted from Mol*'s atoms in the page: what AUTO and
 * Fit to ligand must go through. The test's own count, independent of the toolbar's code.
 */
export function ligandCount(page: Page): Promise<number> {
  return page.evaluate((excluded) => {
    const skip = new Set(excluded);
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook is untyped here.
    const plugin = (window as any).medxViewer.current;
    const residues = new Set<string>();
    // biome-ignore lint/suspicious/noExplicitAny: Mol*'s objects, untyped here.
    plugin.managers.structure.hierarchy.current.structures.forEach((ref: any, s: number) => {
      for (const unit of ref.cell.obj.data.units) {
        if (unit.kind !== 0) continue; // atomic units only (no coarse spheres or Gaussians)
        const { atoms, residueAtomSegments } = unit.model.atomicHierarchy;
        for (const element of unit.elements) {
          const name = String(atoms.label_comp_id.value(element)).trim().toUpperCase();
          if (!skip.has(name)) residues.add(`${s}:${residueAtomSegments.index[element]}`);
        }
      }
    });
    return residues.size;
  }, NOT_LIGANDS);
}
