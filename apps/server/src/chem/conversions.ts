/**
 * The conversions behind the files API: SMILES (convert_to_smiles), depiction,
 * 3D (convert_to_3d), MOL2 (to_mol2) and merging into one PDB (merge_pdb).
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
import { formatConect, isAtomRecord, parseAtomLine, parseConect, recordName } from './pdb-records';
import { pdbqtToPdb } from './pdbqt';
import { canonicalSmiles, canonicalSmilesOfPerceived, depictSvg, firstSmilesToken, sameMolecule } from './rdkit';
import { readMol2 } from './readers/mol2';
import { firstModel, readPdb } from './readers/pdb';
import { readPdbqt } from './readers/pdbqt';
import { readSdf } from './readers/sdf';
import { smilesLines } from './readers/smiles';
import { readXyz, xyzSymbol } from './readers/xyz';
import { joinLines, splitLines } from './text';

function structureFormat(ext: string, allowed?: readonly StructureExt[]): StructureExt {
  const format = normalizeStructureExt(ext);
  if (!format || (allowed && !allowed.includes(format))) {
    throw new ChemistryError('unsupportedFormat', `'${ext}' is not supported here`);
  }
  return format;
}

/** Wraps tool failures as ChemistryError so callers handle one error type. */
function conversionFailed(what: string, error: unknown): ChemistryError {
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
 * An SDF with 3D coordinates and explicit hydrogens. 2D input and SMILES are built
 * with obabel --gen3d, falling back to one RDKit ETKDG conformer when obabel fails,
 * returns flat coordinates or changes the molecule (--gen3d can invert stereocentres
 * it fails to correct); 3D input keeps its coordinates unless `regenerate`.
 */
export async function to3d(ext: string, content: string, options: To3dOptions = {}): Promise<string> {
  const format = structureFormat(ext);
  const engine = options.engine ?? 'auto';
  const keep = !options.regenerate && hasDepth(zCoordinates(format, content));
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

// ---------------------------------------------------------------------------
// Merge

export interface MergeInput {
  /** Shown in the merged file's REMARK records (a file name without extension). */
  name: string;
  ext: string;
  content: string;
}

/** Chain identifiers in the order they are handed out. */
const CHAIN_IDS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Replaces columns [start, start + text.length) of a fixed-column line (0-based start). */
function setColumns(line: string, start: number, text: string): string {
  const padded = line.padEnd(start + text.length);
  return padded.slice(0, start) + text + padded.slice(start + text.length);
}

interface MergeBlock {
  name: string;
  /** PDB text; 'structure' keeps its chains and residues, 'molecule' is one residue per molecule. */
  kind: 'structure' | 'molecule';
  /** For 'structure': one text. For 'molecule': one PDB text per molecule. */
  texts: string[];
}

/** Splits Open Babel's multi-molecule PDB output (MODEL blocks) into one text per molecule. */
function obabelModels(pdb: string): string[] {
  const models: string[][] = [];
  let current: string[] | null = null;
  let sawModel = false;
  for (const line of splitLines(pdb)) {
    const record = recordName(line);
    if (record === 'MODEL') {
      sawModel = true;
      current = [];
      models.push(current);
    } else if (record === 'ENDMDL') {
      current = null;
    } else if (current) {
      current.push(line);
    } else if (!sawModel) {
      if (models.length === 0) models.push([]);
      models[0]!.push(line);
    }
  }
  return models.filter((m) => m.some(isAtomRecord)).map(joinLines);
}

async function prepareMergeBlock(input: MergeInput): Promise<MergeBlock> {
  const format = structureFormat(input.ext, ['pdb', 'pdbqt', 'sdf', 'mol2', 'smi']);
  if (format === 'pdb') return { name: input.name, kind: 'structure', texts: [firstModel(input.content)] };
  if (format === 'pdbqt') {
    return {
      name: input.name,
      kind: 'structure',
      texts: [pdbqtToPdb(firstModel(input.content), { keepHydrogens: true })],
    };
  }
  let pdb: string;
  try {
    pdb = await convert(input.content, format, 'pdb', { gen3d: format === 'smi' });
  } catch (error) {
    throw conversionFailed(`could not convert ${input.name}.${input.ext} to PDB`, error);
  }
  return { name: input.name, kind: 'molecule', texts: obabelModels(pdb) };
}

/**
 * Source names go into free-text REMARK 999 records (a number no reader interprets;
 * viewers do read 290, 350, 465 ...), on one line within 80 columns.
 */
const remarkName = (name: string) => name.replace(/[\r\n\t]+/g, ' ').slice(0, 50);

/** Atom names made unique within a residue (element + running number) when they are not. */
function uniqueAtomNames(lines: string[]): string[] {
  const names = lines.map((l) => l.slice(12, 16).trim());
  if (new Set(names).size === names.length) return lines;
  const counters = new Map<string, number>();
  return lines.map((line) => {
    const element = parseAtomLine(line, 0, true)?.element || 'X';
    const n = (counters.get(element) ?? 0) + 1;
    counters.set(element, n);
    const name = `${element}${n}`;
    // One-letter elements start in col 14, two-letter ones in col 13 (PDB alignment).
    const field = element.length === 1 && name.length < 4 ? ` ${name}`.padEnd(4) : name.slice(0, 4).padEnd(4);
    return setColumns(line, 12, field);
  });
}

/**
 * Merges structures into one PDB: each input keeps its own chain(s) (PDB chains are
 * kept when free, otherwise relabelled to the next free identifier; each SDF/MOL2/
 * SMILES input becomes a new chain with one HETATM residue per molecule). Atom
 * serials are renumbered from 1 across the file (TER records take a serial, as the
 * format defines), CONECT records follow the new serials, and END appears once.
 * SMILES get 3D coordinates (obabel --gen3d); PDB inputs contribute their first model.
 */
export async function mergeToPdb(files: readonly MergeInput[]): Promise<string> {
  const blocks: MergeBlock[] = [];
  for (const file of files) blocks.push(await prepareMergeBlock(file));

  const used = new Set<string>();
  const takeChain = (preferred: string | null): string => {
    if (preferred && preferred !== ' ' && !used.has(preferred)) {
      used.add(preferred);
      return preferred;
    }
    const free = [...CHAIN_IDS].find((c) => !used.has(c));
    if (!free) throw new ChemistryError('invalidInput', `more than ${CHAIN_IDS.length} chains to merge`);
    used.add(free);
    return free;
  };

  let serial = 0;
  const nextSerial = () => encodeHybrid36(++serial, 5);
  const remarks: string[] = [];
  const atoms: string[] = [];
  const conects: string[] = [];

  // Rewrites one PDB text's atom, ANISOU and TER lines with new serials and chains.
  const emit = (
    text: string,
    chainFor: (original: string) => string,
    /** For a one-residue molecule: rewrites record, residue name and number (atom names are made unique too). */
    residueFor: ((line: string) => string) | null,
  ): string[] => {
    const serials = new Map<string, string>();
    const chainsUsed: string[] = [];
    let lastAtom: string | null = null;
    const lines = splitLines(text);
    const atomLines = lines.filter(isAtomRecord);
    const renamed = residueFor ? uniqueAtomNames(atomLines) : atomLines;
    let atomIndex = 0;
    for (const line of lines) {
      const record = recordName(line);
      if (isAtomRecord(line)) {
        const chain = chainFor(line.slice(21, 22).trim());
        if (!chainsUsed.includes(chain)) chainsUsed.push(chain);
        const next = nextSerial();
        const old = line.slice(6, 11).trim();
        if (!serials.has(old)) serials.set(old, next);
        let out = renamed[atomIndex++]!;
        out = setColumns(out, 6, next);
        out = setColumns(out, 21, chain);
        if (residueFor) out = residueFor(out);
        atoms.push(out);
        lastAtom = out;
      } else if (record === 'ANISOU' && lastAtom) {
        // Same columns 7-27 as its atom.
        atoms.push(setColumns(line, 6, lastAtom.slice(6, 27)));
      } else if (record === 'TER' && lastAtom) {
        atoms.push(`TER   ${nextSerial()}      ${lastAtom.slice(17, 27)}`);
      } else if (record === 'CONECT') {
        const parsed = parseConect(line);
        const origin = parsed && serials.get(parsed.origin);
        if (!parsed || !origin) continue;
        const bonded = parsed.bonded.map((s) => serials.get(s)).filter((s): s is string => s !== undefined);
        if (bonded.length > 0)
          conects.push(
            ...formatConect(
              origin.trim(),
              bonded.map((s) => s.trim()),
            ),
          );
      }
    }
    return chainsUsed;
  };

  for (const block of blocks) {
    if (block.kind === 'structure') {
      const chainMap = new Map<string, string>();
      const text = block.texts[0] ?? '';
      if (!splitLines(text).some(isAtomRecord)) {
        throw new ChemistryError('invalidInput', `${block.name} has no ATOM or HETATM records`);
      }
      const chains = emit(
        text,
        (original) => {
          let chain = chainMap.get(original);
          if (chain === undefined) {
            chain = takeChain(original === '' ? null : original);
            chainMap.set(original, chain);
          }
          return chain;
        },
        null,
      );
      remarks.push(
        `REMARK 999 CHAIN${chains.length > 1 ? 'S' : ''} ${chains.join(',')} FROM ${remarkName(block.name)}`,
      );
    } else {
      if (block.texts.length === 0) throw new ChemistryError('invalidInput', `${block.name} has no molecules`);
      const chain = takeChain(null);
      block.texts.forEach((text, index) => {
        const atomLines = splitLines(text).filter(isAtomRecord);
        const residues = new Set(atomLines.map((l) => l.slice(17, 27)));
        // A one-residue molecule becomes HETATM residue <index+1>; a multi-residue one
        // (a peptide from MOL2) keeps its residues and only changes chain.
        if (residues.size > 1) {
          emit(text, () => chain, null);
          return;
        }
        emit(
          text,
          () => chain,
          (line: string) => {
            const resName = line.slice(17, 20).trim() || 'UNL';
            let out = setColumns(line, 0, 'HETATM');
            out = setColumns(out, 17, resName.padStart(3));
            out = setColumns(out, 22, `${encodeHybrid36(index + 1, 4)} `);
            return out;
          },
        );
      });
      remarks.push(`REMARK 999 CHAIN ${chain} FROM ${remarkName(block.name)}`);
    }
  }
  return joinLines([...remarks, ...atoms, ...conects, 'END']);
}
