import { OrderedSet } from 'molstar/lib/mol-data/int';
import { Structure, StructureElement, StructureProperties, type Unit } from 'molstar/lib/mol-model/structure';
import { structureAreIntersecting, structureSubtract } from 'molstar/lib/mol-model/structure/query/utils/structure-set';
import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import { setStructureTransparency } from 'molstar/lib/mol-plugin-state/helpers/structure-transparency';
import type { StructureRef } from 'molstar/lib/mol-plugin-state/manager/structure/hierarchy-state';

/**
 * The chain level of the Structure Viewer tree: chains by author chain id (the "A" of a PDB
 * file), read from the atoms. Mol* has no state cell per chain, so a chain's focus and select
 * work on its loci, hiding on a transparency layer (fully transparent elements are neither drawn
 * nor picked), and removing subtracts it from the structure's components.
 */

const chainsCache = new WeakMap<Structure, string[]>();

/**
 * Author chain ids in the order their atoms come; elements without one (a blank chain column,
 * common in docking output) are left out: their structure node stands for them.
 */
export function chainIds(structure: Structure): string[] {
  const cached = chainsCache.get(structure);
  if (cached) return cached;
  const ids: string[] = [];
  const seen = new Set<string>();
  const location = StructureElement.Location.create(structure);
  for (const unit of structure.units) {
    location.unit = unit;
    let last = -1;
    for (let i = 0, n = unit.elements.length; i < n; i++) {
      // Consecutive atoms share a chain: read the id only when the chain index changes.
      const chainIndex = unit.kind === 0 ? (unit as Unit.Atomic).chainIndex[unit.elements[i] as number] : i;
      if (chainIndex === last) continue;
      last = chainIndex as number;
      location.element = unit.elements[i] as StructureElement.Location['element'];
      // A blank chain column reads as ' ': no chain id.
      const id = StructureProperties.chain.auth_asym_id(location).trim();
      if (id && !seen.has(id)) {
        seen.add(id);
        ids.push(id);
      }
    }
  }
  chainsCache.set(structure, ids);
  return ids;
}

/** Every element of the chain in the structure, as loci (empty loci when there are none). */
export function chainLoci(structure: Structure, chainId: string): StructureElement.Loci {
  const elements: { unit: Unit; indices: OrderedSet<StructureElement.UnitIndex> }[] = [];
  const location = StructureElement.Location.create(structure);
  for (const unit of structure.units) {
    location.unit = unit;
    const indices: number[] = [];
    for (let i = 0, n = unit.elements.length; i < n; i++) {
      location.element = unit.elements[i] as StructureElement.Location['element'];
      if (StructureProperties.chain.auth_asym_id(location).trim() === chainId) indices.push(i);
    }
    if (indices.length > 0) {
      elements.push({ unit, indices: OrderedSet.ofSortedArray(Int32Array.from(indices)) as never });
    }
  }
  return StructureElement.Loci(structure, elements);
}

/** The chains a structure's components still show, in order (a removed chain leaves the tree). */
export function componentChainIds(ref: StructureRef): string[] {
  const ids: string[] = [];
  for (const component of ref.components) {
    const data = component.cell.obj?.data;
    if (!(data instanceof Structure)) continue;
    for (const id of chainIds(data)) if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** Chains hidden from the tree, per structure ref, for each plugin. */
const hiddenChains = new WeakMap<PluginContext, Map<string, Set<string>>>();

export function isChainHidden(plugin: PluginContext, structureRef: string, chainId: string): boolean {
  return hiddenChains.get(plugin)?.get(structureRef)?.has(chainId) ?? false;
}

/** Hides or shows a chain: transparency 1 or 0 on every representation of the structure. */
export async function setChainHidden(
  plugin: PluginContext,
  structure: StructureRef,
  chainId: string,
  hidden: boolean,
): Promise<void> {
  let byStructure = hiddenChains.get(plugin);
  if (!byStructure) {
    byStructure = new Map();
    hiddenChains.set(plugin, byStructure);
  }
  const ref = structure.cell.transform.ref;
  const set = byStructure.get(ref) ?? new Set<string>();
  if (hidden) set.add(chainId);
  else set.delete(chainId);
  byStructure.set(ref, set);
  await setStructureTransparency(plugin, structure.components, hidden ? 1 : 0, async (root) =>
    chainLoci(root, chainId),
  );
}

/**
 * Removes a chain from every component of the structure, as Mol*'s "subtract selection" does
 * (its own helper for this is private): a component left empty is deleted.
 */
export async function removeChain(plugin: PluginContext, structure: StructureRef, chainId: string): Promise<void> {
  const root = structure.cell.obj?.data;
  if (!root) return;
  const loci = chainLoci(root, chainId);
  if (loci.elements.length === 0) return;
  const part = StructureElement.Loci.toStructure(loci);
  const builder = plugin.state.data.build();
  for (const component of structure.components) {
    const data = component.cell.obj?.data;
    if (!data || !plugin.builders.structure.isComponentTransform(component.cell)) continue;
    if (!structureAreIntersecting(data, part)) continue;
    const rest = structureSubtract(data, part);
    if (rest.elementCount === 0) {
      builder.delete(component.cell.transform.ref);
      continue;
    }
    builder.to(component.cell).update({
      type: { name: 'bundle', params: StructureElement.Bundle.fromSubStructure(root, rest) },
      nullIfEmpty: true,
      label: component.cell.obj?.label,
    });
  }
  await plugin.state.data.updateTree(builder, { canUndo: 'Remove chain' }).run();
}
