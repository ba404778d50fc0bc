/**
 * Splitting multi-molecule files into one file per molecule (spec §5: split accepts
 * SDF, MOL2 and SMI besides PDB), through the one molecule splitter (molecules.ts).
 * Records are copied verbatim, so nothing a record carries (SDF data items, MOL2 charges
 * and substructure sections, SMILES names) is lost or re-perceived.
 */
import { splitMolecules } from './molecules';
import { safeName, uniqueNames } from './text';

export interface MoleculePart {
  /** File-name-safe and unique within one split (duplicates get _2, _3 ...): the title, else mol_<n>. */
  name: string;
  content: string;
}

/** One part per SDF record, MOL2 molecule or SMILES line. */
export async function splitMultiMolecule(ext: 'sdf' | 'mol2' | 'smi', text: string): Promise<MoleculePart[]> {
  const { molecules } = await splitMolecules(ext, text, 'mol');
  const names = uniqueNames(molecules.map((m, i) => safeName(m.title, `mol_${i + 1}`)));
  return molecules.map((m, i) => ({ name: names[i] ?? `mol_${i + 1}`, content: m.content }));
}
