/**
 * The structure formats this layer handles, and validation of uploads before they
 * are stored or converted. Validation answers "is this plausibly a well-formed file
 * of the declared format, and how big is it", by reading the format's own framing
 * (counts lines, fixed columns, section headers); chemistry (valences, bond orders)
 * is left to RDKit/Open Babel at conversion time, except for SMILES, where parsing
 * is the only check there is.
 */
import { ChemistryError } from './errors';
import { parseNumberField } from './pdb-records';
import { checkSmiles } from './rdkit';
import { modelCount, readPdb } from './readers/pdb';
import { decodeText, splitLines } from './text';

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

export type InvalidReason = 'empty' | 'binary' | 'noAtoms' | 'truncated' | 'malformed';

export type ValidationResult =
  | { ok: true; atoms: number; molecules: number }
  | { ok: false; reason: InvalidReason; detail: string };

type Outcome = ValidationResult;

const fail = (reason: InvalidReason, detail: string): Outcome => ({ ok: false, reason, detail });

/**
 * Validates an upload of a structure format. `atoms` counts atom records (all
 * atoms for files with coordinates, heavy atoms for SMILES, which has no others
 * unless written as [H]); `molecules` counts records: SDF records, MOL2 molecules,
 * SMILES lines, XYZ frames, and models for PDB/PDBQT/mmCIF (1 when there are no
 * MODEL records: a protein with its waters is one structure).
 *
 * Async only because SMILES needs RDKit. Throws ChemistryError('unsupportedFormat')
 * for extensions that are not structure formats: the API decides those before.
 */
export async function validateStructure(ext: string, input: Uint8Array | string): Promise<ValidationResult> {
  const format = requireStructureExt(ext);
  const decoded = decodeText(input);
  if (!decoded.ok) return fail('binary', `${decoded.detail}; a .${format} file must be text`);
  const text = decoded.text;
  if (text.trim() === '') return fail('empty', text === '' ? 'the file is empty' : 'the file contains only whitespace');
  switch (format) {
    case 'pdb':
    case 'pdbqt':
      return validatePdb(text, format);
    case 'sdf':
      return validateSdf(text);
    case 'mol2':
      return validateMol2(text);
    case 'xyz':
      return validateXyz(text);
    case 'cif':
      return validateCif(text);
    case 'smi':
      return validateSmi(text);
  }
}

// ---------------------------------------------------------------------------
// PDB / PDBQT: fixed columns.

function validatePdb(text: string, format: 'pdb' | 'pdbqt'): Outcome {
  const file = readPdb(text, { format: format === 'pdb' ? 'PDB' : 'PDBQT' });
  const [error] = file.errors;
  if (error) return fail(error.reason, error.detail);
  return { ok: true, atoms: file.lines.filter((l) => l.kind === 'atom').length, molecules: modelCount(file) };
}

// ---------------------------------------------------------------------------
// SDF / MOL: counts line, atom block, bond block, 'M  END', then data items.

