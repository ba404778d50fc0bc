import { OrderedSet } from 'molstar/lib/mol-data/int';
import { Vec3 } from 'molstar/lib/mol-math/linear-algebra';
import { StructureElement, StructureProperties, Unit } from 'molstar/lib/mol-model/structure';
import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import { isLigandName } from '../../viewer/toolbar/ligands';
import { type PdbAtom, pdbAtomLine } from './pdb-atom-line';

/** The ligand the 2D preview shows: one residue of Med View, as a PDB text of its own. */
export interface ViewedLigand {
  /** Which residue (its model and residue index): the preview redraws when it changes. */
  key: string;
  /** `ATP A401`: name, chain, number, insertion code. */
  label: string;
  pdb: string;
}

/** Every atom of the residue (within the unit that holds it), with its current coordinates. */
function residuePdb(location: StructureElement.Location, unit: Unit.Atomic, residueIndex: number): string {
  const { residueAtomSegments } = unit.model.atomicHierarchy;
  const position = Vec3();
  const lines: string[] = [];
  const atom = StructureElement.Location.create(location.structure, unit);
  for (let i = 0; i < unit.elements.length; i++) {
    const element = unit.elements[i];
    if (element === undefined || residueAtomSegments.index[element] !== residueIndex) continue;
    atom.element = element;
    unit.conformation.position(element, position);
    const record: PdbAtom = {
      serial: lines.length + 1,
      name: StructureProperties.atom.auth_atom_id(atom),
      resName: StructureProperties.atom.auth_comp_id(atom),
      chain: StructureProperties.chain.auth_asym_id(atom),
      seq: StructureProperties.residue.auth_seq_id(atom),
      insCode: StructureProperties.residue.pdbx_PDB_ins_code(atom) ?? '',
      x: position[0] ?? 0,
      y: position[1] ?? 0,
      z: position[2] ?? 0,
      element: String(StructureProperties.atom.type_symbol(atom)),
    };
    lines.push(pdbAtomLine(record));
  }
  return [...lines, 'END', ''].join('\n');
}

/** The first ligand residue (spec §9's rule, as Med View's AUTO uses it) that the loci touch. */
function firstLigand(loci: StructureElement.Loci): ViewedLigand | null {
  const location = StructureElement.Location.create(loci.structure);
  for (const { unit, indices } of loci.elements) {
    if (!Unit.isAtomic(unit)) continue;
    location.unit = unit;
    const { residueAtomSegments } = unit.model.atomicHierarchy;
    for (let i = 0; i < OrderedSet.size(indices); i++) {
      const element = unit.elements[OrderedSet.getAt(indices, i)];
      if (element === undefined) continue;
      location.element = element;
      const name = StructureProperties.atom.auth_comp_id(location);
      if (!isLigandName(name)) continue;
      const residueIndex = residueAtomSegments.index[element] ?? 0;
      const chain = StructureProperties.chain.auth_asym_id(location);
      const seq = StructureProperties.residue.auth_seq_id(location);
      const insCode = StructureProperties.residue.pdbx_PDB_ins_code(location) ?? '';
      return {
        key: `${unit.model.id}:${unit.id}:${residueIndex}`,
        label: `${name.trim().toUpperCase()} ${chain}${seq}${insCode}`,
        pdb: residuePdb(location, unit, residueIndex),
      };
    }
  }
  return null;
}

/**
 * The ligand Med View is about: the focused one (AUTO, a click on a ligand) first, else the
 * first ligand the selection holds; null when neither touches a ligand.
 */
export function viewedLigand(plugin: PluginContext): ViewedLigand | null {
  const focus = plugin.managers.structure.focus.current?.loci;
  if (focus && !StructureElement.Loci.isEmpty(focus)) {
    const ligand = firstLigand(focus);
    if (ligand) return ligand;
  }
  let found: ViewedLigand | null = null;
  plugin.managers.structure.selection.entries.forEach(({ selection }) => {
    if (found || StructureElement.Loci.isEmpty(selection)) return;
    found = firstLigand(selection);
  });
  return found;
}

/** Calls `listener` when Med View's focus or selection changes; returns the unsubscribe. */
export function onFocusOrSelection(plugin: PluginContext, listener: () => void): () => void {
  const subscriptions = [
    plugin.managers.structure.focus.behaviors.current.subscribe(listener),
    plugin.managers.structure.selection.events.changed.subscribe(listener),
  ];
  return () => {
    for (const s of subscriptions) s.unsubscribe();
  };
}
