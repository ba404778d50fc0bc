/**
 * Receptor clean-up before Open Babel makes the PDBQT (notes/docking.md): the first
 * model only, no waters, no hydrogens (Open Babel adds them again at pH 7.4), one
 * conformation per atom (alternate location ' ' or 'A'), no ligands or other
 * hetero groups. Single-atom metal ions stay: Vina has types for them and a zinc
 * in a pocket is part of the site. Selenomethionine (MSE) stays as part of the chain.
 */
import { firstModel } from '../../chem/conversions';
import { isAtomRecord, recordName } from '../../chem/pdb-records';
import { joinLines, splitLines } from '../../chem/text';

const KEPT_HETERO = new Set(['ZN', 'MG', 'MN', 'CA', 'FE', 'FE2', 'CO', 'NI', 'CU', 'CU1', 'MSE']);

function elementOf(line: string): string {
  const given = line.slice(76, 78).trim().toUpperCase();
  if (given) return given;
  // Old files without the element column: the atom name's first letter.
  return line.slice(12, 16).trim().replace(/^\d+/, '').charAt(0).toUpperCase();
}

export interface CleanReceptor {
  pdb: string;
  /** Atom records kept. */
  atoms: number;
  /** Records dropped, by kind, for the provenance. */
  dropped: { waters: number; hetero: number; hydrogens: number; altLocs: number };
}

export function cleanReceptor(text: string): CleanReceptor {
  const out: string[] = [];
  const dropped = { waters: 0, hetero: 0, hydrogens: 0, altLocs: 0 };
  let atoms = 0;
  for (const line of splitLines(firstModel(text))) {
    const record = recordName(line);
    if (record === 'TER') {
      if (out.length > 0 && recordName(out[out.length - 1] ?? '') !== 'TER') out.push('TER');
      continue;
    }
    if (!isAtomRecord(line)) continue;
    const resName = line.slice(17, 20).trim().toUpperCase();
    if (['HOH', 'WAT', 'DOD', 'H2O'].includes(resName)) {
      dropped.waters++;
      continue;
    }
    if (record === 'HETATM' && !KEPT_HETERO.has(resName)) {
      dropped.hetero++;
      continue;
    }
    const element = elementOf(line);
    if (element === 'H' || element === 'D') {
      dropped.hydrogens++;
      continue;
    }
    const altLoc = line.charAt(16);
    if (altLoc !== ' ' && altLoc !== 'A' && altLoc !== '') {
      dropped.altLocs++;
      continue;
    }
    out.push(altLoc === 'A' ? `${line.slice(0, 16)} ${line.slice(17)}` : line);
    atoms++;
  }
  out.push('END');
  return { pdb: joinLines(out), atoms, dropped };
}

/** Atom records of a PDB/PDBQT text that belong to a polymer (ATOM records). */
export function countProteinAtoms(text: string): number {
  return splitLines(firstModel(text)).filter((l) => recordName(l) === 'ATOM').length;
}