const SDF_ATOM = /^\s*[-+]?\d*\.?\d+\s+[-+]?\d*\.?\d+\s+[-+]?\d*\.?\d+\s+[A-Za-z*#][A-Za-z0-9*#]{0,3}\b/;

function isSdfAtomLine(line: string): boolean {
  // Fixed columns first (x 1-10, y 11-20, z 21-30, symbol 32-34); whitespace-separated
  // as a fallback, since a few writers drift by a column and RDKit/Open Babel cope.
  const fixed =
    Number.isFinite(parseNumberField(line.slice(0, 10))) &&
    Number.isFinite(parseNumberField(line.slice(10, 20))) &&
    Number.isFinite(parseNumberField(line.slice(20, 30))) &&
    /^[A-Za-z*#][A-Za-z0-9*#]{0,2}$/.test(line.slice(31, 34).trim());
  return fixed || SDF_ATOM.test(line);
}

function sdfBondFields(line: string): [number, number, number] | null {
  const a = parseNumberField(line.slice(0, 3));
  const b = parseNumberField(line.slice(3, 6));
  const type = parseNumberField(line.slice(6, 9));
  if (![a, b, type].every((n) => Number.isInteger(n))) return null;
  return [a, b, type];
}

/** Splits an SDF into records: the lines of each, and the line number (0-based) it starts at. */
export function sdfRecords(text: string): { lines: string[]; start: number }[] {
  const lines = splitLines(text);
  const records: { lines: string[]; start: number }[] = [];
  let current: string[] = [];
  let start = 0;
  lines.forEach((line, i) => {
    if (line.trim() === '$$$$') {
      records.push({ lines: current, start });
      current = [];
      start = i + 1;
    } else {
      current.push(line);
    }
  });
  if (current.some((l) => l.trim() !== '')) records.push({ lines: current, start });
  return records.filter((r) => r.lines.some((l) => l.trim() !== ''));
}

function validateSdf(text: string): Outcome {
  const records = sdfRecords(text);
  let atoms = 0;
  for (const [index, record] of records.entries()) {
    const label = records.length > 1 ? `record ${index + 1}: ` : '';
    const result = validateMolRecord(record.lines, record.start);
    if (!result.ok) return fail(result.reason, `${label}${result.detail}`);
    atoms += result.atoms;
  }
  if (atoms === 0) return fail('noAtoms', 'no atoms in any record');
  return { ok: true, atoms, molecules: records.length };
}

function validateMolRecord(lines: string[], offset: number): Outcome {
  const at = (i: number) => `line ${offset + i + 1}`;
  const counts = lines[3];
  if (counts === undefined) return fail('truncated', 'the record ends before its counts line (line 4 of a molfile)');
  if (/V3000/i.test(counts)) return validateV3000(lines, offset);
  const atomCount = parseNumberField(counts.slice(0, 3));
  const bondCount = parseNumberField(counts.slice(3, 6));
  if (!Number.isInteger(atomCount) || !Number.isInteger(bondCount)) {
    return fail('malformed', `${at(3)}: '${counts.trim()}' is not a molfile counts line`);
  }
  for (let i = 0; i < atomCount; i++) {
    const line = lines[4 + i];
    if (line === undefined) {
      return fail('truncated', `the counts line declares ${atomCount} atoms, the record ends after ${i}`);
    }
    if (!isSdfAtomLine(line)) {
      return fail(
        'malformed',
        `the counts line declares ${atomCount} atoms but ${at(4 + i)} is not an atom line (atom block has ${i})`,
      );
    }
  }
  const bondStart = 4 + atomCount;
  for (let i = 0; i < bondCount; i++) {
    const line = lines[bondStart + i];
    if (line === undefined) {
      return fail('truncated', `the counts line declares ${bondCount} bonds, the record ends after ${i}`);
    }
    const fields = sdfBondFields(line);
    if (!fields || isSdfAtomLine(line)) {
      const extraAtom = isSdfAtomLine(line) ? ' (it is an atom line: the atom block is longer than declared)' : '';
      return fail(
        'malformed',
        `the counts line declares ${bondCount} bonds but ${at(bondStart + i)} is not a bond line${extraAtom}`,
      );
    }
    const [a, b] = fields;
    if (a < 1 || b < 1 || a > atomCount || b > atomCount) {
      return fail('malformed', `${at(bondStart + i)}: bond between atoms ${a} and ${b}, but there are ${atomCount}`);
    }
  }
  // Property block up to 'M  END'. Anything that looks like another atom or bond line
  // means the counts line undercounts.
  for (let i = bondStart + bondCount; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (/^M {2}END/.test(line)) return { ok: true, atoms: atomCount, molecules: 1 };
    if (line.startsWith('> ')) return fail('malformed', `${at(i)}: data items start before the record's 'M  END'`);
    if (/^[AG] {2}/.test(line)) {
      i++; // atom alias / group abbreviation: the next line is free text
      continue;
    }
    if (/^(M {2}|V {2}|S {2}SKP)/.test(line)) continue;
    if (isSdfAtomLine(line) || sdfBondFields(line)) {
      return fail(
        'malformed',
        `${at(i)} looks like an atom or bond line after the ${atomCount} atoms and ${bondCount} bonds the counts line declares`,
      );
    }
    return fail('malformed', `${at(i)}: unexpected line '${line.trim().slice(0, 40)}' before 'M  END'`);
  }
  return fail('truncated', "the record lacks 'M  END'");
}

function validateV3000(lines: string[], offset: number): Outcome {
  // Logical V30 lines: a trailing '-' continues onto the next line.
  const v30: { text: string; line: number }[] = [];
  let ended = false;
  for (let i = 4; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (/^M {2}END/.test(line)) {
      ended = true;
      break;
    }
    if (!line.startsWith('M  V30 ')) continue;
    const text = line.slice(7);
    const previous = v30[v30.length - 1];
    if (previous?.text.endsWith('-')) previous.text = previous.text.slice(0, -1) + text;
    else v30.push({ text, line: offset + i + 1 });
  }
  const countsLine = v30.find((l) => /^COUNTS\s/i.test(l.text));
  if (!countsLine) return fail(ended ? 'malformed' : 'truncated', 'V3000 molfile without an M  V30 COUNTS line');
  const [, na, nb] = countsLine.text.trim().split(/\s+/);
  const atomCount = Number(na);
  const bondCount = Number(nb);
  if (!Number.isInteger(atomCount) || !Number.isInteger(bondCount)) {
    return fail('malformed', `line ${countsLine.line}: bad V3000 counts '${countsLine.text.trim()}'`);
  }
  const blockSize = (name: string): number | null => {
    const begin = v30.findIndex((l) => l.text.trim().toUpperCase() === `BEGIN ${name}`);
    if (begin < 0) return null;
    const end = v30.findIndex((l, i) => i > begin && l.text.trim().toUpperCase() === `END ${name}`);
    return (end < 0 ? v30.length : end) - begin - 1;
  };
  const atomsSeen = blockSize('ATOM') ?? 0;
  const bondsSeen = blockSize('BOND') ?? 0;
  if (!ended) return fail('truncated', "the V3000 record lacks 'M  END'");
  if (atomsSeen !== atomCount || bondsSeen !== bondCount) {
    return fail(
      'malformed',
      `V3000 counts declare ${atomCount} atoms and ${bondCount} bonds, the blocks hold ${atomsSeen} and ${bondsSeen}`,
    );
  }
  return { ok: true, atoms: atomCount, molecules: 1 };
}

// ---------------------------------------------------------------------------
// MOL2: @<TRIPOS>MOLECULE (name, counts), @<TRIPOS>ATOM, @<TRIPOS>BOND.

/** Splits a MOL2 file into molecules: the lines from each @<TRIPOS>MOLECULE to the next. */
export function mol2Records(text: string): { lines: string[]; start: number }[] {
  const lines = splitLines(text);
  const records: { lines: string[]; start: number }[] = [];
  lines.forEach((line, i) => {
    if (/^@<TRIPOS>MOLECULE\b/i.test(line.trim())) records.push({ lines: [], start: i });
    records[records.length - 1]?.lines.push(line);
  });
  return records;
}

function mol2Section(lines: string[], name: string): { rows: string[]; start: number; closed: boolean } | null {
  const start = lines.findIndex((l) => l.trim().toUpperCase() === `@<TRIPOS>${name}`);
  if (start < 0) return null;
  const rows: string[] = [];
  let closed = false;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim().startsWith('@<TRIPOS>')) {
      closed = true;
      break;
    }
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    rows.push(line);
  }
  return { rows, start, closed };
}

