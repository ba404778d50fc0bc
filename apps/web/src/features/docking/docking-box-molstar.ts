import type { DockingPocket } from '@medx/contract';
import { addCylinder } from 'molstar/lib/mol-geo/geometry/mesh/builder/cylinder';
import { addSphere } from 'molstar/lib/mol-geo/geometry/mesh/builder/sphere';
import type { Mesh } from 'molstar/lib/mol-geo/geometry/mesh/mesh';
import { Mesh as MeshGeometry } from 'molstar/lib/mol-geo/geometry/mesh/mesh';
import { MeshBuilder } from 'molstar/lib/mol-geo/geometry/mesh/mesh-builder';
import { Sphere3D } from 'molstar/lib/mol-math/geometry';
import { Vec3 } from 'molstar/lib/mol-math/linear-algebra';
import { Shape } from 'molstar/lib/mol-model/shape';
import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import { PluginStateTransform, PluginStateObject as PSO } from 'molstar/lib/mol-plugin-state/objects';
import { StateTransforms } from 'molstar/lib/mol-plugin-state/transforms';
import { Task } from 'molstar/lib/mol-task';
import { Color } from 'molstar/lib/mol-util/color';
import { ParamDefinition as PD } from 'molstar/lib/mol-util/param-definition';
import { readViewerSelection } from '../../viewer/viewer-selection-molstar';
import { BOX_FACE_TRIANGLES, boxCorners, boxEdges, isDrawablePocket, pocketBounds } from './box-geometry';

/** Tag of every cell the docking box adds (the shapes and their visuals), to find and remove them. */
export const DOCKING_BOX_TAG = 'medx-docking-box';

/** Green, apart from the element colours of carbon (grey) and the usual selection/highlight colours. */
const BOX_COLOR = Color(0x16a34a);
/** Edge thickness in Å: visible around a ligand without hiding it. */
const EDGE_RADIUS = 0.12;
/** The fill is only a hint of the volume, so atoms inside stay readable. */
const FILL_ALPHA = 0.12;

interface BoxParams {
  center: Vec3;
  size: Vec3;
  part: 'edges' | 'faces';
}

const pocketOf = (p: Pick<BoxParams, 'center' | 'size'>): DockingPocket => ({
  center_x: p.center[0] ?? 0,
  center_y: p.center[1] ?? 0,
  center_z: p.center[2] ?? 0,
  size_x: p.size[0] ?? 0,
  size_y: p.size[1] ?? 0,
  size_z: p.size[2] ?? 0,
});

const vec = (point: readonly [number, number, number]) => Vec3.create(point[0], point[1], point[2]);

/** The twelve edges as thin cylinders, with a small sphere on each corner so the joints are closed. */
function edgesMesh(pocket: DockingPocket, old?: Mesh): Mesh {
  const state = MeshBuilder.createState(2048, 1024, old);
  state.currentGroup = 0;
  const props = { radiusTop: EDGE_RADIUS, radiusBottom: EDGE_RADIUS, radialSegments: 8 };
  for (const [start, end] of boxEdges(pocket)) addCylinder(state, vec(start), vec(end), 1, props);
  for (const corner of boxCorners(pocket)) addSphere(state, vec(corner), EDGE_RADIUS, 1);
  return MeshBuilder.getMesh(state);
}

/** The six faces (two triangles each), drawn translucent. */
function facesMesh(pocket: DockingPocket, old?: Mesh): Mesh {
  const state = MeshBuilder.createState(64, 32, old);
  state.currentGroup = 0;
  const corners = boxCorners(pocket).map(vec);
  for (const [a, b, c] of BOX_FACE_TRIANGLES) {
    MeshBuilder.addTriangle(state, corners[a] as Vec3, corners[b] as Vec3, corners[c] as Vec3);
  }
  return MeshBuilder.getMesh(state);
}

/**
 * A docking box as a Mol* shape (the 3D-viewer `docking_box` kind, spec §3): `part` chooses the
 * wireframe edges or the translucent faces, which need different transparency and therefore
 * two visuals. Centre and size are the wizard's pocket values, in the files' coordinates.
 */
