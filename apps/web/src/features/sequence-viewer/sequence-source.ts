import { StructureProperties as SP, Structure, StructureElement, Unit } from 'molstar/lib/mol-model/structure';
import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import {
  getChainOptions,
  getModelEntityOptions,
  getOperatorOptions,
  getStructureOptions,
  opKey,
  splitModelEntityId,
} from 'molstar/lib/mol-plugin-ui/sequence';
import { ChainSequenceWrapper } from 'molstar/lib/mol-plugin-ui/sequence/chain';
import { ElementSequenceWrapper } from 'molstar/lib/mol-plugin-ui/sequence/element';
import { HeteroSequenceWrapper } from 'molstar/lib/mol-plugin-ui/sequence/hetero';
import { PolymerSequenceWrapper } from 'molstar/lib/mol-plugin-ui/sequence/polymer';
import type { SequenceWrapper } from 'molstar/lib/mol-plugin-ui/sequence/wrapper';
import { MarkerAction } from 'molstar/lib/mol-util/marker-action';
import { chooseSequenceView, type Option, type OptionSource, type SequenceViewKind } from './sequence-logic';

/** The structure of a state-tree ref (Structure.Empty when there is none). */
export function structureOf(plugin: PluginContext, ref: string): Structure {
  const data = ref ? plugin.state.data.cells.get(ref)?.obj?.data : undefined;
  return data instanceof Structure ? data : Structure.Empty;
}

/**
 * The selectors' options from Mol*'s own option builders (they apply the 1000-option cap and
 * give the 'Too many …' / 'No …' placeholders); structures are the roots of structure type.
 */
export function pluginOptionSource(plugin: PluginContext): OptionSource {
  return {
    structures: () => getStructureOptions(plugin.state.data).options as Option<string>[],
    entities: (ref, polymersOnly) => getModelEntityOptions(structureOf(plugin, ref), polymersOnly) as Option<string>[],
    chains: (ref, entity) => getChainOptions(structureOf(plugin, ref), entity) as Option<number>[],
    operators: (ref, entity, chain) => getOperatorOptions(structureOf(plugin, ref), entity, chain) as Option<string>[],
  };
}

export interface SequenceRowData {
  wrapper: SequenceWrapper.Any;
  kind: SequenceViewKind;
  /** The label of the last residue's number (for the numbering period). */
  lastNumber: string;
}

/** The units of one entity, chain and operator (what one sequence row shows). */
function unitsOf(structure: Structure, modelEntityId: string, chainGroupId: number, operatorKey: string): Unit[] {
  const l = StructureElement.Location.create(structure);
  const [modelIdx, entityId] = splitModelEntityId(modelEntityId);
  const units: Unit[] = [];
  for (const unit of structure.units) {
    StructureElement.Location.set(l, structure, unit, unit.elements[0] as never);
    if (structure.getModelIndex(unit.model) !== modelIdx) continue;
    if (SP.entity.id(l) !== entityId) continue;
    if (unit.chainGroupId !== chainGroupId) continue;
    if (opKey(l) !== operatorKey) continue;
    units.push(unit);
  }
  return units;
}

function lastNumberOf(wrapper: SequenceWrapper.Any): string {
  if (wrapper.length === 0) return '';
  const loci = wrapper.getLoci(wrapper.length - 1);
  const l = StructureElement.Loci.getFirstLocation(loci);
  if (!l) return '';
  if (Unit.isAtomic(l.unit)) return `${SP.residue.auth_seq_id(l)}${SP.residue.pdbx_PDB_ins_code(l) || ''}`;
  return `${wrapper.length}`;
}

/**
 * One sequence row's wrapper (Mol*'s residue, chain, element or hetero view, chosen by
 * `chooseSequenceView`), with the current selection marked; null when no unit matches.
 */
export function sequenceRow(
  plugin: PluginContext,
  structure: Structure,
  row: { modelEntityId: string; chainGroupId: number; operatorKey: string },
): SequenceRowData | null {
  const units = unitsOf(structure, row.modelEntityId, row.chainGroupId, row.operatorKey);
  const unit = units[0];
  if (!unit) return null;
  const data = { structure, units };
  let entitySequenceLength: number | null = null;
  if (unit.polymerElements.length) {
    const l = StructureElement.Location.create(structure, unit, unit.elements[0] as never);
    entitySequenceLength = unit.model.sequence.byEntityKey[SP.entity.key(l)]?.sequence.length ?? null;
  }
  const kind = chooseSequenceView({
    polymer: unit.polymerElements.length > 0,
    atomic: Unit.isAtomic(unit),
    entitySequenceLength,
    polymerElementCount: units.reduce((sum, u) => sum + u.polymerElements.length, 0),
    residueCount: units.reduce((sum, u) => sum + (Unit.isAtomic(u) ? u.residueCount : 0), 0),
  });
  const wrapper: SequenceWrapper.Any =
    kind === 'residue'
      ? new PolymerSequenceWrapper(data)
      : kind === 'element'
        ? new ElementSequenceWrapper(data)
        : kind === 'hetero'
          ? new HeteroSequenceWrapper(data)
          : new ChainSequenceWrapper(data);
  wrapper.markResidue(plugin.managers.structure.selection.getLoci(structure), MarkerAction.Select);
  return { wrapper, kind, lastNumber: lastNumberOf(wrapper) };
}
