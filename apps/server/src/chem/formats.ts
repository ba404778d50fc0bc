/**
 * The structure formats this layer handles, and validation of uploads before they
 * are stored or converted. Validation answers "is this plausibly a well-formed file
 * of the declared format, and how big is it", by reading the format's own framing
 * (counts lines, fixed columns, section headers); chemistry (valences, bond orders)
 * is left to RDKit/Open Babel at conversion time, except for SMILES, where parsing
 * is the only check there is.
 */
import { ChemistryError } from './errors';
import type { CifRecord } from './readers/cif';
import { readStructure } from './readers/index';
import { modelCount, readPdb } from './readers/pdb';
import type { ReadProblem } from './readers/result';
import { decodeText } from './text';

export const STRUCTURE_EXTS = ['pdb', 'cif', 'sdf', 'mol2', 'smi', 'xyz', 'pdbqt'] as const;
export type StructureExt = (typeof STRUCTURE_EXTS)[number];

// Other spellings of the same formats: .mol is a single SDF record, .ent is the
// wwPDB archive's PDB extension, .mmcif and .smiles are common in uploads.
const ALIASES: Readonly<Record<string, StructureExt>> = {
  pdb: 'pdb',
  ent: 'pdb',
  cif: 'cif',
  mmcif: 'cif',
  sdf: 'sdf',
  sd: 'sdf',
  mol: 'sdf',
  mol2: 'mol2',
  smi: 'smi',
  smiles: 'smi',
  xyz: 'xyz',
  pdbqt: 'pdbqt',
};

/** Maps an extension or file type ('PDB', '.mol', 'mmcif') to the format it denotes; null if not a structure. */
export function normalizeStructureExt(ext: string): StructureExt | null {
  const key = ext.trim().replace(/^\./, '').toLowerCase();
  return Object.hasOwn(ALIASES, key) ? (ALIASES[key] ?? null) : null;
}

export function isStructureExt(ext: string): boolean {
  return normalizeStructureExt(ext) !== null;
}

/** Like normalizeStructureExt, but throws the layer's error for anything else. */
export function requireStructureExt(ext: string): StructureExt {
  const normalized = normalizeStructureExt(ext);
  if (!normalized) throw new ChemistryError('unsupportedFormat', `'${ext}' is not a structure format`);
  return normalized;
}

export type InvalidReason = ReadProblem;

export type ValidationResult =
  | { ok: true; atoms: number; molecules: number }
  | { ok: false; reason: InvalidReason; detail: string };

/**
 * Validates an upload of a structure format with its reader (chem/readers): the first
 * error the reader finds is the reason. `atoms` counts atom records (all atoms for
 * files with coordinates, heavy atoms for SMILES, which has no others unless written as
 * [H]); `molecules` counts records: SDF records, MOL2 molecules, SMILES lines, XYZ
 * frames, and models for PDB/PDBQT/mmCIF (1 when there are no MODEL records: a protein
 * with its waters is one structure).
 *
 * Async only because SMILES needs RDKit. Throws ChemistryError('unsupportedFormat')
 * for extensions that are not structure formats: the API decides those before.
 */
export async function validateStructure(ext: string, input: Uint8Array | string): Promise<ValidationResult> {
  const format = requireStructureExt(ext);
  const decoded = decodeText(input);
  if (!decoded.ok) return { ok: false, reason: 'binary', detail: `${decoded.detail}; a .${format} file must be text` };
  const text = decoded.text;
  if (text.trim() === '') {
    return {
      ok: false,
      reason: 'empty',
      detail: text === '' ? 'the file is empty' : 'the file contains only whitespace',
    };
  }
  if (format === 'pdb' || format === 'pdbqt') {
    // Counted as written: every ATOM/HETATM line, models as MODEL records.
    const file = readPdb(text, { format: format === 'pdb' ? 'PDB' : 'PDBQT' });
    const [error] = file.errors;
    if (error) return { ok: false, reason: error.reason, detail: error.detail };
    return { ok: true, atoms: file.lines.filter((l) => l.kind === 'atom').length, molecules: modelCount(file) };
  }
  const read = await readStructure(format, text);
  const [error] = read.errors;
  if (error) return { ok: false, reason: error.reason, detail: error.detail };
  const atoms = read.records.reduce(
    (sum, r) => sum + (format === 'smi' ? r.heavyAtoms : 'rows' in r ? (r as CifRecord).rows : r.atoms.length),
    0,
  );
  return { ok: true, atoms, molecules: read.records.length };
}
