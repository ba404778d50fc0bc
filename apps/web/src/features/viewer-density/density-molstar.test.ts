import { Structure } from 'molstar/lib/mol-model/structure';
import { PluginContext } from 'molstar/lib/mol-plugin/context';
import { DefaultPluginSpec } from 'molstar/lib/mol-plugin/spec';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileTag } from '../../viewer/loaded-files';
import {
  addDensityLayer,
  DensityMeshShape,
  densityLayers,
  removeDensityLayer,
  selectedResiduesByFile,
  updateDensityLayer,
} from './density-molstar';

// Two residues of chain A (LYS 45 with an insertion-coded GLY 45A) and one of chain B.
const PDB = [
  'ATOM      1  N   LYS A  45       0.000   0.000   0.000  1.00  0.00           N',
  'ATOM      2  CA  LYS A  45       1.458   0.000   0.000  1.00  0.00           C',
  'ATOM      3  N   GLY A  45A      2.000   1.400   0.000  1.00  0.00           N',
  'ATOM      4  CA  GLY A  45A      3.400   1.400   0.000  1.00  0.00           C',
  'ATOM      5  N   ASP B 175      20.000   0.000   0.000  1.00  0.00           N',
  'END',
].join('\n');

// A tetrahedron: 4 vertices, 4 triangles, 6 edges.
const TETRAHEDRON = { vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1], triangles: [0, 1, 2, 0, 1, 3, 0, 2, 3, 1, 2, 3] };

let plugin: PluginContext;

beforeEach(async () => {
  // A real Mol* plugin without a canvas: the state tree, shapes and selections work the same.
  plugin = new PluginContext(DefaultPluginSpec());
  await plugin.init();
});

afterEach(() => plugin.dispose());

async function loadStructure(fileId: number | null): Promise<Structure> {
  const data = await plugin.builders.data.rawData(
    { data: PDB, label: 'x.pdb' },
    fileId === null ? undefined : { tags: [fileTag(fileId)] },
  );
  const trajectory = await plugin.builders.structure.parseTrajectory(data, 'pdb');
  const model = await plugin.builders.structure.createModel(trajectory);
  const cell = await plugin.builders.structure.createStructure(model);
  return cell.obj!.data;
}

describe('density layers in the state tree', () => {
  it('adds a wire mesh, lists it with key, label, colour and size, changes and removes it', async () => {
    expect(densityLayers(plugin)).toEqual([]);
    const key = await addDensityLayer(plugin, TETRAHEDRON, { label: 'Lys45', color: '#a9a9a9', size: 0.5 });
    expect(densityLayers(plugin)).toEqual([{ key, label: 'Lys45', color: '#a9a9a9', size: 0.5, visible: true }]);

    // The shape Mol* draws: each of the tetrahedron's 6 edges once, in the layer's colour and size.
    const provider = [...plugin.state.data.cells.values()].find((c) => c.transform.transformer === DensityMeshShape);
    const shapeProvider = provider?.obj?.data as {
      data: unknown;
      getShape: (ctx: unknown, data: unknown, props: unknown) => Promise<unknown> | unknown;
    };
    const shape = (await shapeProvider.getShape(null, shapeProvider.data, {})) as {
      geometry: { lineCount: number };
      getColor: (g: number, i: number) => number;
      getSize: (g: number, i: number) => number;
    };
    expect(shape.geometry.lineCount).toBe(6);
    expect(shape.getColor(0, 0)).toBe(0xa9a9a9);
    expect(shape.getSize(0, 0)).toBe(0.5);

    await updateDensityLayer(plugin, key, { color: '#3366cc', size: 0.8 });
    expect(densityLayers(plugin)[0]).toMatchObject({ key, color: '#3366cc', size: 0.8 });
    // Out of range sizes are clamped to the spec's 0.1 to 1.
    await updateDensityLayer(plugin, key, { size: 5 });
    expect(densityLayers(plugin)[0]?.size).toBe(1);

    await removeDensityLayer(plugin, key);
    expect(densityLayers(plugin)).toEqual([]);
    expect([...plugin.state.data.cells.values()].some((c) => c.transform.transformer === DensityMeshShape)).toBe(false);
  });
});

describe('selected residues for the density request', () => {
  it('names each selected residue once, with the file the structure came from', async () => {
    const structure = await loadStructure(7);
    expect(selectedResiduesByFile(plugin)).toEqual([]);
    plugin.managers.structure.selection.fromLoci('add', Structure.toStructureElementLoci(structure));
    expect(selectedResiduesByFile(plugin)).toEqual([{ fileId: 7, tokens: ['A:LYS45', 'A:GLY45A', 'B:ASP175'] }]);
  });

  it('answers no file for a structure that is not a project file', async () => {
    const structure = await loadStructure(null);
    plugin.managers.structure.selection.fromLoci('add', Structure.toStructureElementLoci(structure));
    expect(selectedResiduesByFile(plugin)).toEqual([{ fileId: null, tokens: ['A:LYS45', 'A:GLY45A', 'B:ASP175'] }]);
  });
});