function validateMol2(text: string): Outcome {
  const records = mol2Records(text);
  if (records.length === 0) {
    return /@<TRIPOS>ATOM/i.test(text)
      ? fail('malformed', 'no @<TRIPOS>MOLECULE record before the atoms')
      : fail('noAtoms', 'no @<TRIPOS>MOLECULE or @<TRIPOS>ATOM section: not a MOL2 file');
  }
  let atoms = 0;
  for (const [index, record] of records.entries()) {
    const label = records.length > 1 ? `molecule ${index + 1}: ` : '';
    const isLast = index === records.length - 1;
    const result = validateMol2Record(record.lines, record.start, isLast);
    if (!result.ok) return fail(result.reason, `${label}${result.detail}`);
    atoms += result.atoms;
  }
  if (atoms === 0) return fail('noAtoms', 'the MOL2 file declares no atoms');
  return { ok: true, atoms, molecules: records.length };
}

function validateMol2Record(lines: string[], offset: number, isLast: boolean): Outcome {
  const countsLine = lines[2];
  if (countsLine === undefined) return fail('truncated', 'the file ends inside @<TRIPOS>MOLECULE');
  const [na, nb] = countsLine.trim().split(/\s+/);
  const atomCount = Number(na);
  const bondCount = nb === undefined ? 0 : Number(nb);
  if (!Number.isInteger(atomCount) || !Number.isInteger(bondCount)) {
    return fail('malformed', `line ${offset + 3}: '${countsLine.trim()}' is not a MOL2 counts line`);
  }
  const atomSection = mol2Section(lines, 'ATOM');
  if (!atomSection) return fail('noAtoms', 'no @<TRIPOS>ATOM section');
  // A section that runs to the end of the last molecule is where a cut-off file ends.
  const atEnd = (section: { closed: boolean }) => !section.closed && isLast;
  for (const [i, row] of atomSection.rows.entries()) {
    const fields = row.trim().split(/\s+/);
    const coords = fields.slice(2, 5).map(Number);
    if (fields.length < 6 || !coords.every(Number.isFinite)) {
      const cut = atEnd(atomSection) && i === atomSection.rows.length - 1;
      return fail(cut ? 'truncated' : 'malformed', `atom row ${i + 1} ('${row.trim().slice(0, 50)}') is incomplete`);
    }
  }
  const seen = atomSection.rows.length;
  if (seen < atomCount) {
    return fail(
      atEnd(atomSection) ? 'truncated' : 'malformed',
      `the counts line declares ${atomCount} atoms, the @<TRIPOS>ATOM block has ${seen}`,
    );
  }
  if (seen > atomCount) {
    return fail('malformed', `the counts line declares ${atomCount} atoms, the @<TRIPOS>ATOM block has ${seen}`);
  }
  const bondSection = mol2Section(lines, 'BOND');
  if (bondCount > 0) {
    if (!bondSection) {
      return atEnd(atomSection)
        ? fail('truncated', `the file ends before the ${bondCount} bonds the counts line declares`)
        : fail('malformed', `the counts line declares ${bondCount} bonds but there is no @<TRIPOS>BOND section`);
    }
    if (bondSection.rows.length !== bondCount) {
      const short = bondSection.rows.length < bondCount && atEnd(bondSection);
      return fail(
        short ? 'truncated' : 'malformed',
        `the counts line declares ${bondCount} bonds, the @<TRIPOS>BOND block has ${bondSection.rows.length}`,
      );
    }
  }
  return { ok: true, atoms: atomCount, molecules: 1 };
}

