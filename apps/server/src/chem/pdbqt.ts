/**
 * PDBQT (AutoDock) to plain PDB. PDBQT keeps PDB columns 1-66 but puts a partial
 * charge in 71-76 and an AutoDock atom type (A, OA, NA, HD ...) in 78-79 where PDB
 * has the element, and it adds torsion-tree records (ROOT, BRANCH, TORSDOF).
 *
 * Reading PDBQT directly with Open Babel gives radicals for ligands: AutoDock keeps
 * only polar hydrogens, and obabel, seeing some explicit hydrogens, adds none to
 * carbon ("[C]N1[C][C][C]C1=N" for 1uou's ligand). Converting to heavy-atom PDB first
 * lets obabel perceive bonds, bond orders and hydrogens from the geometry instead.
 */
import { isAtomRecord, recordName } from './pdb-records';
import { adTypeElement } from './readers/pdbqt';
import { joinLines, splitLines } from './text';

/**
 * Rewrites a PDBQT as PDB: atom records keep columns 1-66 and get the element in
 * 77-78; torsion-tree, REMARK and CONECT records are dropped (CONECT could name
 * removed hydrogens; bonds are re-perceived anyway); MODEL/ENDMDL/TER/END stay.
 * Hydrogens are dropped unless `keepHydrogens` (see the module comment for why).
 */
export function pdbqtToPdb(text: string, options: { keepHydrogens?: boolean } = {}): string {
  const out: string[] = [];
  for (const line of splitLines(text)) {
    const record = recordName(line);
    if (isAtomRecord(line)) {
      const element = adTypeElement(line.slice(77, 79), line);
      if (element === null) continue;
      if (element === 'H' && !options.keepHydrogens) continue;
      out.push(`${line.slice(0, 66).padEnd(66)}          ${element.padStart(2)}`);
    } else if (['MODEL', 'ENDMDL', 'TER', 'END'].includes(record)) {
      out.push(line);
    }
  }
  return joinLines(out);
}
