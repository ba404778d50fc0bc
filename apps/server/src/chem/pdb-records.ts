/**
 * Fixed-column reading of PDB (and PDBQT) records. PDB is a column format: fields
 * are addressed by position, never by splitting on whitespace (residue names,
 * alt-locs and insertion codes touch their neighbours). Column numbers in comments
 * are the 1-based ones of the wwPDB format guide.
 */
import { decodeHybrid36 } from './hybrid36';

export interface PdbAtom {
  /** Line of the file (1-based). */
  readonly line: number;
  readonly text: string;
  readonly hetero: boolean;
  /** Serial as written (cols 7-11, trimmed): kept as text so hybrid-36 and overflowed files still match CONECT. */
  readonly serial: string;
  /** Atom name (cols 13-16) untrimmed, since its alignment carries the element. */
  readonly name: string;
  readonly altLoc: string;
  readonly resName: string;
  readonly chain: string;
  readonly resSeq: number;
  /** Residue number field as written (cols 23-26), for keys that must not depend on parsing. */
  readonly resSeqText: string;
  readonly iCode: string;
  readonly x: number;
  readonly y: number;
  readonly z: number;
  /** Upper-case element symbol, from cols 77-78 or else inferred from the atom name. */
  readonly element: string;
}

export function isAtomRecord(line: string): boolean {
  return line.startsWith('ATOM') || line.startsWith('HETATM');
}

/** Record name, cols 1-6, trimmed and upper-cased. */
export function recordName(line: string): string {
  return line.slice(0, 6).trim().toUpperCase();
}

const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/** Parses a fixed-width numeric field strictly (no trailing garbage, unlike parseFloat). */
export function parseNumberField(field: string): number {
  return NUMBER.test(field) ? Number(field) : Number.NaN;
}

// Two-letter elements that occur in macromolecular files. They are only inferred
// from HETATM names written from col 13 ('CL1 ', 'ZN  '): in ATOM records a name
// like 'CA  ' is an alpha carbon written off-alignment, never calcium.
const TWO_LETTER_ELEMENTS = new Set(
  (
    'AG AL AS AU BA BE BR CA CD CE CL CO CR CS CU DY ER EU FE GA GD GE HF HG HO IN IR LA LI LU ' +
    'MG MN MO NA NI OS PB PD PR PT RB RE RH RU SB SC SE SI SM SN SR TA TB TE TI TL YB ZN ZR'
  ).split(' '),
);

/**
 * Element of an atom record: cols 77-78 when present (charges like 'N1+' are in
 * 79-80 and ignored), otherwise from the name's alignment: a name whose first
 * column is blank or a digit holds a one-letter element in col 14.
 */
export function atomElement(line: string, hetero: boolean): string {
  const written = line.slice(76, 78).trim().toUpperCase();
  if (/^[A-Z]{1,2}$/.test(written)) return written;
  const name = line.slice(12, 16);
  const first = name[0] ?? ' ';
  if (first === ' ' || /\d/.test(first)) return (name[1] ?? '').toUpperCase();
  const two = name.slice(0, 2).toUpperCase();
  if (hetero && TWO_LETTER_ELEMENTS.has(two)) return two;
  // Hydrogens written from col 13 by some programs ('HG21', '1HB ').
  return first.toUpperCase();
}

export function isHydrogen(element: string): boolean {
  return element === 'H' || element === 'D';
}

/**
 * Parses an ATOM/HETATM line; null when the coordinate columns (31-54) are missing
 * or not numbers, unless `lenient`, which gives NaN coordinates instead (splitting
 * must place every atom line somewhere, whatever its coordinates).
 */
export function parseAtomLine(text: string, line: number, lenient = false): PdbAtom | null {
  const x = parseNumberField(text.slice(30, 38));
  const y = parseNumberField(text.slice(38, 46));
  const z = parseNumberField(text.slice(46, 54));
  if (!lenient && !(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z))) return null;
  const hetero = text.startsWith('HETATM');
  const resSeqText = text.slice(22, 26);
  return {
    line,
    text,
    hetero,
    serial: text.slice(6, 11).trim(),
    name: text.slice(12, 16),
    altLoc: text.slice(16, 17).trim(),
    resName: text.slice(17, 20).trim(),
    chain: text.slice(21, 22).trim(),
    resSeq: decodeHybrid36(resSeqText, 4),
    resSeqText: resSeqText.trim(),
    iCode: text.slice(26, 27).trim(),
    x,
    y,
    z,
    element: atomElement(text, hetero),
  };
}

/**
 * The serials of a CONECT record: the origin (cols 7-11) and up to four bonded
 * atoms (cols 12-31). The old hydrogen-bond/salt-bridge fields beyond col 31 are
 * not bonds and are ignored.
 */
export function parseConect(text: string): { origin: string; bonded: string[] } | null {
  const origin = text.slice(6, 11).trim();
  if (origin === '') return null;
  const bonded: string[] = [];
  for (let start = 11; start < 31; start += 5) {
    const field = text.slice(start, start + 5).trim();
    if (field !== '') bonded.push(field);
  }
  return { origin, bonded };
}

/** Writes CONECT records (at most four bonded serials per line, as the format allows). */
export function formatConect(origin: string, bonded: readonly string[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < bonded.length; i += 4) {
    const chunk = bonded.slice(i, i + 4);
    lines.push(`CONECT${origin.padStart(5)}${chunk.map((s) => s.padStart(5)).join('')}`);
  }
  return lines;
}

/** Key of a residue instance: name, chain, number and insertion code (alt-locs share it). */
export function residueKey(atom: Pick<PdbAtom, 'resName' | 'chain' | 'resSeqText' | 'iCode'>): string {
  return `${atom.resName}|${atom.chain}|${atom.resSeqText}|${atom.iCode}`;
}
