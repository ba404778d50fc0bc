/**
 * A protein file as PDB text, for the operations that read PDB columns (Quick Prepare,
 * pockets): PDB as it is, PDBQT without its AutoDock columns, mmCIF through gemmi.
 */
import { mmcifToPdb } from './mmcif';
import { pdbqtToPdb } from './pdbqt';

export async function proteinPdbText(ext: string, text: string): Promise<string> {
  const e = ext.toLowerCase();
  if (e === 'pdbqt') return pdbqtToPdb(text);
  if (e === 'cif' || e === 'mmcif') return mmcifToPdb(text);
  return text;
}
