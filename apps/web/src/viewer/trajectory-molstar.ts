import type { Model } from 'molstar/lib/mol-model/structure';
import type { Coordinates } from 'molstar/lib/mol-model/structure/coordinates';
import type { BuiltInTrajectoryFormat } from 'molstar/lib/mol-plugin-state/formats/trajectory';
import { StateTransforms } from 'molstar/lib/mol-plugin-state/transforms';
import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import type { CoordinatesFormat } from './formats';

export interface TrajectoryParts {
  model: { data: string | Uint8Array<ArrayBuffer>; label: string; format: BuiltInTrajectoryFormat };
  coordinates: { data: string | Uint8Array<ArrayBuffer>; label: string; provider: CoordinatesFormat };
  /** On the combined trajectory cell: the file the viewer reports as loaded (the coordinates). */
  tags: string[];
  /** On the two data cells the trajectory depends on, so that removing the file removes them too. */
  partTags: string[];
}

/**
 * The model file and the coordinates file as one trajectory, as Mol*'s own Load Trajectory action
 * builds it (model 0 of the parsed model file, the parsed coordinates, then
 * TrajectoryFromModelAndCoordinates from the root), then the 'default' hierarchy preset.
 * Everything built is deleted again when a step fails. When the frames do not have the model's
 * atom count nothing is built and the two counts are returned (Mol* itself does not check, and
 * would draw the first atoms at the wrong places); null when the trajectory was built.
 */
export async function buildTrajectory(
  plugin: PluginUIContext,
  parts: TrajectoryParts,
): Promise<{ modelAtoms: number; coordinateAtoms: number } | null> {
  const built: string[] = [];
  try {
    const modelData = await plugin.builders.data.rawData(
      { data: parts.model.data, label: parts.model.label },
      { tags: parts.partTags },
    );
    built.push(modelData.ref);
    const modelTrajectory = await plugin.builders.structure.parseTrajectory(modelData, parts.model.format);
    const model = await plugin.builders.structure.createModel(modelTrajectory, { modelIndex: 0 });

    const coordinatesData = await plugin.builders.data.rawData(
      { data: parts.coordinates.data, label: parts.coordinates.label },
      { tags: parts.partTags },
    );
    built.push(coordinatesData.ref);
    const provider = plugin.dataFormats.get(parts.coordinates.provider);
    if (!provider) throw new Error(`no Mol* provider for ${parts.coordinates.provider}`);
    const coordinates = await provider.parse(plugin, coordinatesData);
    const coordinatesRef: string = coordinates.ref;

    const modelAtoms = (model.cell?.obj?.data as Model | undefined)?.atomicHierarchy.atoms._rowCount ?? 0;
    const frames = (plugin.state.data.cells.get(coordinatesRef)?.obj?.data as Coordinates | undefined)?.frames ?? [];
    const coordinateAtoms = frames[0]?.elementCount ?? 0;
    if (modelAtoms !== coordinateAtoms) {
      await deleteCells(plugin, built);
      return { modelAtoms, coordinateAtoms };
    }

    const trajectory = await plugin
      .build()
      .toRoot()
      .apply(
        StateTransforms.Model.TrajectoryFromModelAndCoordinates,
        { modelRef: model.ref, coordinatesRef },
        { tags: parts.tags },
      )
      .commit();
    built.push(trajectory.ref);
    await plugin.builders.structure.hierarchy.applyPreset(trajectory, 'default');
    return null;
  } catch (error) {
    // Leave no half-built copy behind.
    await deleteCells(plugin, built);
    throw error;
  }
}

/** Deletes the cells still there, the last built first (the trajectory depends on the data cells). */
async function deleteCells(plugin: PluginUIContext, refs: readonly string[]): Promise<void> {
  const builder = plugin.build();
  for (const ref of [...refs].reverse()) {
    if (plugin.state.data.cells.has(ref)) builder.delete(ref);
  }
  await builder.commit();
}