// ---------------------------------------------------------------------------
// XYZ: frames of (count line, comment line, count atom lines).

export function xyzFrames(text: string): { count: number; lines: string[] }[] | { error: Outcome } {
  const lines = splitLines(text);
  const frames: { count: number; lines: string[] }[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      i++;
      continue;
    }
    if (!/^\s*\d+\s*$/.test(line)) {
      const previous = frames[frames.length - 1];
      const detail = previous
        ? `line ${i + 1}: '${line.trim().slice(0, 40)}' follows the ${previous.count} atoms the count line declares`
        : `line ${i + 1}: the first line of an XYZ file is the atom count, not '${line.trim().slice(0, 40)}'`;
      return { error: fail('malformed', detail) };
    }
    const count = Number(line.trim());
    const start = i;
    if (i + 1 >= lines.length) {
      return { error: fail('truncated', `line ${i + 1}: the file ends after the count line`) };
    }
    const atomLines: string[] = [];
    for (let k = 0; k < count; k++) {
      const atomLine = lines[i + 2 + k];
      if (atomLine === undefined || atomLine.trim() === '') {
        return {
          error: fail('truncated', `line ${start + 1} declares ${count} atoms, only ${k} atom lines follow`),
        };
      }
      const fields = atomLine.trim().split(/\s+/);
      const coordsOk = fields.length >= 4 && fields.slice(1, 4).every((f) => Number.isFinite(parseNumberField(f)));
      if (!coordsOk || !/^[A-Za-z]{1,3}$|^\d{1,3}$/.test(fields[0] ?? '')) {
        return {
          error: fail(
            'malformed',
            `line ${start + 1} declares ${count} atoms, but line ${i + 3 + k} ('${atomLine.trim().slice(0, 40)}') is not an atom line`,
          ),
        };
      }
      atomLines.push(atomLine);
    }
    frames.push({ count, lines: lines.slice(start, i + 2 + count) });
    i += 2 + count;
  }
  return frames;
}

