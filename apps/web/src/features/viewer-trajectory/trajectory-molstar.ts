import type { Model, Trajectory } from 'molstar/lib/mol-model/structure';
import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import { StateTransforms } from 'molstar/lib/mol-plugin-state/transforms';
import { hasControls } from './trajectory-rules';

/** One model of a trajectory in Med View that has more than one model (spec §9). */
export interface TrajectoryModel {
  /** Ref of the ModelFromTrajectory cell, whose modelIndex the controls change. */
  modelRef: string;
  /** 0-based. */
  index: number;
  frameCount: number;
  /** The coordinates file's name (a loaded trajectory) or the file's (a multi-model PDB). */
  label: string;
  /** The model's first atom as "x y z" (3 decimals): tells one frame's coordinates from another's. */
  firstAtom: string;
}

function labelOf(params: unknown): string | null {
  const label = (params as { label?: unknown } | undefined)?.label;
  return typeof label === 'string' && label ? label : null;
}

/** The name of the file a trajectory cell comes from. */
function trajectoryLabel(plugin: PluginContext, trajectoryRef: string): string {
  const state = plugin.state.data;
  const cell = state.cells.get(trajectoryRef);
  // A trajectory from a model and coordinates: the coordinates' data cell names it.
  const coordinatesRef = (cell?.transform.params as { coordinatesRef?: unknown } | undefined)?.coordinatesRef;
  let ref = typeof coordinatesRef === 'string' && coordinatesRef ? coordinatesRef : trajectoryRef;
  while (ref && ref !== state.tree.root.ref) {
    const at = state.cells.get(ref);
    const label = labelOf(at?.transform.params);
    if (label) return label;
    ref = at?.transform.parent ?? '';
  }
  return cell?.obj?.label ?? '';
}

/** The models of Med View's trajectories that have more than one model, in the state tree's order. */
export function readTrajectoryModels(plugin: PluginContext): TrajectoryModel[] {
  const state = plugin.state.data;
  const out: TrajectoryModel[] = [];
  for (const cell of state.selectQ((q) => q.ofTransformer(StateTransforms.Model.ModelFromTrajectory))) {
    const parentRef = cell.sourceRef;
    if (!parentRef) continue;
    const trajectory = state.cells.get(parentRef)?.obj?.data as Trajectory | undefined;
    const frameCount = trajectory?.frameCount ?? 0;
    if (!hasControls(frameCount)) continue;
    const model = cell.obj?.data as Model | undefined;
    const conformation = model?.atomicConformation;
    const firstAtom =
      conformation && conformation.x.length > 0
        ? [conformation.x[0], conformation.y[0], conformation.z[0]].map((v) => Number(v).toFixed(3)).join(' ')
        : '';
    out.push({
      modelRef: cell.transform.ref,
      index: Number((cell.transform.params as { modelIndex?: number } | undefined)?.modelIndex ?? 0),
      frameCount,
      label: trajectoryLabel(plugin, parentRef),
      firstAtom,
    });
  }
  return out;
}

/** Shows model `index` of the trajectory (what Mol*'s UpdateTrajectory action does for all of them). */
export async function showModel(plugin: PluginContext, modelRef: string, index: number): Promise<void> {
  if (!plugin.state.data.cells.has(modelRef)) return;
  await plugin
    .build()
    .to(modelRef)
    .update(StateTransforms.Model.ModelFromTrajectory, () => ({ modelIndex: index }))
    .commit();
}

/** Calls `listener` whenever Med View's state tree may have changed a trajectory. */
export function subscribeTrajectories(plugin: PluginContext, listener: () => void): () => void {
  const subs = [
    plugin.state.data.events.changed.subscribe(listener),
    plugin.state.data.events.cell.stateUpdated.subscribe(listener),
  ];
  return () => {
    for (const sub of subs) sub.unsubscribe();
  };
}
