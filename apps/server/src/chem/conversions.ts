/**
 * The conversions behind the files API: SMILES (convert_to_smiles), depiction,
 * 3D (convert_to_3d) and MOL2 (to_mol2); merging into one PDB is merge-pdb.ts.
 *
 * Routing follows what each tool reads best. RDKit reads molfiles with their bond
 * orders and charges, so SDF goes to RDKit directly. Formats without bond orders
 * (PDB, PDBQT, XYZ) need bonds perceived from geometry, which Open Babel does; its
 * SMILES is then re-canonicalised by RDKit so every route yields the same canonical
 * form. MOL2 has no reader in MinimalLib and goes through Open Babel's SDF writer.
 */
import { ChemistryError } from './errors';
import { embedSmiles } from './etkdg';
import { normalizeStructureExt, type StructureExt } from './formats';
import { encodeHybrid36 } from './hybrid36';
import { hasDepth, isThreeD } from './molecules';
import { convert, ObabelError } from './openbabel';
import { pdbqtToPdb } from './pdbqt';
import {
  canonicalSmiles,
  canonicalSmilesOfPerceived,
  checkSmiles,
  depictSvg,
  firstSmilesToken,
  sameMolecule,
} from './rdkit';
import { readStructure } from './readers/index';
import { readMol2 } from './readers/mol2';
import { firstModel, readPdb } from './readers/pdb';
import { readPdbqt } from './readers/pdbqt';
import { readSdf } from './readers/sdf';
import { smilesLines } from './readers/smiles';
import { readXyz, xyzSymbol } from './readers/xyz';
import { joinLines } from './text';

export function structureFormat(ext: string, allowed?: readonly StructureExt[]): StructureExt {
  const format = normalizeStructureExt(ext);
  if (!format || (allowed && !allowed.includes(format))) {
    throw new ChemistryError('unsupportedFormat', `'${ext}' is not supported here`);
  }
  return format;
}