function validateXyz(text: string): Outcome {
  const frames = xyzFrames(text);
  if ('error' in frames) return frames.error;
  const atoms = frames.reduce((sum, f) => sum + f.count, 0);
  if (atoms === 0) return fail('noAtoms', 'the XYZ count line declares 0 atoms');
  return { ok: true, atoms, molecules: frames.length };
}

// ---------------------------------------------------------------------------
// mmCIF (and small-molecule CIF): the _atom_site loop.

/**
 * Tokenises CIF values: bare words, 'quoted' and "quoted" strings (closed by the quote
 * followed by whitespace) and ;-delimited text fields. Enough for data rows; not a full
 * CIF parser.
 */
function cifTokens(lines: string[]): { tokens: string[]; unterminated: boolean } {
  const tokens: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.startsWith(';')) {
      const parts = [line.slice(1)];
      let closed = false;
      for (i++; i < lines.length; i++) {
        const next = lines[i] ?? '';
        if (next.startsWith(';')) {
          closed = true;
          break;
        }
        parts.push(next);
      }
      if (!closed) return { tokens, unterminated: true };
      tokens.push(parts.join('\n'));
      continue;
    }
    const re = /'((?:[^']|'(?!\s|$))*)'(?=\s|$)|"((?:[^"]|"(?!\s|$))*)"(?=\s|$)|(#.*$)|(\S+)/g;
    for (let m = re.exec(line); m; m = re.exec(line)) {
      if (m[3] !== undefined) break; // comment
      tokens.push(m[1] ?? m[2] ?? m[4] ?? '');
    }
  }
  return { tokens, unterminated: false };
}

