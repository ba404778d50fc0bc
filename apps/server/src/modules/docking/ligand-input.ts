/**
 * Ligand files as docking sees them: every molecule of a multi-molecule SDF or
 * MOL2 is a ligand of its own (named after its title, or the file and its
 * position); a PDBQT is one ligand (its first model). Checks shared by the
 * submission (refuse before a job exists) and the executor.
 */
import { firstModel, hasDepth } from '../../chem/conversions';
import { mol2Records, sdfRecords, validateStructure } from '../../chem/formats';
import { isAtomRecord } from '../../chem/pdb-records';
import { canonicalSmiles } from '../../chem/rdkit';
import { joinLines, splitLines } from '../../chem/text';

export type LigandFormat = 'sdf' | 'mol2' | 'pdbqt';

export interface LigandMolecule {
  /** The molecule's own name (title line), or <file name>_<n>. */
  name: string;
  format: LigandFormat;
  /** One molecule in its own format. */
  content: string;
}

export const ligandFormatOf = (fileType: string): LigandFormat | null => {
  const t = fileType.toUpperCase();
  return t === 'SDF' ? 'sdf' : t === 'MOL2' ? 'mol2' : t === 'PDBQT' ? 'pdbqt' : null;
};

const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '') || fileName;

/** Splits a ligand file into its molecules (no parsing beyond the record separators). */
export function ligandMolecules(fileName: string, format: LigandFormat, text: string): LigandMolecule[] {
  const base = baseName(fileName);
  if (format === 'pdbqt') return [{ name: base, format, content: firstModel(text) }];
  const records =
    format === 'sdf'
      ? sdfRecords(text).map((r) => ({ title: r.lines[0] ?? '', content: joinLines([...r.lines, '$$$$']) }))
      : mol2Records(text).map((r) => ({ title: r.lines[1] ?? '', content: joinLines(r.lines) }));
  return records.map((r, i) => ({
    name: r.title.trim() || (records.length > 1 ? `${base}_${i + 1}` : base),
    format,
    content: r.content,
  }));
}

function zCoordinates(molecule: LigandMolecule): number[] {
  const lines = splitLines(molecule.content);
  if (molecule.format === 'pdbqt') return lines.filter(isAtomRecord).map((l) => Number(l.slice(46, 54)));
  if (molecule.format === 'sdf') {
    const counts = lines[3] ?? '';
    if (/V3000/i.test(counts)) {
      return lines.filter((l) => /^M {2}V30 \d+ \S+ /.test(l)).map((l) => Number(l.trim().split(/\s+/)[6]));
    }
    const atoms = Number.parseInt(counts.slice(0, 3), 10) || 0;
    return lines.slice(4, 4 + atoms).map((l) => Number(l.slice(20, 30)));
  }
  const start = lines.findIndex((l) => /^@<TRIPOS>ATOM/i.test(l.trim()));
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && l.trim().startsWith('@<TRIPOS>'));
  return lines
    .slice(start + 1, end < 0 ? undefined : end)
    .filter((l) => l.trim() !== '')
    .map((l) => Number(l.trim().split(/\s+/)[4]));
}

/** A flat molecule (all z equal, as a drawn 2D molfile) has no usable start for docking. */
export function is3d(molecule: LigandMolecule): boolean {
  const zs = zCoordinates(molecule);
  // Up to 3 atoms always lie in a plane; one that is not at z = 0 was placed in 3D.
  if (zs.length > 0 && zs.length <= 3) return zs.some((z) => Math.abs(z) > 1e-3);
  return hasDepth(zs);
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
  const molecules = ligandMolecules(fileName, format, text);
  if (molecules.length === 0) return { problem: { kind: 'unreadable', detail: 'no molecule in the file' }, molecules };
  for (const [i, molecule] of molecules.entries()) {
    if (format === 'sdf' && (await canonicalSmiles(molecule.content)) === null) {
      const where = molecules.length > 1 ? `record ${i + 1} (${molecule.name})` : molecule.name;
      return { problem: { kind: 'unreadable', detail: `RDKit cannot read ${where}` }, molecules };
    }
    if (!is3d(molecule)) return { problem: { kind: 'not3d', molecule: molecule.name }, molecules };
  }
  return { problem: null, molecules };
}
