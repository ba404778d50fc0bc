/**
 * The MOL2 (Tripos) reader: one record per @<TRIPOS>MOLECULE section (name, counts
 * line), its @<TRIPOS>ATOM rows (id name x y z type ...) checked against the counts,
 * and its @<TRIPOS>BOND block. A record's text is its lines without trailing blank ones.
 */
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

interface Section {
  rows: { text: string; line: number }[];
  closed: boolean;
}

/** The rows of a @<TRIPOS>name section (blank and comment lines skipped), and whether another section follows. */
function section(lines: string[], offset: number, name: string): Section | null {
  const start = lines.findIndex((l) => l.trim().toUpperCase() === `@<TRIPOS>${name}`);
  if (start < 0) return null;
  const rows: Section['rows'] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim().startsWith('@<TRIPOS>')) return { rows, closed: true };
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    rows.push({ text: line, line: offset + i + 1 });
  }
  return { rows, closed: false };
}

function atomOf(row: { text: string; line: number }): Atom {
  // id name x y z type ...; the element is the SYBYL type before its dot (C.ar, N.pl3).
  const f = row.text.trim().split(/\s+/);
  return {
    element: (f[5] ?? f[1] ?? '').split('.')[0]!.toUpperCase(),
    x: Number(f[2]),
    y: Number(f[3]),
    z: Number(f[4]),
    line: row.line,
  };
}

/** The first problem of one molecule's framing, or null. */
function check(lines: string[], offset: number, isLast: boolean): ReadError | null {
  const countsLine = lines[2];
  if (countsLine === undefined) return readError('truncated', 'the file ends inside @<TRIPOS>MOLECULE');
  const [na, nb] = countsLine.trim().split(/\s+/);
  const atomCount = Number(na);
  const bondCount = nb === undefined ? 0 : Number(nb);
  if (!Number.isInteger(atomCount) || !Number.isInteger(bondCount)) {
    return readError('malformed', `line ${offset + 3}: '${countsLine.trim()}' is not a MOL2 counts line`, offset + 3);
  }
  const atoms = section(lines, offset, 'ATOM');
  if (!atoms) return readError('noAtoms', 'no @<TRIPOS>ATOM section');
  // A section that runs to the end of the last molecule is where a cut-off file ends.
  const atEnd = (s: Section) => !s.closed && isLast;
  for (const [i, row] of atoms.rows.entries()) {
    const fields = row.text.trim().split(/\s+/);
    const coords = fields.slice(2, 5).map(Number);
    if (fields.length < 6 || !coords.every(Number.isFinite)) {
      const cut = atEnd(atoms) && i === atoms.rows.length - 1;
      return readError(
        cut ? 'truncated' : 'malformed',
        `atom row ${i + 1} ('${row.text.trim().slice(0, 50)}') is incomplete`,
        row.line,
      );
    }
    const beyond = coordinatesProblem(`line ${row.line}`, fields.slice(2, 5), row.line);
    if (beyond) return beyond;
  }
  const seen = atoms.rows.length;
  if (seen !== atomCount) {
    return readError(
      seen < atomCount && atEnd(atoms) ? 'truncated' : 'malformed',
      `the counts line declares ${atomCount} atoms, the @<TRIPOS>ATOM block has ${seen}`,
    );
  }
  const bonds = section(lines, offset, 'BOND');
  if (bondCount > 0) {
    if (!bonds) {
      return atEnd(atoms)
        ? readError('truncated', `the file ends before the ${bondCount} bonds the counts line declares`)
        : readError('malformed', `the counts line declares ${bondCount} bonds but there is no @<TRIPOS>BOND section`);
    }
    if (bonds.rows.length !== bondCount) {
      const short = bonds.rows.length < bondCount && atEnd(bonds);
      return readError(
        short ? 'truncated' : 'malformed',
        `the counts line declares ${bondCount} bonds, the @<TRIPOS>BOND block has ${bonds.rows.length}`,
      );
    }
  }
  return null;
}

export function readMol2(text: string): ReadResult {
  const lines = splitLines(text);
  const parts: { lines: string[]; start: number }[] = [];
  lines.forEach((line, i) => {
    if (/^@<TRIPOS>MOLECULE\b/i.test(line.trim())) parts.push({ lines: [], start: i });
    parts[parts.length - 1]?.lines.push(line);
  });
  if (parts.length === 0) {
    const error = /@<TRIPOS>ATOM/i.test(text)
      ? readError('malformed', 'no @<TRIPOS>MOLECULE record before the atoms')
      : readError('noAtoms', 'no @<TRIPOS>MOLECULE or @<TRIPOS>ATOM section: not a MOL2 file');
    return { records: [], errors: [error] };
  }
  const errors: ReadError[] = [];
  const records = parts.map((part, i): StructureRecord => {
    const problem = check(part.lines, part.start, i === parts.length - 1);
    if (problem) {
      const label = parts.length > 1 ? `molecule ${i + 1}: ` : '';
      errors.push({ ...problem, detail: `${label}${problem.detail}` });
    }
    const atoms = (section(part.lines, part.start, 'ATOM')?.rows ?? [])
      .map(atomOf)
      .filter((a) => Number.isFinite(a.x + a.y + a.z));
    // Trailing blank lines belong to no molecule.
    const own = [...part.lines];
    while (own.length > 0 && (own[own.length - 1] ?? '').trim() === '') own.pop();
    return {
      index: i + 1,
      title: (part.lines[1] ?? '').trim(),
      line: part.start + 1,
      text: joinLines(own),
      atoms,
      heavyAtoms: heavyAtomCount(atoms),
    };
  });
  if (errors.length === 0 && records.every((r) => r.atoms.length === 0)) {
    errors.push(readError('noAtoms', 'the MOL2 file declares no atoms'));
  }
  return { records, errors };
}
