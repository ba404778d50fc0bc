/**
 * Which alternate location a structure keeps per residue when only one conformation
 * can go on (Quick Prepare, receptor preparation): A when the residue has one, else the
 * first alt-loc written (some residues carry only B, C ... and must not lose their atoms).
 */
import type { Residue } from './readers/pdb';

export function chosenAltLocs(residues: readonly Residue[]): Map<Residue, string> {
  const chosen = new Map<Residue, string>();
  for (const residue of residues) {
    for (const a of residue.atoms) {
      if (!a.altLoc) continue;
      const current = chosen.get(residue);
      if (current === undefined || (a.altLoc === 'A' && current !== 'A')) chosen.set(residue, a.altLoc);
    }
  }
  return chosen;
}

/** True when the atom is in the conformation kept for its residue (atoms without alt-loc always are). */
export const inChosenConformation = (altLoc: string, chosen: string | undefined): boolean =>
  altLoc === '' || altLoc === chosen;