/** Wraps tool failures as ChemistryError so callers handle one error type. */
export function conversionFailed(what: string, error: unknown): ChemistryError {
  if (error instanceof ChemistryError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new ChemistryError('conversionFailed', `${what}: ${detail}`, { cause: error });
}

function single<T>(records: readonly T[], what: string): T {
  if (records.length === 0) throw new ChemistryError('invalidInput', `no ${what} in the file`);
  if (records.length > 1) {
    throw new ChemistryError('multipleMolecules', `the file holds ${records.length} ${what}s; split it first`);
  }
  return records[0]!;
}

/** Open Babel perceives bonds (and bond orders) from coordinates; RDKit canonicalises. */
async function smilesViaObabel(content: string, ext: string): Promise<string> {
  let output: string;
  try {
    output = await convert(content, ext, 'can');
  } catch (error) {
    throw conversionFailed('Open Babel could not read the structure', error);
  }
  const token = firstSmilesToken(output);
  const canonical = await canonicalSmilesOfPerceived(token);
  if (canonical === null) {
    throw new ChemistryError('conversionFailed', `RDKit cannot read Open Babel's SMILES '${token.slice(0, 200)}'`);
  }
  return canonical;
}

async function smilesOfMolblock(molblock: string): Promise<string> {
  const direct = await canonicalSmiles(molblock);
  if (direct !== null) return direct;
  // RDKit refuses some molfiles Open Babel accepts (e.g. hypervalent nitro written
  // N(=O)=O); let Open Babel normalise them before giving up.
  return smilesViaObabel(molblock, 'sdf');
}

/**
 * Canonical SMILES (RDKit, isomeric) of a single-molecule file. PDB/PDBQT files with
 * several models use the first (poses and NMR models of one molecule); files with
 * several records (SDF, MOL2, SMILES lines, XYZ frames) are refused.
 */
export async function toSmiles(ext: string, content: string): Promise<{ smiles: string }> {
  const format = structureFormat(ext);
  switch (format) {
    case 'smi': {
      const entry = single(smilesLines(content), 'SMILES line');
      const smiles = await canonicalSmiles(entry.smiles);
      if (smiles === null)
        throw new ChemistryError('invalidInput', `RDKit cannot parse '${entry.smiles.slice(0, 200)}'`);
      return { smiles };
    }
    case 'sdf': {
      const record = single(readSdf(content).records, 'molecule record');
      return { smiles: await smilesOfMolblock(record.molfile) };
    }
    case 'mol2': {
      single(readMol2(content).records, 'MOL2 molecule');
      let sdf: string;
      try {
        sdf = await convert(content, 'mol2', 'sdf');
      } catch (error) {
        throw conversionFailed('Open Babel could not read the MOL2 file', error);
      }
      return { smiles: await smilesOfMolblock(sdf) };
    }
    case 'xyz': {
      const frames = xyzFramesOf(content);
      const frame = single(frames, 'XYZ frame');
      return { smiles: await smilesViaObabel(xyzToPdb(frame.lines), 'pdb') };
    }
    case 'pdb':
      return { smiles: await smilesViaObabel(firstModel(content), 'pdb') };
    case 'pdbqt':
      return { smiles: await smilesViaObabel(pdbqtToPdb(firstModel(content)), 'pdb') };
    case 'cif':
      return { smiles: await smilesViaObabel(content, 'cif') };
  }
}

/**
 * An XYZ frame as HETATM records. Open Babel's XYZ reader perceives bonds but adds
 * no hydrogens to a heavy-atom-only frame (every carbon comes out a radical), while
 * its PDB reader does; routing XYZ through PDB gives both formats the same result.
 */
export function xyzToPdb(frame: readonly string[]): string {
  const out: string[] = [];
  const counts = new Map<string, number>();
  frame.slice(2).forEach((line, i) => {
    const [symbol = 'X', x = '0', y = '0', z = '0'] = line.trim().split(/\s+/);
    const element = xyzSymbol(symbol);
    const n = (counts.get(element) ?? 0) + 1;
    counts.set(element, n);
    const name = `${element.toUpperCase()}${n}`.slice(0, 4);
    const f = (v: string) => Number(v).toFixed(3).padStart(8);
    out.push(
      `HETATM${encodeHybrid36(i + 1, 5)} ${(element.length === 1 && name.length < 4 ? ` ${name}` : name).padEnd(4)} UNL A   1    ${f(x)}${f(y)}${f(z)}  1.00  0.00          ${element.toUpperCase().padStart(2)}`,
    );
  });
  return joinLines([...out, 'END']);
}

/** Base64 of an SVG depiction of the SMILES (the API returns images as base64). */
export async function smilesImage(smiles: string, width = 300, height = 200): Promise<string> {
  return Buffer.from(await depictSvg(smiles, width, height), 'utf8').toString('base64');
}

// ---------------------------------------------------------------------------
// 3D

/** z coordinates of the atoms of a file, where the format has coordinates at all. */
function zCoordinates(format: StructureExt, content: string): number[] {
  const zs = (records: readonly { atoms: readonly { z: number }[] }[]) =>
    records.flatMap((r) => r.atoms.map((a) => a.z));
  switch (format) {
    case 'sdf':
      return zs(readSdf(content).records);
    case 'pdb':
      return zs(readPdb(content).records);
    case 'pdbqt':
      return zs(readPdbqt(content).records);
    case 'mol2':
      return zs(readMol2(content).records);
    case 'xyz':
      return zs(readXyz(content).records);
    case 'cif':
      // mmCIF always carries Cartesian coordinates.
      return [0, 1];
    case 'smi':
      return [];
  }
}

export { hasDepth };

/** Every SDF record of `sdf` has 3D coordinates (records of up to 3 atoms may be planar). */
function sdfIs3d(sdf: string): boolean {
  const records = readSdf(sdf).records;
  return records.length > 0 && records.every((r) => r.atoms.length > 0 && (r.atoms.length <= 3 || isThreeD(r.atoms)));
}

/** The frames of an XYZ file; the reader's first error as the layer's error. */
function xyzFramesOf(content: string) {
  const read = readXyz(content);
  const [error] = read.errors;
  if (error) throw new ChemistryError('invalidInput', error.detail);
  return read.records;
}

export interface To3dOptions {
  /**
   * Which generator: Open Babel with the RDKit ETKDG fallback ('auto', default), or
   * one of them only.
   */
  engine?: 'auto' | 'obabel' | 'rdkit';
  /**
   * Input that already has 3D coordinates (a crystal ligand, a docked pose) keeps
   * them by default and only gains hydrogens: regenerating would discard the pose.
   * true always builds new coordinates.
   */
  regenerate?: boolean;
  /** Protonate for this pH (obabel -p) instead of adding neutral hydrogens. Open Babel only. */
  pH?: number;
}

/**
 * What Open Babel should read for a file: PDBQT as heavy-atom PDB and each XYZ frame
 * as PDB (see pdbqtToPdb and xyzToPdb for why), everything else as it is.
 */
function obabelInputs(format: StructureExt, content: string): { text: string; format: string }[] {
  if (format === 'pdbqt') return [{ text: pdbqtToPdb(content), format: 'pdb' }];
  if (format === 'xyz') return xyzFramesOf(content).map((frame) => ({ text: xyzToPdb(frame.lines), format: 'pdb' }));
  return [{ text: content, format }];
}

async function convertEach(
  inputs: { text: string; format: string }[],
  toExt: string,
  options: Parameters<typeof convert>[3],
): Promise<string> {
  const outputs: string[] = [];
  for (const input of inputs) outputs.push(await convert(input.text, input.format, toExt, options));
  return outputs.join('');
}

/** SMILES (with titles) of every record, for the ETKDG fallback. */
async function smilesRecords(format: StructureExt, content: string): Promise<string[]> {
  if (format === 'smi') return smilesLines(content).map((e) => `${e.smiles} ${e.name}`.trim());
  if (format === 'sdf') {
    const out: string[] = [];
    for (const record of readSdf(content).records) {
      out.push(`${await smilesOfMolblock(record.molfile)} ${record.title.trim()}`.trim());
    }
    return out;
  }
  return [(await toSmiles(format, content)).smiles];
}

/**
 * Why a built SDF is not acceptable, or null: every record must be 3D and, when the
 * molecules are known (SMILES or SDF input, no pH change), the molecule asked for,
 * stereocentres included.
 */
async function builtProblem(sdf: string, expected: readonly string[] | null): Promise<string | null> {
  if (!sdfIs3d(sdf)) return 'flat (2D) coordinates';
  if (!expected) return null;
  const records = readSdf(sdf).records;
  if (records.length !== expected.length) return `${records.length} records for ${expected.length} molecules`;
  for (const [i, record] of records.entries()) {
    if (!(await sameMolecule(expected[i]!, record.molfile))) {
      return `record ${i + 1} is not ${expected[i]} (stereo or bonds changed)`;
    }
  }
  return null;
}

/**
 * Heavy atoms of a molecule 3D building accepts. Drug-like ligands have under 70,
 * macrocycles and peptides up to about 200; building coordinates for more is minutes
 * of CPU (an 800-carbon SMILES took 240 s) for a structure no docking run can use.
 */
export const MAX_BUILD_HEAVY_ATOMS = 250;

/** Heavy atoms of the largest molecule in the input (SMILES through RDKit, the rest through the readers). */
async function largestMolecule(format: StructureExt, content: string): Promise<number> {
  let largest = 0;
  if (format === 'smi') {
    for (const { smiles } of smilesLines(content)) {
      const checked = await checkSmiles(smiles);
      if (checked.ok) largest = Math.max(largest, checked.atoms);
    }
    return largest;
  }
  for (const record of (await readStructure(format, content)).records) {
    largest = Math.max(largest, record.atoms.filter((a) => a.element !== 'H' && a.element !== 'D').length);
  }
  return largest;
}

/**
 * An SDF with 3D coordinates and explicit hydrogens. 2D input and SMILES are built
 * with obabel --gen3d, falling back to one RDKit ETKDG conformer when obabel fails,
 * returns flat coordinates or changes the molecule (--gen3d can invert stereocentres
 * it fails to correct); 3D input keeps its coordinates unless `regenerate`.
 */
export async function to3d(ext: string, content: string, options: To3dOptions = {}): Promise<string> {
  const format = structureFormat(ext);
  const engine = options.engine ?? 'auto';
  const keep = !options.regenerate && hasDepth(zCoordinates(format, content));
  if (!keep) {
    const atoms = await largestMolecule(format, content);
    if (atoms > MAX_BUILD_HEAVY_ATOMS) {
      throw new ChemistryError('tooLarge', `${atoms} heavy atoms (at most ${MAX_BUILD_HEAVY_ATOMS})`, {
        params: { atoms, max: MAX_BUILD_HEAVY_ATOMS },
      });
    }
  }
  // Molecules to check the result against: cheap (RDKit) for SMILES and SDF; a pH
  // changes charges on purpose, so then only 3D-ness is checked.
  const expected =
    (format === 'smi' || format === 'sdf') && options.pH === undefined ? await smilesRecords(format, content) : null;

  let obabelProblem = '';
  if (engine !== 'rdkit') {
    try {
      const sdf = await convertEach(obabelInputs(format, content), 'sdf', {
        gen3d: !keep,
        addHydrogens: true,
        pH: options.pH,
      });
      const problem = await builtProblem(sdf, expected);
      if (problem === null) return sdf;
      obabelProblem = `Open Babel gave ${problem}`;
    } catch (error) {
      if (!(error instanceof ObabelError)) throw error;
      obabelProblem = error.message;
    }
    if (engine === 'obabel') throw new ChemistryError('conversionFailed', obabelProblem);
  }
  const smiles = expected ?? (await smilesRecords(format, content));
  let sdf: string;
  try {
    sdf = await embedSmiles(smiles);
  } catch (error) {
    const detail = error instanceof ChemistryError ? error.detail : String(error);
    throw new ChemistryError('conversionFailed', `${obabelProblem || 'Open Babel not used'}; then ${detail}`, {
      cause: error,
    });
  }
  const problem = await builtProblem(sdf, smiles);
  if (problem !== null) throw new ChemistryError('conversionFailed', `RDKit ETKDG gave ${problem}`);
  return sdf;
}

/**
 * MOL2 (Open Babel). MOL2 expects every hydrogen to be explicit: its readers do not
 * infer implicit ones, so a heavy-atom-only MOL2 reads back wrong (Open Babel types
 * a COOH without its H as O.co2 and it returns as a carboxylate). Hydrogens are
 * therefore added unless `addHydrogens: false`. SMILES get 3D coordinates first,
 * since a MOL2 of all-zero coordinates is useless.
 */
export async function toMol2(ext: string, content: string, options: { addHydrogens?: boolean } = {}): Promise<string> {
  const format = structureFormat(ext);
  const addHydrogens = options.addHydrogens ?? true;
  try {
    if (format === 'smi') return await convert(content, 'smi', 'mol2', { gen3d: true });
    return await convertEach(obabelInputs(format, content), 'mol2', { addHydrogens });
  } catch (error) {
    throw conversionFailed('conversion to MOL2 failed', error);
  }
}
