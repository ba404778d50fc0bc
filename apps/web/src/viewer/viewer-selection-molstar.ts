import { OrderedSet } from 'molstar/lib/mol-data/int';
import { Vec3 } from 'molstar/lib/mol-math/linear-algebra';
import { StructureElement, StructureProperties } from 'molstar/lib/mol-model/structure';
import type { PluginContext } from 'molstar/lib/mol-plugin/context';

/** A residue by its author chain, number and insertion code (as PDB files name it). */
export interface ResidueRef {
  chain: string;
  seq: number;
  insCode: string;
}

/** What Med View has selected, read for the docking box and the tool params that take a 3D-viewer value (spec §3). */
export interface ViewerSelection {
  /** Flat x, y, z of the heavy atoms (all atoms when only hydrogens are selected). */
  positions: number[];
  /** The selected atoms' residues, in selection order. */
  residues: ResidueRef[];
  /** The selected atoms' serial numbers (the file's atom ids). */
  atoms: number[];
}

const HYDROGEN = new Set(['H', 'D', 'T']);

/** Reads the current selection of every structure in Med View (loaded lazily, with the viewer's chunk). */
export function readViewerSelection(plugin: PluginContext): ViewerSelection {
  const heavy: number[] = [];
  const all: number[] = [];
  const residues: ResidueRef[] = [];
  const atoms: number[] = [];
  const position = Vec3();
  const location = StructureElement.Location.create();
  plugin.managers.structure.selection.entries.forEach(({ selection }) => {
    if (StructureElement.Loci.isEmpty(selection)) return;
    location.structure = selection.structure;
    for (const { unit, indices } of selection.elements) {
      location.unit = unit;
      OrderedSet.forEach(indices, (index) => {
        const element = unit.elements[index];
        if (element === undefined) return;
        location.element = element;
        unit.conformation.position(element, position);
        const [x = 0, y = 0, z = 0] = position;
        all.push(x, y, z);
        if (!HYDROGEN.has(StructureProperties.atom.type_symbol(location))) heavy.push(x, y, z);
        atoms.push(StructureProperties.atom.id(location));
        residues.push({
          chain: StructureProperties.chain.auth_asym_id(location),
          seq: StructureProperties.residue.auth_seq_id(location),
          insCode: StructureProperties.residue.pdbx_PDB_ins_code(location) ?? '',
        });
      });
    }
  });
  return { positions: heavy.length > 0 ? heavy : all, residues, atoms };
}
