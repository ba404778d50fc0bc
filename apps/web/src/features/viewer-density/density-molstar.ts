import type { DensityMesh } from '@medx/contract';
import { Lines } from 'molstar/lib/mol-geo/geometry/lines/lines';
import { LinesBuilder } from 'molstar/lib/mol-geo/geometry/lines/lines-builder';
import { Sphere3D } from 'molstar/lib/mol-math/geometry';
import { Vec3 } from 'molstar/lib/mol-math/linear-algebra';
import { Shape } from 'molstar/lib/mol-model/shape';
import { StructureElement, StructureProperties } from 'molstar/lib/mol-model/structure';
import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import { PluginStateObject as SO } from 'molstar/lib/mol-plugin-state/objects';
import { StateTransforms } from 'molstar/lib/mol-plugin-state/transforms';
import { StateTransformer } from 'molstar/lib/mol-state';
import { Task } from 'molstar/lib/mol-task';
import { Color } from 'molstar/lib/mol-util/color';
import { ParamDefinition as PD } from 'molstar/lib/mol-util/param-definition';
import { sourceKeyOf } from '../../viewer/toolbar/molstar-structures';
import {
  clampSize,
  DEFAULT_COLOR,
  LINE_PIXELS_PER_SIZE,
  meshEdges,
  residueTokens,
  type SelectedResidue,
  type SelectionByFile,
  SIZE,
} from './rules';

/**
 * Electron-density meshes in Mol*'s state tree (viewer spec §3 "CCP4 map layer": key, label,
 * colour, size). A layer is three cells: the mesh as JSON (raw data, tagged DENSITY_TAG: its ref is
 * the layer's key), a shape provider (label, colour, size: this file's transform) and Mol*'s own
 * shape representation. Living in the tree, layers show in the State Tree, go into snapshots and
 * undo, and the popover reads them back from there.
 */
export const DENSITY_TAG = 'medx-density';

interface MeshJson {
  vertices: number[];
  triangles: number[];
}

interface DensityShapeData {
  mesh: MeshJson;
  label: string;
  color: Color;
  size: number;
}

const Transform = StateTransformer.builderFactory('medx');

/** Shape provider of a density mesh: a wire mesh (each triangle edge once) in one colour and width. */
export const DensityMeshShape = Transform({
  name: 'density-mesh-shape',
  display: { name: 'Density Mesh', description: 'Wire mesh of an electron-density isosurface' },
  from: SO.Data.String,
  to: SO.Shape.Provider,
  params: {
    label: PD.Text('Density'),
    color: PD.Color(Color.fromHexStyle(DEFAULT_COLOR)),
    size: PD.Numeric(SIZE.default, { min: SIZE.min, max: SIZE.max, step: SIZE.step }),
  },
})({
  apply({ a, params }) {
    return Task.create('Density mesh', async () => {
      const mesh = JSON.parse(String(a.data)) as MeshJson;
      const data: DensityShapeData = { mesh, label: params.label, color: params.color, size: clampSize(params.size) };
      return new SO.Shape.Provider(
        {
          label: params.label,
          data,
          params: PD.withDefaults(Lines.Params, { sizeFactor: LINE_PIXELS_PER_SIZE, lineSizeAttenuation: false }),
          getShape: (_ctx, d: DensityShapeData, _props, shape) => densityShape(d, shape),
          geometryUtils: Lines.Utils,
        },
        { label: params.label, description: 'Density mesh' },
      );
    });
  },
});

function densityShape(data: DensityShapeData, previous?: Shape<Lines>): Shape<Lines> {
  const { vertices, triangles } = data.mesh;
  const edges = meshEdges(triangles);
  const builder = LinesBuilder.create(edges.length / 2, 1024, previous?.geometry);
  for (let e = 0; e < edges.length; e += 2) {
    const i = edges[e]! * 3;
    const j = edges[e + 1]! * 3;
    builder.add(vertices[i]!, vertices[i + 1]!, vertices[i + 2]!, vertices[j]!, vertices[j + 1]!, vertices[j + 2]!, 0);
  }
  return Shape.create(
    data.label,
    data,
    builder.getLines(),
    () => data.color,
    () => data.size,
    () => data.label,
  );
}

/** One layer as the popover lists it. */
export interface DensityLayer {
  key: string;
  label: string;
  color: string;
  size: number;
  visible: boolean;
}

function providerCellOf(plugin: PluginContext, key: string) {
  const children = plugin.state.data.tree.children.get(key);
  for (const ref of children?.values() ?? []) {
    const cell = plugin.state.data.cells.get(ref);
    if (cell?.transform.transformer === DensityMeshShape) return cell;
  }
  return undefined;
}

