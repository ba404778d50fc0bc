/**
 * The PDB reader (PDBQT too: same columns, see readPdbqt). One pass over the lines
 * gives every line with its kind and model, the atoms (fixed columns, chem/pdb-records),
 * residue instances, models as records, and the file-level evidence other operations
 * need: MODRES (modified residues of the polymer), LINK and CONECT (bonds).
 *
 * Atoms whose coordinate columns are not numbers are still read (with NaN
 * coordinates) so a split places every line somewhere; each such line is an error.
 */
import { isAtomRecord, type PdbAtom, parseAtomLine, parseConect, parseNumberField, recordName } from '../pdb-records';
import { joinLines, splitLines } from '../text';
import {
  COORDINATE_LIMIT,
  heavyAtomCount,
  type ReadError,
  type ReadResult,
  readError,
  type StructureRecord,
} from './result';

export type PdbLineKind = 'atom' | 'anisou' | 'conect' | 'ter' | 'model' | 'endmdl' | 'end' | 'master' | 'other';

export interface PdbLine {
  text: string;
  kind: PdbLineKind;
  /** The atom of an ATOM/HETATM line, or the atom an ANISOU/SIGATM/SIGUIJ line belongs to. */
  atom: PdbAtom | null;
  /** 1-based model ordinal (1 when the file has no MODEL records). */
  model: number;
}

/** A residue instance: name, chain, number and insertion code within one model (alt-locs together). */
export interface Residue {
  key: string;
  model: number;
  atoms: PdbAtom[];
  resName: string;
  chain: string;
  resSeq: number;
  resSeqText: string;
  iCode: string;
  /** Its first atom is a HETATM record. */
  hetero: boolean;
}

export interface PdbModel extends StructureRecord<PdbAtom> {
  /** Residue instances of this model, in file order. */
  residues: Residue[];
}

export interface PdbConect {
  line: PdbLine;
  parsed: { origin: string; bonded: string[] };
}

/** A LINK record: both atoms as residue keys (see instanceKey) and atom names. */
export interface PdbLink {
  a: string;
  aName: string;
  b: string;
  bName: string;
}

export interface PdbFile extends ReadResult<PdbModel> {
  lines: PdbLine[];
  /** Every residue instance of every model, in file order. */
  residues: Residue[];
  residueOf: Map<PdbAtom, Residue>;
  conects: PdbConect[];
  /** Atoms by serial (several when models repeat serials). */
  bySerial: Map<string, PdbAtom[]>;
  links: PdbLink[];
  /** MODRES records as instance keys: the file says these residues are modified residues of its polymer. */
  modres: Set<string>;
  /** The MODEL line of each model, to write parts in the same models. */
  modelLines: Map<number, string>;
  multiModel: boolean;
}

/** Key of a residue instance across models: name, chain, number and insertion code (as MODRES and LINK give them). */
export const instanceKey = (r: { resName: string; chain: string; resSeqText: string; iCode: string }): string =>
  `${r.resName}|${r.chain}|${r.resSeqText}|${r.iCode}`;

const COORDINATES = [
  ['x', 30],
  ['y', 38],
  ['z', 46],
] as const;

/** The problem of an atom record's coordinate columns, or null. */
function coordinateError(text: string, lineNo: number, lastLine: boolean, endsMidLine: boolean): ReadError | null {
  const where = `line ${lineNo}`;
  if (text.length < 54) {
    // A short last line without a line ending is a file cut off in transfer.
    return lastLine && endsMidLine
      ? readError(
          'truncated',
          `${where}: the file ends inside an atom record (${text.length} characters, 54 needed)`,
          lineNo,
        )
      : readError(
          'malformed',
          `${where}: atom record too short for coordinates (${text.length} characters, 54 needed)`,
          lineNo,
        );
  }
  for (const [axis, start] of COORDINATES) {
    const field = text.slice(start, start + 8);
    const value = parseNumberField(field);
    if (!Number.isFinite(value)) {
      return readError(
        'malformed',
        `${where}: ${axis} coordinate (columns ${start + 1}-${start + 8}) is '${field.trim()}', not a number`,
        lineNo,
      );
    }
    if (Math.abs(value) > COORDINATE_LIMIT) {
      return readError(
        'malformed',
        `${where}: ${axis} coordinate (columns ${start + 1}-${start + 8}) is ${field.trim()}, beyond ±${COORDINATE_LIMIT} Å, further than any structure reaches`,
        lineNo,
      );
    }
  }
  return null;
}

