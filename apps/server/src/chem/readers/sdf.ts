/**
 * The SDF (and MOL) reader: records cut at their '$$$$' lines, each a molfile (header,
 * counts line, atom block, bond block, properties up to 'M  END') with data items after.
 * A record's text is its lines as written plus '$$$$', so nothing a record carries
 * (data items, charges, stereo flags) is lost or re-perceived when it is copied out.
 *
 * Each record is checked against its own framing (counts line vs blocks, bonds to atoms
 * that exist, 'M  END'); chemistry (valences, aromaticity) is RDKit's business later.
 */
import { parseNumberField } from '../pdb-records';
import { joinLines, splitLines } from '../text';
import {
  type Atom,
  coordinatesProblem,
  heavyAtomCount,
  type ReadError,
  type ReadResult,
  readError,
  type StructureRecord,
} from './result';

export interface SdfRecord extends StructureRecord {
  /** A V3000 molfile (atoms in 'M  V30' lines). */
  v3000: boolean;
  /** The record without its '$$$$' line: the molfile and its data items. */
  molfile: string;
}

const SDF_ATOM = /^\s*[-+]?\d*\.?\d+\s+[-+]?\d*\.?\d+\s+[-+]?\d*\.?\d+\s+[A-Za-z*#][A-Za-z0-9*#]{0,3}\b/;

/** Fixed columns (x 1-10, y 11-20, z 21-30, symbol 32-34) or, for writers that drift by a column, whitespace-separated. */
function fixedColumnsAtom(line: string): boolean {
  return (
    Number.isFinite(parseNumberField(line.slice(0, 10))) &&
    Number.isFinite(parseNumberField(line.slice(10, 20))) &&
    Number.isFinite(parseNumberField(line.slice(20, 30))) &&
    /^[A-Za-z*#][A-Za-z0-9*#]{0,2}$/.test(line.slice(31, 34).trim())
  );
}

function isSdfAtomLine(line: string): boolean {
  return fixedColumnsAtom(line) || SDF_ATOM.test(line);
}

function sdfBondFields(line: string): [number, number, number] | null {
  const a = parseNumberField(line.slice(0, 3));
  const b = parseNumberField(line.slice(3, 6));
  const type = parseNumberField(line.slice(6, 9));
  if (![a, b, type].every((n) => Number.isInteger(n))) return null;
  return [a, b, type];
}

/** The x, y and z of a V2000 atom line as written (fixed columns, or the drifted whitespace-separated form). */
function v2000CoordinateTexts(line: string): string[] {
  return fixedColumnsAtom(line)
    ? [line.slice(0, 10), line.slice(10, 20), line.slice(20, 30)]
    : line.trim().split(/\s+/).slice(0, 3);
}

function v2000Atom(line: string, lineNo: number): Atom {
  if (fixedColumnsAtom(line)) {
    return {
      element: line.slice(31, 34).trim().toUpperCase(),
      x: Number(line.slice(0, 10)),
      y: Number(line.slice(10, 20)),
      z: Number(line.slice(20, 30)),
      line: lineNo,
    };
  }
  const [x, y, z, symbol] = line.trim().split(/\s+/);
  return { element: (symbol ?? '').toUpperCase(), x: Number(x), y: Number(y), z: Number(z), line: lineNo };
}

/** The chunks between '$$$$' lines that hold anything: their lines and the 0-based line they start on. */
function chunks(lines: string[]): { lines: string[]; start: number }[] {
  const out: { lines: string[]; start: number }[] = [];
  let current: string[] = [];
  let start = 0;
  lines.forEach((line, i) => {
    if (line.trim() === '$$$$') {
      out.push({ lines: current, start });
      current = [];
      start = i + 1;
    } else {
      current.push(line);
    }
  });
  out.push({ lines: current, start });
  return out.filter((r) => r.lines.some((l) => l.trim() !== ''));
}

type Check = { ok: true } | { ok: false; error: ReadError };
const bad = (reason: ReadError['reason'], detail: string, line: number | null = null): Check => ({
  ok: false,
  error: readError(reason, detail, line),
});

/** The framing of one V2000 record (lines of the record, `offset` = its 0-based first line in the file). */
function checkV2000(lines: string[], offset: number): Check {
  const lineNo = (i: number) => offset + i + 1;
  const at = (i: number) => `line ${lineNo(i)}`;
  const counts = lines[3]!;
  const atomCount = parseNumberField(counts.slice(0, 3));
  const bondCount = parseNumberField(counts.slice(3, 6));
  if (!Number.isInteger(atomCount) || !Number.isInteger(bondCount)) {
    return bad('malformed', `${at(3)}: '${counts.trim()}' is not a molfile counts line`, lineNo(3));
  }
  for (let i = 0; i < atomCount; i++) {
    const line = lines[4 + i];
    if (line === undefined) {
      return bad('truncated', `the counts line declares ${atomCount} atoms, the record ends after ${i}`);
    }
    if (!isSdfAtomLine(line)) {
      return bad(
        'malformed',
        `the counts line declares ${atomCount} atoms but ${at(4 + i)} is not an atom line (atom block has ${i})`,
        lineNo(4 + i),
      );
    }
    const beyond = coordinatesProblem(at(4 + i), v2000CoordinateTexts(line), lineNo(4 + i));
    if (beyond) return { ok: false, error: beyond };
  }
  const bondStart = 4 + atomCount;
  for (let i = 0; i < bondCount; i++) {
    const line = lines[bondStart + i];
    if (line === undefined) {
      return bad('truncated', `the counts line declares ${bondCount} bonds, the record ends after ${i}`);
    }
    const fields = sdfBondFields(line);
    if (!fields || isSdfAtomLine(line)) {
      const extraAtom = isSdfAtomLine(line) ? ' (it is an atom line: the atom block is longer than declared)' : '';
      return bad(
        'malformed',
        `the counts line declares ${bondCount} bonds but ${at(bondStart + i)} is not a bond line${extraAtom}`,
        lineNo(bondStart + i),
      );
    }
    const [a, b] = fields;
    if (a < 1 || b < 1 || a > atomCount || b > atomCount) {
      return bad(
        'malformed',
        `${at(bondStart + i)}: bond between atoms ${a} and ${b}, but there are ${atomCount}`,
        lineNo(bondStart + i),
      );
    }
  }
  // Property block up to 'M  END'. Anything that looks like another atom or bond line
  // means the counts line undercounts.
  for (let i = bondStart + bondCount; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (/^M {2}END/.test(line)) return { ok: true };
    if (line.startsWith('> ')) {
      return bad('malformed', `${at(i)}: data items start before the record's 'M  END'`, lineNo(i));
    }
    if (/^[AG] {2}/.test(line)) {
      i++; // atom alias / group abbreviation: the next line is free text
      continue;
    }
    if (/^(M {2}|V {2}|S {2}SKP)/.test(line)) continue;
    if (isSdfAtomLine(line) || sdfBondFields(line)) {
      return bad(
        'malformed',
        `${at(i)} looks like an atom or bond line after the ${atomCount} atoms and ${bondCount} bonds the counts line declares`,
        lineNo(i),
      );
    }
    return bad('malformed', `${at(i)}: unexpected line '${line.trim().slice(0, 40)}' before 'M  END'`, lineNo(i));
  }
  return bad('truncated', "the record lacks 'M  END'");
}

interface V30Line {
  text: string;
  line: number;
}

/** Logical V30 lines (a trailing '-' continues onto the next line) up to 'M  END', and whether it was reached. */
function v30Lines(lines: string[], offset: number): { v30: V30Line[]; ended: boolean } {
  const v30: V30Line[] = [];
  for (let i = 4; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (/^M {2}END/.test(line)) return { v30, ended: true };
    if (!line.startsWith('M  V30 ')) continue;
    const text = line.slice(7);
    const previous = v30[v30.length - 1];
    if (previous?.text.endsWith('-')) previous.text = previous.text.slice(0, -1) + text;
    else v30.push({ text, line: offset + i + 1 });
  }
  return { v30, ended: false };
}

/** The lines of a V3000 block (between BEGIN name and END name), or null when there is none. */
function v30Block(v30: V30Line[], name: string): V30Line[] | null {
  const begin = v30.findIndex((l) => l.text.trim().toUpperCase() === `BEGIN ${name}`);
  if (begin < 0) return null;
  const end = v30.findIndex((l, i) => i > begin && l.text.trim().toUpperCase() === `END ${name}`);
  return v30.slice(begin + 1, end < 0 ? v30.length : end);
}

function checkV3000(lines: string[], offset: number): Check {
  const { v30, ended } = v30Lines(lines, offset);
  const countsLine = v30.find((l) => /^COUNTS\s/i.test(l.text));
  if (!countsLine) return bad(ended ? 'malformed' : 'truncated', 'V3000 molfile without an M  V30 COUNTS line');
  const [, na, nb] = countsLine.text.trim().split(/\s+/);
  const atomCount = Number(na);
  const bondCount = Number(nb);
  if (!Number.isInteger(atomCount) || !Number.isInteger(bondCount)) {
    return bad('malformed', `line ${countsLine.line}: bad V3000 counts '${countsLine.text.trim()}'`, countsLine.line);
  }
  const atomBlock = v30Block(v30, 'ATOM') ?? [];
  const atomsSeen = atomBlock.length;
  const bondsSeen = v30Block(v30, 'BOND')?.length ?? 0;
  if (!ended) return bad('truncated', "the V3000 record lacks 'M  END'");
  if (atomsSeen !== atomCount || bondsSeen !== bondCount) {
    return bad(
      'malformed',
      `V3000 counts declare ${atomCount} atoms and ${bondCount} bonds, the blocks hold ${atomsSeen} and ${bondsSeen}`,
    );
  }
  // M  V30 <index> <type> <x> <y> <z> ...
  for (const atom of atomBlock) {
    const problem = coordinatesProblem(`line ${atom.line}`, atom.text.trim().split(/\s+/).slice(2, 5), atom.line);
    if (problem) return { ok: false, error: problem };
  }
  return { ok: true };
}

function v3000Atoms(lines: string[], offset: number): Atom[] {
  // M  V30 <index> <type> <x> <y> <z> ... between BEGIN ATOM and END ATOM.
  return (v30Block(v30Lines(lines, offset).v30, 'ATOM') ?? []).map((l) => {
    const f = l.text.trim().split(/\s+/);
    return { element: (f[1] ?? '').toUpperCase(), x: Number(f[2]), y: Number(f[3]), z: Number(f[4]), line: l.line };
  });
}

function readRecord(lines: string[], offset: number): { atoms: Atom[]; v3000: boolean; check: Check } {
  const counts = lines[3];
  if (counts === undefined) {
    return {
      atoms: [],
      v3000: false,
      check: bad('truncated', 'the record ends before its counts line (line 4 of a molfile)'),
    };
  }
  if (/V3000/i.test(counts)) {
    return { atoms: v3000Atoms(lines, offset), v3000: true, check: checkV3000(lines, offset) };
  }
  const declared = Number.parseInt(counts.slice(0, 3), 10) || 0;
  const atoms = lines
    .slice(4, 4 + declared)
    .map((line, i) => v2000Atom(line, offset + 4 + i + 1))
    .filter((a) => Number.isFinite(a.x + a.y + a.z));
  return { atoms, v3000: false, check: checkV2000(lines, offset) };
}

export function readSdf(text: string): ReadResult<SdfRecord> {
  const parts = chunks(splitLines(text));
  const errors: ReadError[] = [];
  const records = parts.map((part, i): SdfRecord => {
    const { atoms, v3000, check } = readRecord(part.lines, part.start);
    if (!check.ok) {
      const label = parts.length > 1 ? `record ${i + 1}: ` : '';
      errors.push({ ...check.error, detail: `${label}${check.error.detail}` });
    }
    return {
      index: i + 1,
      title: part.lines[0] ?? '',
      line: part.start + 1,
      text: joinLines([...part.lines, '$$$$']),
      atoms,
      heavyAtoms: heavyAtomCount(atoms),
      v3000,
      molfile: joinLines(part.lines),
    };
  });
  if (errors.length === 0 && records.every((r) => r.atoms.length === 0)) {
    errors.push(readError('noAtoms', 'no atoms in any record'));
  }
  return { records, errors };
}
