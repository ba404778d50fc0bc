import { PluginCommands } from 'molstar/lib/mol-plugin/commands';
import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import type { StructureRef } from 'molstar/lib/mol-plugin-state/manager/structure/hierarchy-state';
import { StateTransforms } from 'molstar/lib/mol-plugin-state/transforms';
import { StateSelection } from 'molstar/lib/mol-state';
import { visibleStructures } from '../../viewer/toolbar/molstar-structures';
import {
  type CameraSnapshot,
  groupByComponent,
  mergeItems,
  type PresetDataItem,
  type PresetState,
  readCamera,
  type TransparencyLayer,
} from './preset-model';

/** Mol*'s tag on the transparency layers its component manager and helpers add (structure-transparency.ts). */
const TRANSPARENCY_TAG = 'transparency-controls';
const TRANSPARENCY = StateTransforms.Representation.TransparencyStructureRepresentation3DFromBundle;

/** Plain JSON of Mol*'s values (Vec3, bundles and colours are arrays, objects and numbers). */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The structures a preset goes to: Mol*'s selected structures that are on screen. */
export function targetStructures(plugin: PluginContext): StructureRef[] {
  const visible = new Set(visibleStructures(plugin).map((s) => s.cell.transform.ref));
  return plugin.managers.structure.hierarchy.selection.structures.filter((s) => visible.has(s.cell.transform.ref));
}

function transparencyLayers(plugin: PluginContext, reprRef: string): TransparencyLayer[] {
  const cells = plugin.state.data.select(StateSelection.Generators.ofTransformer(TRANSPARENCY, reprRef));
  const layers: TransparencyLayer[] = [];
  for (const cell of cells) {
    for (const layer of cell.transform.params?.layers ?? []) {
      layers.push(plain({ bundle: layer.bundle as unknown as Record<string, unknown>, value: layer.value }));
    }
  }
  return layers;
}

/**
 * The preset of what is on screen: every shown representation of every shown component of the
 * given structures (equal ones of several structures merged), plus the camera.
 */
export function capturePreset(plugin: PluginContext, structures: readonly StructureRef[]): PresetState {
  const items: Omit<PresetDataItem, 'count'>[] = [];
  for (const structure of structures) {
    for (const component of structure.components) {
      if (component.cell.state.isHidden) continue;
      const selector = plain(component.cell.transform.params ?? {}) as Record<string, unknown>;
      const componentType = [...(component.cell.transform.tags ?? [])].sort().join(',');
      for (const repr of component.representations) {
        const params = repr.cell.transform.params;
        if (!params || repr.cell.state.isHidden) continue;
        const typeParams = plain(params.type.params) as Record<string, unknown>;
        items.push({
          componentType,
          type: params.type.name,
          typeParams,
          colorTheme: plain(params.colorTheme) as PresetDataItem['colorTheme'],
          sizeTheme: plain(params.sizeTheme) as PresetDataItem['sizeTheme'],
          alpha: typeof typeParams.alpha === 'number' ? typeParams.alpha : 1,
          transparencyLayers: transparencyLayers(plugin, repr.cell.transform.ref),
          selector,
        });
      }
    }
  }
  const snapshot = plugin.canvas3d?.camera.getSnapshot();
  return { presetData: mergeItems(items), camera: snapshot ? readCamera(plain(snapshot)) : null };
}

/**
 * Rebuilds the structures' components from a preset in one undoable step: their components
 * are removed, the preset's components and representations (with transparency) are added, then
 * the camera moves to the preset's view. A component empty in a structure is left out.
 */
export async function applyPresetState(
  plugin: PluginContext,
  structures: readonly StructureRef[],
  preset: PresetState,
): Promise<void> {
  const groups = groupByComponent(preset.presetData);
  const update = plugin.state.data.build();
  for (const structure of structures) {
    for (const component of structure.components) update.delete(component.cell.transform.ref);
    for (const group of groups) {
      const tags = group.componentType ? group.componentType.split(',') : undefined;
      const component = update
        .to(structure.cell.transform.ref)
        .apply(
          StateTransforms.Model.StructureComponent,
          { ...group.selector, nullIfEmpty: true } as never,
          tags ? { tags } : undefined,
        );
      for (const item of group.items) {
        const repr = component.apply(StateTransforms.Representation.StructureRepresentation3D, {
          type: { name: item.type, params: { ...item.typeParams, alpha: item.alpha } },
          colorTheme: item.colorTheme,
          sizeTheme: item.sizeTheme,
        } as never);
        if (item.transparencyLayers.length > 0) {
          repr.apply(TRANSPARENCY, { layers: item.transparencyLayers } as never, { tags: TRANSPARENCY_TAG });
        }
      }
    }
  }
  await plugin.runTask(plugin.state.data.updateTree(update, { canUndo: 'Apply preset' }));
  const camera = preset.camera;
  if (camera && plugin.canvas3d) {
    await PluginCommands.Camera.SetSnapshot(plugin, { snapshot: camera as CameraSnapshot as never, durationMs: 0 });
  }
}

/** Mol*'s structure presets offered by the Apply menu (the registered ones, e.g. Default, Cartoon, Surface). */
export function builtInPresets(plugin: PluginContext): { id: string; name: string }[] {
  return plugin.builders.structure.representation
    .getPresets()
    .filter((p) => p.id !== 'empty')
    .map((p) => ({ id: p.id, name: p.display.name }));
}

export async function applyBuiltInPreset(
  plugin: PluginContext,
  structures: readonly StructureRef[],
  id: string,
): Promise<void> {
  const provider = plugin.builders.structure.representation.resolveProvider(id as never);
  if (!provider) throw new Error(`no structure preset ${id}`);
  await plugin.managers.structure.component.applyPreset(structures as StructureRef[], provider);
}