/** The layers in the state tree, in the order they were added. */
export function densityLayers(plugin: PluginContext): DensityLayer[] {
  const layers: DensityLayer[] = [];
  for (const cell of plugin.state.data.cells.values()) {
    if (!cell.transform.tags?.includes(DENSITY_TAG)) continue;
    const provider = providerCellOf(plugin, cell.transform.ref);
    const params = provider?.transform.params as { label: string; color: Color; size: number } | undefined;
    if (!params) continue;
    layers.push({
      key: cell.transform.ref,
      label: params.label,
      color: Color.toHexStyle(params.color),
      size: params.size,
      visible: !cell.state.isHidden,
    });
  }
  return layers;
}

/** Adds a mesh as a new layer; answers its key. */
export async function addDensityLayer(
  plugin: PluginContext,
  mesh: Pick<DensityMesh, 'vertices' | 'triangles'>,
  options: { label: string; color: string; size: number },
): Promise<string> {
  const json = JSON.stringify({ vertices: mesh.vertices, triangles: mesh.triangles });
  const build = plugin.build();
  const root = build
    .toRoot()
    .apply(StateTransforms.Data.RawData, { data: json, label: options.label }, { tags: [DENSITY_TAG] });
  root
    .apply(DensityMeshShape, {
      label: options.label,
      color: Color.fromHexStyle(options.color),
      size: clampSize(options.size),
    })
    .apply(StateTransforms.Representation.ShapeRepresentation3D, {});
  await build.commit();
  return root.ref;
}

/** Changes a layer's colour or size. */
export async function updateDensityLayer(
  plugin: PluginContext,
  key: string,
  change: { color?: string; size?: number },
): Promise<void> {
  const provider = providerCellOf(plugin, key);
  if (!provider) return;
  await plugin
    .build()
    .to(provider.transform.ref)
    .update(DensityMeshShape, (old) => ({
      ...old,
      ...(change.color !== undefined ? { color: Color.fromHexStyle(change.color) } : {}),
      ...(change.size !== undefined ? { size: clampSize(change.size) } : {}),
    }))
    .commit();
}

/** Turns the camera to a mesh's box (the server's `bounds`), so a new layer is seen at once. */
export function focusBounds(plugin: PluginContext, bounds: { min: number[]; max: number[] }): void {
  const [x0 = 0, y0 = 0, z0 = 0] = bounds.min;
  const [x1 = 0, y1 = 0, z1 = 0] = bounds.max;
  const min = Vec3.create(x0, y0, z0);
  const max = Vec3.create(x1, y1, z1);
  const center = Vec3.scale(Vec3(), Vec3.add(Vec3(), min, max), 0.5);
  const radius = Math.max(Vec3.distance(min, max) / 2, 1);
  plugin.managers.camera.focusSphere(Sphere3D.create(center, radius), { durationMs: 250 });
}

export async function removeDensityLayer(plugin: PluginContext, key: string): Promise<void> {
  await plugin.build().delete(key).commit();
}

/**
 * The selected residues, per structure file (spec §5: electron density needs a selected residue).
 * A structure loaded from a project file answers its file id; any other (a dropped file) null.
 */
export function selectedResiduesByFile(plugin: PluginContext): SelectionByFile[] {
  const result: SelectionByFile[] = [];
  const location = StructureElement.Location.create();
  for (const ref of plugin.managers.structure.hierarchy.current.structures) {
    const structure = ref.cell.obj?.data;
    if (!structure) continue;
    const loci = plugin.managers.structure.selection.getLoci(structure);
    if (!StructureElement.Loci.is(loci) || StructureElement.Loci.isEmpty(loci)) continue;
    const residues: SelectedResidue[] = [];
    StructureElement.Loci.forEachLocation(loci, (l) => {
      location.structure = l.structure;
      location.unit = l.unit;
      location.element = l.element;
      residues.push({
        chain: StructureProperties.chain.auth_asym_id(location),
        name: StructureProperties.atom.auth_comp_id(location),
        seq: StructureProperties.residue.auth_seq_id(location),
        insCode: StructureProperties.residue.pdbx_PDB_ins_code(location),
      });
    });
    const key = sourceKeyOf(plugin, ref.cell.transform.ref);
    result.push({ fileId: key.startsWith('file:') ? Number(key.slice(5)) : null, tokens: residueTokens(residues) });
  }
  return result;
}