/** A PDBQT atom record carries a partial charge in columns 71-76 and an AutoDock type in 78-79. */
const hasPdbqtColumns = (text: string): boolean =>
  Number.isFinite(parseNumberField(text.slice(70, 76))) && text.slice(77, 79).trim() !== '';

/**
 * PDBQT's own columns on every atom record: a PDB file named .pdbqt (no charges, no AutoDock
 * types) is told as such, a PDBQT with some records lacking them by the first such line.
 */
function pdbqtColumnsError(atomLines: readonly { text: string; line: number }[]): ReadError | null {
  const lacking = atomLines.filter((a) => !hasPdbqtColumns(a.text));
  const first = lacking[0];
  if (!first) return null;
  if (lacking.length === atomLines.length) {
    return readError(
      'malformed',
      `line ${first.line}: this is PDB, not PDBQT: no atom record has the partial charge (columns 71-76) and AutoDock atom type (columns 78-79) of PDBQT; upload it as .pdb, or convert it to PDBQT`,
      first.line,
    );
  }
  return readError(
    'malformed',
    `line ${first.line}: atom record without the partial charge (columns 71-76) and AutoDock atom type (columns 78-79) of PDBQT`,
    first.line,
  );
}

export interface PdbReadOptions {
  /** 'PDBQT' in messages; elements from the AutoDock type (see readPdbqt). */
  format?: 'PDB' | 'PDBQT';
  /** Element of an atom line when the format defines it otherwise than PDB's columns 77-78. */
  elementOf?: (line: string) => string | null;
}

