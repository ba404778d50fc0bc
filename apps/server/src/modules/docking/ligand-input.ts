/**
 * Ligand files as docking sees them, through the chem layer's one molecule splitter:
 * every molecule of a multi-molecule SDF or MOL2 is a ligand of its own (named after
 * its title, or the file and its position); a PDBQT is one ligand (its first model).
 * Checks shared by the submission (refuse before a job exists) and the executor.
 */

import { type Molecule, splitMolecules } from '../../chem/molecules';
import { validateStructure } from '../../chem/offload';
import { canonicalSmiles } from '../../chem/rdkit';

export type LigandFormat = 'sdf' | 'mol2' | 'pdbqt';

export type LigandMolecule = Molecule & { format: LigandFormat };

export const ligandFormatOf = (fileType: string): LigandFormat | null => {
  const t = fileType.toUpperCase();
  return t === 'SDF' ? 'sdf' : t === 'MOL2' ? 'mol2' : t === 'PDBQT' ? 'pdbqt' : null;
};

const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '') || fileName;

/** The ligands of a ligand file. */
export async function ligandMolecules(fileName: string, format: LigandFormat, text: string): Promise<LigandMolecule[]> {
  const { molecules } = await splitMolecules(format, text, baseName(fileName));
  return molecules as LigandMolecule[];
}

export type LigandProblem = { kind: 'unreadable'; detail: string } | { kind: 'not3d'; molecule: string };

/**
 * Why a ligand file cannot be docked, or null: it must be well formed, every SDF
 * record must parse in RDKit (its bond orders are the template of the poses), and
 * every molecule needs 3D coordinates.
 */
export async function ligandProblem(
  fileName: string,
  format: LigandFormat,
  text: string,
): Promise<{ problem: LigandProblem | null; molecules: LigandMolecule[] }> {
  const valid = await validateStructure(format, text);
  if (!valid.ok) return { problem: { kind: 'unreadable', detail: valid.detail }, molecules: [] };
  const molecules = await ligandMolecules(fileName, format, text);
  if (molecules.length === 0) return { problem: { kind: 'unreadable', detail: 'no molecule in the file' }, molecules };
  for (const [i, molecule] of molecules.entries()) {
    if (format === 'sdf' && (await canonicalSmiles(molecule.content)) === null) {
      const where = molecules.length > 1 ? `record ${i + 1} (${molecule.name})` : molecule.name;
      return { problem: { kind: 'unreadable', detail: `RDKit cannot read ${where}` }, molecules };
    }
    if (!molecule.is3d) return { problem: { kind: 'not3d', molecule: molecule.name }, molecules };
  }
  return { problem: null, molecules };
}
