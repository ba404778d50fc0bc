/**
 * Atoms with coordinates from the structure files pockets are computed on: proteins
 * (PDB, PDBQT, mmCIF, as PDB text) and ligands (SDF, MOL2, PDB, PDBQT), read by the chem
 * layer's readers and molecule splitter, so a ligand box is exactly the file's coordinates.
 */

import { chosenAltLocs } from '../../chem/alt-locs';
import { splitMolecules } from '../../chem/molecules';
import { isHydrogen } from '../../chem/pdb-records';
import { readPdb } from '../../chem/readers/pdb';
import { WATER_RESIDUES } from '../../chem/residues';

export interface Point3 {
  x: number;
  y: number;
  z: number;
}

export interface ResidueAtom extends Point3 {
  element: string;
  name: string;
  resName: string;
  chain: string;
  resSeq: number;
  iCode: string;
  hetero: boolean;
}

/** Atom records of the first model, one conformation per residue (alt-loc A, else the first written). */
export function pdbAtoms(text: string): ResidueAtom[] {
  const model = readPdb(text).records[0];
  if (!model) return [];
  const altOf = chosenAltLocs(model.residues);
  return model.residues.flatMap((r) =>
    r.atoms
      .filter((a) => (a.altLoc === '' || a.altLoc === altOf.get(r)) && Number.isFinite(a.x + a.y + a.z))
      .map((a) => ({
        x: a.x,
        y: a.y,
        z: a.z,
        element: a.element,
        name: a.name.trim(),
        resName: a.resName,
        chain: a.chain,
        resSeq: a.resSeq,
        iCode: a.iCode,
        hetero: a.hetero,
      })),
  );
}

/** Heavy atoms of a receptor that shape its surface: everything but hydrogens and waters. */
export function receptorHeavyAtoms(atoms: readonly ResidueAtom[]): ResidueAtom[] {
  return atoms.filter((a) => !isHydrogen(a.element) && !WATER_RESIDUES.has(a.resName));
}

/** Heavy-atom coordinates of a ligand file (every molecule in it; a PDB's first model without waters). */
export async function ligandHeavyAtoms(ext: string, text: string): Promise<Point3[]> {
  const { molecules } = await splitMolecules(ext, text, 'ligand');
  return molecules.flatMap((m) =>
    m.atoms
      .filter((a) => !isHydrogen(a.element) && Number.isFinite(a.x + a.y + a.z))
      .map((a) => ({ x: a.x, y: a.y, z: a.z })),
  );
}