export function readPdb(text: string, options: PdbReadOptions = {}): PdbFile {
  const raw = splitLines(text);
  const endsMidLine = text !== '' && !/[\r\n]$/.test(text);
  const lines: PdbLine[] = [];
  const errors: ReadError[] = [];
  const residues: Residue[] = [];
  const byKey = new Map<string, Residue>();
  const residueOf = new Map<PdbAtom, Residue>();
  const modelLines = new Map<number, string>();
  const modres = new Set<string>();
  const bySerial = new Map<string, PdbAtom[]>();
  const links: PdbLink[] = [];
  const modelStarts = new Map<number, number>();
  let model = 1;
  let modelCount = 0;
  let lastAtom: PdbAtom | null = null;
  const atomLines: { text: string; line: number }[] = [];
  raw.forEach((line, i) => {
    const record = recordName(line);
    if (line.startsWith('ATOM') || line.startsWith('HETATM')) {
      atomLines.push({ text: line, line: i + 1 });
      const parsed = parseAtomLine(line, i + 1, true)!;
      const element = options.elementOf ? options.elementOf(line) : parsed.element;
      if (element === null) {
        // Not an atom of the structure (PDBQT glue pseudo-atoms): kept as a line only.
        lines.push({ text: line, kind: 'other', atom: null, model });
        return;
      }
      const atom: PdbAtom = element === parsed.element ? parsed : { ...parsed, element };
      const problem = coordinateError(line, i + 1, i === raw.length - 1, endsMidLine);
      if (problem) errors.push(problem);
      lastAtom = atom;
      lines.push({ text: line, kind: 'atom', atom, model });
      const sameSerial = bySerial.get(atom.serial);
      if (sameSerial) sameSerial.push(atom);
      else bySerial.set(atom.serial, [atom]);
      const key = `${model}|${instanceKey(atom)}`;
      let residue = byKey.get(key);
      if (!residue) {
        residue = {
          key,
          model,
          atoms: [],
          resName: atom.resName,
          chain: atom.chain,
          resSeq: atom.resSeq,
          resSeqText: atom.resSeqText,
          iCode: atom.iCode,
          hetero: atom.hetero,
        };
        byKey.set(key, residue);
        residues.push(residue);
      }
      residue.atoms.push(atom);
      residueOf.set(atom, residue);
      if (!modelStarts.has(model)) modelStarts.set(model, i + 1);
      return;
    }
    if (record === 'ANISOU' || record === 'SIGATM' || record === 'SIGUIJ') {
      // These repeat the serial of the atom they describe and follow it directly.
      const owner: PdbAtom | null = lastAtom;
      const belongs = owner !== null && owner.serial === line.slice(6, 11).trim();
      lines.push({ text: line, kind: belongs ? 'anisou' : 'other', atom: belongs ? owner : null, model });
      return;
    }
    let kind: PdbLineKind = 'other';
    if (record === 'CONECT') kind = 'conect';
    else if (record === 'TER') kind = 'ter';
    else if (record === 'MODEL') {
      kind = 'model';
      modelCount++;
      model = modelCount;
      modelLines.set(model, line);
      modelStarts.set(model, i + 1);
    } else if (record === 'ENDMDL') kind = 'endmdl';
    else if (record === 'END') kind = 'end';
    else if (record === 'MASTER') kind = 'master';
    else if (record === 'MODRES') {
      // MODRES: residue name 13-15, chain 17, number 19-22, insertion code 23.
      modres.add(
        `${line.slice(12, 15).trim()}|${line.slice(16, 17).trim()}|${line.slice(18, 22).trim()}|${line.slice(22, 23).trim()}`,
      );
    } else if (record === 'LINK') {
      // LINK: atom 13-16, residue 18-20, chain 22, number 23-26, code 27; the partner from col 43.
      const side = (at: number) => ({
        key: `${line.slice(at + 5, at + 8).trim()}|${line.slice(at + 9, at + 10).trim()}|${line.slice(at + 10, at + 14).trim()}|${line.slice(at + 14, at + 15).trim()}`,
        name: line.slice(at, at + 4).trim(),
      });
      const a = side(12);
      const b = side(42);
      links.push({ a: a.key, aName: a.name, b: b.key, bName: b.name });
    }
    lines.push({ text: line, kind, atom: null, model });
  });
  const conects: PdbConect[] = [];
  for (const line of lines) {
    const conect = line.kind === 'conect' ? parseConect(line.text) : null;
    if (conect) conects.push({ line, parsed: conect });
  }

  const records: PdbModel[] = [];
  for (const [ordinal, start] of [...modelStarts.entries()].sort((a, b) => a[0] - b[0])) {
    const modelAtoms = lines.filter((l) => l.kind === 'atom' && l.model === ordinal).map((l) => l.atom!);
    if (modelAtoms.length === 0) continue;
    // With several models a record is its MODEL ... ENDMDL block; otherwise the whole file.
    let modelText = raw;
    if (modelCount > 1) {
      const from = lines.findIndex((l) => l.kind === 'model' && l.model === ordinal);
      const to = lines.findIndex((l, k) => k > from && (l.kind === 'endmdl' || l.kind === 'model'));
      modelText = lines
        .slice(Math.max(from, 0), to < 0 ? undefined : to + (lines[to]?.kind === 'endmdl' ? 1 : 0))
        .map((l) => l.text);
    }
    records.push({
      index: ordinal,
      title: '',
      line: start,
      text: joinLines(modelText),
      atoms: modelAtoms,
      heavyAtoms: heavyAtomCount(modelAtoms),
      residues: residues.filter((r) => r.model === ordinal),
    });
  }
  if (lines.every((l) => l.kind !== 'atom')) {
    errors.push(readError('noAtoms', `no ATOM or HETATM records in this ${options.format ?? 'PDB'} file`));
  }
  const columns = options.format === 'PDBQT' ? pdbqtColumnsError(atomLines) : null;
  if (columns) {
    // PDB text under a .pdbqt name is the file's first problem; one line lacking them takes its place.
    const at = errors.findIndex((e) => e.line !== null && e.line > (columns.line ?? 0));
    if (atomLines.every((a) => !hasPdbqtColumns(a.text))) errors.unshift(columns);
    else errors.splice(at < 0 ? errors.length : at, 0, columns);
  }
  return {
    records,
    errors,
    lines,
    residues,
    residueOf,
    conects,
    bySerial,
    links,
    modres,
    modelLines,
    multiModel: modelCount > 1,
  };
}

/** The number of models of a PDB as validation counts them: MODEL records, at least 1. */
export function modelCount(file: PdbFile): number {
  return Math.max(file.modelLines.size, 1);
}

/** Lines of the first model of a PDB/PDBQT (all of it when there are no MODEL records). */
export function firstModel(text: string): string {
  const out: string[] = [];
  let inModel = false;
  let models = 0;
  for (const line of splitLines(text)) {
    const record = recordName(line);
    if (record === 'MODEL') {
      models++;
      inModel = true;
      continue;
    }
    if (record === 'ENDMDL') {
      inModel = false;
      continue;
    }
    if (models > 1 && inModel) continue;
    if (models >= 1 && !inModel && isAtomRecord(line)) continue;
    out.push(line);
  }
  return joinLines(out);
}
