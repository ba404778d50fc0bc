/**
 * The one ligand-molecule splitter: the molecules of a ligand file as docking,
 * preparation, pockets and the files API (split) all see them. SDF/MOL records, MOL2
 * molecules and SMILES lines are a molecule each; a PDB or PDBQT file is one molecule
 * (its first model: poses and NMR models are conformations of one molecule). Each keeps
 * its text as written, its atoms (heavy and hydrogens, one conformation), its heavy-atom
 * count and whether it has real 3D coordinates.
 */
import { chosenAltLocs } from './alt-locs';
import { normalizeStructureExt } from './formats';
import { readMol2 } from './readers/mol2';
import { firstModel, type PdbFile, readPdb } from './readers/pdb';
import { readPdbqt } from './readers/pdbqt';
import { type Atom, heavyAtomCount, type ReadError, type StructureRecord } from './readers/result';
import { readSdf } from './readers/sdf';
import { readSmiles } from './readers/smiles';
import { WATER_RESIDUES } from './residues';

export type MoleculeFormat = 'sdf' | 'mol2' | 'smi' | 'pdb' | 'pdbqt';

export interface Molecule {
  /** 1-based position in the file. */
  index: number;
  /** The molecule's own name (SDF title line, MOL2 name, SMILES name), '' when it has none. */
  title: string;
  /** The title, else `<base>_<index>` when the file holds several molecules, else `<base>`. */
  name: string;
  format: MoleculeFormat;
  /** The molecule in its own format (an SDF record ends with '$$$$'). */
  content: string;
  /** Atoms with coordinates, one conformation (none for SMILES). */
  atoms: Atom[];
  heavyAtoms: number;
  /** Coordinates that are not flat: a 2D drawing (all z equal) or a SMILES has none. */
  is3d: boolean;
}

const MOLECULE_FORMATS: Readonly<Record<string, MoleculeFormat>> = {
  sdf: 'sdf',
  mol2: 'mol2',
  smi: 'smi',
  pdb: 'pdb',
  pdbqt: 'pdbqt',
};

/** The format of a ligand file by extension or file type ('SDF', 'mol', 'smiles'); null for others. */
export function moleculeFormat(ext: string): MoleculeFormat | null {
  return MOLECULE_FORMATS[normalizeStructureExt(ext) ?? ''] ?? null;
}

/** True when the atoms do not all lie in one z plane (a 2D molfile has z = 0 throughout). */
export function hasDepth(zs: readonly number[]): boolean {
  const finite = zs.filter(Number.isFinite);
  if (finite.length === 0) return false;
  return Math.max(...finite) - Math.min(...finite) > 1e-3;
}

/** Real 3D coordinates: depth in z; up to 3 atoms always lie in a plane, so any that is off z = 0 was placed in 3D. */
export function isThreeD(atoms: readonly Atom[]): boolean {
  if (atoms.length === 0) return false;
  if (atoms.length <= 3) return atoms.some((a) => Math.abs(a.z) > 1e-3);
  return hasDepth(atoms.map((a) => a.z));
}

/** The first model of a PDB/PDBQT as one record: one conformation per residue, no waters. */
function firstModelMolecule(file: PdbFile): StructureRecord | null {
  const model = file.records[0];
  if (!model) return null;
  const altOf = chosenAltLocs(model.residues);
  const atoms = model.residues
    .filter((r) => !WATER_RESIDUES.has(r.resName))
    .flatMap((r) => r.atoms.filter((a) => a.altLoc === '' || a.altLoc === altOf.get(r)))
    .filter((a) => Number.isFinite(a.x + a.y + a.z));
  return { ...model, atoms, heavyAtoms: heavyAtomCount(atoms) };
}

export interface MoleculeSplit {
  molecules: Molecule[];
  /** What the format's reader found wrong (line numbers are the file's). */
  errors: ReadError[];
}

/**
 * The molecules of a ligand file. `base` names untitled molecules (the file name
 * without extension). Unsupported formats give no molecule.
 */
export async function splitMolecules(ext: string, text: string, base: string): Promise<MoleculeSplit> {
  const format = moleculeFormat(ext);
  if (!format) return { molecules: [], errors: [] };
  let records: StructureRecord[];
  let errors: ReadError[];
  if (format === 'pdb' || format === 'pdbqt') {
    const file = format === 'pdb' ? readPdb(text) : readPdbqt(text);
    const molecule = firstModelMolecule(file);
    // Its text: the first model's lines without MODEL/ENDMDL (Vina reads no MODEL record in a ligand).
    records = molecule ? [{ ...molecule, text: firstModel(text) }] : [];
    errors = file.errors;
  } else {
    const read = format === 'sdf' ? readSdf(text) : format === 'mol2' ? readMol2(text) : await readSmiles(text);
    records = read.records;
    errors = read.errors;
  }
  const molecules = records.map((r) => ({
    index: r.index,
    title: r.title.trim(),
    name: r.title.trim() || (records.length > 1 ? `${base}_${r.index}` : base),
    format,
    content: r.text,
    atoms: r.atoms,
    heavyAtoms: r.heavyAtoms,
    is3d: format !== 'smi' && isThreeD(r.atoms),
  }));
  return { molecules, errors };
}
