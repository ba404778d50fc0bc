/**
 * The molecules of a ligand file as prepare_ligand handles them: the chem layer's
 * molecule splitter (SDF/MOL records, MOL2 molecules, SMILES lines, a PDB/PDBQT as one
 * molecule), with a PDBQT given to Open Babel as heavy-atom PDB (chem/pdbqt.ts says why).
 */
import { type Molecule, splitMolecules } from '../../chem/molecules';
import { pdbqtToPdb } from '../../chem/pdbqt';

export interface LigandMolecule extends Omit<Molecule, 'format'> {
  /** Open Babel input format of `content`. */
  format: 'sdf' | 'mol2' | 'smi' | 'pdb';
}

/**
 * More heavy atoms than a ligand preparation handles: such a "ligand" is a protein or a
 * whole complex (a receptor file chosen by mistake), which RDKit's force field would
 * grind on for many minutes. 250 keeps peptides of about 30 residues and macrocycles.
 */
export const LIGAND_MAX_HEAVY_ATOMS = 250;

export async function ligandMolecules(ext: string, text: string, base: string): Promise<LigandMolecule[]> {
  const { molecules } = await splitMolecules(ext, text, base);
  return molecules.map((m) =>
    m.format === 'pdbqt' ? { ...m, format: 'pdb', content: pdbqtToPdb(m.content) } : { ...m, format: m.format },
  );
}
