import { OrderedSet, Segmentation } from 'molstar/lib/mol-data/int';
import { type Structure, StructureElement, StructureProperties, Unit } from 'molstar/lib/mol-model/structure';
import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import type { StructureRef } from 'molstar/lib/mol-plugin-state/manager/structure/hierarchy-state';
import { fileIdFromTags } from '../loaded-files';
import { findLigands, type Ligand, type ResidueRecord } from './ligands';

/**
 * Reading Mol*'s loaded structures for the toolbar: which are shown, which file each came from,
 * their residues for the ligand finder and the loci that focus a ligand.
 */

export function allStructures(plugin: PluginContext): readonly StructureRef[] {
  return plugin.managers.structure.hierarchy.current.structures;
}

/** Structures on screen: built, and neither they nor a parent hidden (the In column hides a file's subtree). */
export function visibleStructures(plugin: PluginContext): StructureRef[] {
  return allStructures(plugin).filter((s) => !!s.cell.obj && !s.cell.state.isHidden);
}

/**
 * The file a structure came from: the nearest ancestor carrying a `medx-file:<id>` tag, or the
 * top-most ancestor under the root when nothing is tagged (structures loaded by other means).
 */
export function sourceKeyOf(plugin: PluginContext, structureRef: string): string {
  const tree = plugin.state.data.tree;
  let ref = structureRef;
  let topmost = structureRef;
  for (let guard = 0; guard < 64; guard++) {
    const transform = tree.transforms.get(ref);
    if (!transform) break;
    const fileId = fileIdFromTags(transform.tags);
    if (fileId !== null) return `file:${fileId}`;
    if (transform.parent === ref || transform.parent === tree.root.ref) break;
    topmost = transform.parent;
    ref = transform.parent;
  }
  return `ref:${topmost}`;
}

export interface LigandPart {
  structure: Structure;
  unit: Unit;
  start: number;
  end: number;
}

/** Every atomic residue of the given structures, for `findLigands`. */
export function* residueRecords(structures: readonly StructureRef[]): Generator<ResidueRecord<LigandPart>> {
  const location = StructureElement.Location.create();
  for (const ref of structures) {
    const structure = ref.cell.obj?.data;
    if (!structure) continue;
    location.structure = structure;
    for (const unit of structure.units) {
      if (!Unit.isAtomic(unit)) continue;
      location.unit = unit;
      const residues = Segmentation.transientSegments(unit.model.atomicHierarchy.residueAtomSegments, unit.elements);
      while (residues.hasNext) {
        const segment = residues.move();
        location.element = unit.elements[segment.start] as StructureElement.Location['element'];
        yield {
          structure: ref.cell.transform.ref,
          name: StructureProperties.atom.label_comp_id(location),
          chain: StructureProperties.chain.auth_asym_id(location),
          seq: StructureProperties.residue.auth_seq_id(location),
          insCode: StructureProperties.residue.pdbx_PDB_ins_code(location),
          payload: { structure, unit, start: segment.start, end: segment.end },
        };
      }
    }
  }
}

/** The ligands of the visible structures (spec §9 exclusions), in load order. */
export function visibleLigands(plugin: PluginContext): Ligand<LigandPart>[] {
  return findLigands(residueRecords(visibleStructures(plugin)));
}

/** The loci of one ligand (all its parts). */
export function ligandLoci(ligand: Ligand<LigandPart>): StructureElement.Loci {
  const first = ligand.parts[0];
  if (!first) throw new Error(`ligand ${ligand.key} has no atoms`);
  return StructureElement.Loci(
    first.structure,
    ligand.parts.map((p) => ({
      unit: p.unit,
      indices: OrderedSet.ofBounds(p.start, p.end) as OrderedSet<StructureElement.UnitIndex>,
    })),
  );
}
