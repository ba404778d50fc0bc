/**
 * The PDBQT reader: PDB columns 1-66, a partial charge in 71-76 and an AutoDock atom
 * type (A, OA, NA, HD, Zn ...) in 78-79 where PDB has the element. Atoms are read by
 * the PDB reader with their element taken from the AutoDock type; glue pseudo-atoms
 * of macrocycle docking (G0-G9) are not atoms of the molecule.
 */
import { atomElement } from '../pdb-records';
import { type PdbFile, readPdb } from './pdb';

const AD_TYPES: Readonly<Record<string, string>> = {
  A: 'C',
  C: 'C',
  N: 'N',
  NA: 'N',
  NS: 'N',
  OA: 'O',
  OS: 'O',
  S: 'S',
  SA: 'S',
  H: 'H',
  HD: 'H',
  HS: 'H',
  P: 'P',
  F: 'F',
  CL: 'CL',
  BR: 'BR',
  I: 'I',
  MG: 'MG',
  MN: 'MN',
  ZN: 'ZN',
  CA: 'CA',
  FE: 'FE',
  SI: 'SI',
  B: 'B',
  // Hydrated docking's water oxygen.
  W: 'O',
};

/** Element for an AutoDock type; null for glue pseudo-atoms (G0-G9) of macrocycle docking. */
export function adTypeElement(type: string, line: string): string | null {
  const t = type.trim().toUpperCase();
  if (/^G\d$/.test(t)) return null;
  // Meeko's macrocycle ring-closure carbons: CG0-CG9.
  if (/^CG\d$/.test(t)) return 'C';
  return AD_TYPES[t] ?? atomElement(`${line.slice(0, 76).padEnd(76)}  `, line.startsWith('HETATM'));
}

/** The AutoDock type of a PDBQT atom line (columns 78-79), as written ('A', 'OA', 'Zn'). */
export const adType = (line: string): string => line.slice(77, 79).trim();

export function readPdbqt(text: string): PdbFile {
  return readPdb(text, { format: 'PDBQT', elementOf: (line) => adTypeElement(adType(line), line) });
}