/** The _atom_site loop of a CIF: item names and rows of values, or why there is none. */
export function cifAtomSite(text: string): { items: string[]; rows: string[][] } | { error: Outcome } {
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) {
    if ((lines[i] ?? '').trim().toLowerCase() !== 'loop_') continue;
    let j = i + 1;
    const items: string[] = [];
    while (j < lines.length && (lines[j] ?? '').trim().startsWith('_')) {
      items.push((lines[j] ?? '').trim().split(/\s+/)[0] ?? '');
      j++;
    }
    const isAtomSite = items.length > 0 && items.every((n) => /^_atom_site[._](?!aniso)/i.test(n));
    if (!isAtomSite) continue;
    const body: string[] = [];
    let reachedEnd = true;
    for (; j < lines.length; j++) {
      const line = lines[j] ?? '';
      const t = line.trim();
      if (/^(loop_|data_|_|#)/i.test(t) && !line.startsWith(';')) {
        reachedEnd = false;
        break;
      }
      body.push(line);
    }
    const { tokens, unterminated } = cifTokens(body);
    if (unterminated) return { error: fail('truncated', 'the _atom_site loop ends inside a ;-delimited text field') };
    if (tokens.length % items.length !== 0) {
      const detail = `the _atom_site loop has ${items.length} items but ${tokens.length} values (not a whole number of rows)`;
      return { error: fail(reachedEnd ? 'truncated' : 'malformed', detail) };
    }
    const rows: string[][] = [];
    for (let k = 0; k < tokens.length; k += items.length) rows.push(tokens.slice(k, k + items.length));
    return { items, rows };
  }
  return { error: fail('noAtoms', 'no _atom_site loop: the CIF has no atom coordinates') };
}

function validateCif(text: string): Outcome {
  if (!/^\s*data_/im.test(text)) return fail('malformed', "no 'data_' block: not a CIF file");
  const site = cifAtomSite(text);
  if ('error' in site) return site.error;
  const lower = site.items.map((n) => n.toLowerCase());
  const cartesian = ['x', 'y', 'z'].map((a) => lower.indexOf(`_atom_site.cartn_${a}`));
  const fractional = ['x', 'y', 'z'].map((a) => lower.indexOf(`_atom_site_fract_${a}`));
  const columns = cartesian.every((c) => c >= 0) ? cartesian : fractional.every((c) => c >= 0) ? fractional : null;
  if (!columns) return fail('malformed', 'the _atom_site loop has no Cartn_x/y/z (or fract_x/y/z) items');
  for (const [r, row] of site.rows.entries()) {
    for (const c of columns) {
      // Small-molecule CIFs write standard uncertainties in parentheses: 0.1234(5).
      const value = (row[c] ?? '').replace(/\(\d+\)$/, '');
      if (!Number.isFinite(parseNumberField(value))) {
        return fail('malformed', `_atom_site row ${r + 1}: coordinate '${row[c]}' (${site.items[c]}) is not a number`);
      }
    }
  }
  if (site.rows.length === 0) return fail('noAtoms', 'the _atom_site loop has no rows');
  const modelColumn = lower.indexOf('_atom_site.pdbx_pdb_model_num');
  const models = modelColumn < 0 ? 1 : new Set(site.rows.map((r) => r[modelColumn])).size;
  return { ok: true, atoms: site.rows.length, molecules: models };
}

// ---------------------------------------------------------------------------
// SMILES: one molecule per line, optional name after whitespace.

/** Non-empty, non-comment lines of a SMILES file with their 1-based line numbers. */
export function smiLines(text: string): { smiles: string; name: string; line: number; text: string }[] {
  const out: { smiles: string; name: string; line: number; text: string }[] = [];
  splitLines(text).forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const match = /^(\S+)(?:\s+(.*))?$/.exec(trimmed);
    out.push({ smiles: match?.[1] ?? trimmed, name: (match?.[2] ?? '').trim(), line: i + 1, text: trimmed });
  });
  return out;
}

async function validateSmi(text: string): Promise<Outcome> {
  const entries = smiLines(text);
  let atoms = 0;
  for (const entry of entries) {
    const parsed = await checkSmiles(entry.smiles);
    if (!parsed.ok) {
      return fail(
        'malformed',
        `line ${entry.line}: RDKit cannot parse '${entry.smiles.slice(0, 60)}': ${parsed.error}`,
      );
    }
    atoms += parsed.atoms;
  }
  if (entries.length === 0) return fail('empty', 'no SMILES in the file (only comments)');
  if (atoms === 0) return fail('noAtoms', 'the SMILES contain no atoms');
  return { ok: true, atoms, molecules: entries.length };
}
