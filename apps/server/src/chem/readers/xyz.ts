/**
 * The XYZ reader: frames of a count line, a comment line (the record's title) and that
 * many atom lines (symbol or atomic number, x, y, z). Reading stops at the first broken
 * frame: without a count that can be trusted, nothing after it can be placed.
 */
import { parseNumberField } from '../pdb-records';
import { joinLines, splitLines } from '../text';
import {
  type Atom,
  coordinatesProblem,
  heavyAtomCount,
  type ReadResult,
  readError,
  type StructureRecord,
} from './result';

// XYZ files may give atomic numbers instead of symbols; the common organic ones suffice.
const ELEMENT_BY_NUMBER: Readonly<Record<number, string>> = {
  1: 'H',
  5: 'B',
  6: 'C',
  7: 'N',
  8: 'O',
  9: 'F',
  14: 'Si',
  15: 'P',
  16: 'S',
  17: 'Cl',
  35: 'Br',
  53: 'I',
};

/** The element symbol of an XYZ atom field, as written ('Cl'), numbers mapped ('6' → 'C'), 'X' when unknown. */
export const xyzSymbol = (field: string): string =>
  /^\d+$/.test(field) ? (ELEMENT_BY_NUMBER[Number(field)] ?? 'X') : field;

export interface XyzFrame extends StructureRecord {
  /** The frame's lines: count, comment, atoms. */
  lines: string[];
}

export function readXyz(text: string): ReadResult<XyzFrame> {
  const lines = splitLines(text);
  const records: XyzFrame[] = [];
  let i = 0;
  const stop = (reason: 'malformed' | 'truncated', detail: string, line: number) => ({
    records,
    errors: [readError(reason, detail, line)],
  });
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      i++;
      continue;
    }
    if (!/^\s*\d+\s*$/.test(line)) {
      const previous = records[records.length - 1];
      const detail = previous
        ? `line ${i + 1}: '${line.trim().slice(0, 40)}' follows the ${previous.atoms.length} atoms the count line declares`
        : `line ${i + 1}: the first line of an XYZ file is the atom count, not '${line.trim().slice(0, 40)}'`;
      return stop('malformed', detail, i + 1);
    }
    const count = Number(line.trim());
    const start = i;
    if (i + 1 >= lines.length) return stop('truncated', `line ${i + 1}: the file ends after the count line`, i + 1);
    const atoms: Atom[] = [];
    for (let k = 0; k < count; k++) {
      const atomLine = lines[i + 2 + k];
      if (atomLine === undefined || atomLine.trim() === '') {
        return stop('truncated', `line ${start + 1} declares ${count} atoms, only ${k} atom lines follow`, start + 1);
      }
      const fields = atomLine.trim().split(/\s+/);
      const coordsOk = fields.length >= 4 && fields.slice(1, 4).every((f) => Number.isFinite(parseNumberField(f)));
      if (!coordsOk || !/^[A-Za-z]{1,3}$|^\d{1,3}$/.test(fields[0] ?? '')) {
        return stop(
          'malformed',
          `line ${start + 1} declares ${count} atoms, but line ${i + 3 + k} ('${atomLine.trim().slice(0, 40)}') is not an atom line`,
          i + 3 + k,
        );
      }
      const beyond = coordinatesProblem(`line ${i + 3 + k}`, fields.slice(1, 4), i + 3 + k);
      if (beyond) return { records, errors: [beyond] };
      const [symbol = 'X', x = '0', y = '0', z = '0'] = fields;
      atoms.push({
        element: xyzSymbol(symbol).toUpperCase(),
        x: Number(x),
        y: Number(y),
        z: Number(z),
        line: i + 3 + k,
      });
    }
    const frameLines = lines.slice(start, i + 2 + count);
    records.push({
      index: records.length + 1,
      title: (lines[start + 1] ?? '').trim(),
      line: start + 1,
      text: joinLines(frameLines),
      atoms,
      heavyAtoms: heavyAtomCount(atoms),
      lines: frameLines,
    });
    i += 2 + count;
  }
  if (records.every((r) => r.atoms.length === 0)) {
    return { records, errors: [readError('noAtoms', 'the XYZ count line declares 0 atoms')] };
  }
  return { records, errors: [] };
}