const DockingBoxShape = PluginStateTransform.BuiltIn({
  name: 'medx-docking-box-shape',
  display: { name: 'Docking box', description: 'The docking pocket as a box' },
  from: PSO.Root,
  to: PSO.Shape.Provider,
  params: {
    center: PD.Vec3(Vec3()),
    size: PD.Vec3(Vec3.create(1, 1, 1)),
    part: PD.Select<'edges' | 'faces'>('edges', [
      ['edges', 'Edges'],
      ['faces', 'Faces'],
    ]),
  },
})({
  canAutoUpdate() {
    return true;
  },
  apply({ params }) {
    return Task.create('Docking box', async () => {
      const label = 'Docking box';
      return new PSO.Shape.Provider(
        {
          label,
          data: params,
          params: MeshGeometry.Params,
          geometryUtils: MeshGeometry.Utils,
          // The visual keeps the first provider's getShape and passes each update's params as
          // `data`: the box must come from `data`, never from this closure's `params`.
          getShape: (_ctx, data: BoxParams, _props, shape) => {
            const pocket = pocketOf(data);
            const old = shape?.geometry;
            const mesh = data.part === 'edges' ? edgesMesh(pocket, old) : facesMesh(pocket, old);
            const { min, max } = pocketBounds(pocket);
            mesh.setBoundingSphere(Sphere3D.fromBox3D(Sphere3D(), { min: vec(min), max: vec(max) }));
            return Shape.create(
              label,
              data,
              mesh,
              () => BOX_COLOR,
              () => 1,
              () => label,
            );
          },
        },
        { label, description: params.part },
      );
    });
  },
});

function boxCells(plugin: PluginContext) {
  return plugin.state.data.selectQ((q) => q.root.subtree().withTag(DOCKING_BOX_TAG).withTransformer(DockingBoxShape));
}

/**
 * Centre and radius of the sphere around the box as Med View's visual of the edges holds it
 * (its render object, what the GPU draws), or null when nothing is drawn: tells the state's
 * numbers from what is actually on screen.
 */
export function drawnDockingBoxSphere(plugin: PluginContext): { center: number[]; radius: number } | null {
  const visual = plugin.state.data
    .selectQ((q) =>
      q.root.subtree().withTag(DOCKING_BOX_TAG).withTransformer(StateTransforms.Representation.ShapeRepresentation3D),
    )
    .find((cell) => (cell.obj?.data.sourceData.data as BoxParams | undefined)?.part === 'edges');
  const object = visual?.obj?.data.repr.renderObjects[0];
  if (!object) return null;
  const sphere = object.values.boundingSphere.ref.value;
  return { center: [...sphere.center], radius: sphere.radius };
}

/** How many docking-box cells (shapes and visuals) the plugin's state holds. */
export function dockingBoxCellCount(plugin: PluginContext): number {
  return plugin.state.data.selectQ((q) => q.root.subtree().withTag(DOCKING_BOX_TAG)).length;
}

/**
 * Makes Med View show `pocket` as the docking box: updates the existing box in place (so typing
 * in the inputs does not rebuild the state tree), draws it when absent, removes it when the
 * pocket is null or not a box (the all-zero pocket after leaving the step).
 */
export async function syncDockingBox(plugin: PluginContext, pocket: DockingPocket | null): Promise<void> {
  const existing = boxCells(plugin);
  const builder = plugin.build();
  if (!pocket || !isDrawablePocket(pocket)) {
    if (existing.length === 0) return;
    for (const cell of existing) builder.delete(cell.transform.ref);
    await builder.commit();
    return;
  }
  const center = Vec3.create(pocket.center_x, pocket.center_y, pocket.center_z);
  const size = Vec3.create(pocket.size_x, pocket.size_y, pocket.size_z);
  if (existing.length === 2) {
    for (const cell of existing) {
      builder.to(cell).update({ ...cell.transform.params, center, size });
    }
  } else {
    for (const cell of existing) builder.delete(cell.transform.ref);
    for (const part of ['edges', 'faces'] as const) {
      const visual =
        part === 'edges' ? { alpha: 1 } : { alpha: FILL_ALPHA, doubleSided: true, flatShaded: true, ignoreLight: true };
      builder
        .toRoot()
        .apply(DockingBoxShape, { center, size, part }, { tags: [DOCKING_BOX_TAG] })
        .apply(StateTransforms.Representation.ShapeRepresentation3D, visual, { tags: [DOCKING_BOX_TAG] });
    }
  }
  await builder.commit();
}

/**
 * Positions (flat x, y, z) of the atoms selected in Med View, as the box should cover them:
 * heavy atoms only, like the server's box around a ligand, unless only hydrogens are selected.
 */
export function selectionPositions(plugin: PluginContext): number[] {
  return readViewerSelection(plugin).positions;
}

/** Points Med View's camera at the box (it may be small next to the whole protein). */
export function focusDockingBox(plugin: PluginContext, pocket: DockingPocket): void {
  if (!isDrawablePocket(pocket)) return;
  const { min, max } = pocketBounds(pocket);
  plugin.managers.camera.focusSphere(Sphere3D.fromBox3D(Sphere3D(), { min: vec(min), max: vec(max) }), {
    durationMs: 250,
  });
}
