/**
 * The CIF reader for what the workbench needs of mmCIF (and small-molecule CIF): the
 * _atom_site loop, tokenised (bare words, quoted strings, ;-delimited text fields), its
 * rows checked for coordinates, one record per model (pdbx_PDB_model_num). Not a full
 * CIF parser: conversions of mmCIF go through gemmi (chem/mmcif.ts).
 */
import { parseNumberField } from '../pdb-records';
import { splitLines } from '../text';
import {
  type Atom,
  COORDINATE_LIMIT,
  heavyAtomCount,
  type ReadResult,
  readError,
  type StructureRecord,
} from './result';

interface Token {
  value: string;
  line: number;
}

/** Tokenises CIF values; `offset` is the 0-based file line of `lines[0]`. */
function cifTokens(lines: string[], offset: number): { tokens: Token[]; unterminated: boolean } {
  const tokens: Token[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.startsWith(';')) {
      const first = i;
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
      tokens.push({ value: parts.join('\n'), line: offset + first + 1 });
      continue;
    }
    const re = /'((?:[^']|'(?!\s|$))*)'(?=\s|$)|"((?:[^"]|"(?!\s|$))*)"(?=\s|$)|(#.*$)|(\S+)/g;
    for (let m = re.exec(line); m; m = re.exec(line)) {
      if (m[3] !== undefined) break; // comment
      tokens.push({ value: m[1] ?? m[2] ?? m[4] ?? '', line: offset + i + 1 });
    }
  }
  return { tokens, unterminated: false };
}

export interface CifRecord extends StructureRecord {
  /** Rows of the _atom_site loop in this model (atoms; with fractional coordinates `atoms` have NaN ones). */
  rows: number;
}

export function readCif(text: string): ReadResult<CifRecord> {
  if (!/^\s*data_/im.test(text))
    return { records: [], errors: [readError('malformed', "no 'data_' block: not a CIF file")] };
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
    const bodyStart = j;
    const body: string[] = [];
    let reachedEnd = true;
    for (; j < lines.length; j++) {
      const line = lines[j] ?? '';
      if (/^(loop_|data_|_|#)/i.test(line.trim()) && !line.startsWith(';')) {
        reachedEnd = false;
        break;
      }
      body.push(line);
    }
    const { tokens, unterminated } = cifTokens(body, bodyStart);
    if (unterminated) {
      return {
        records: [],
        errors: [readError('truncated', 'the _atom_site loop ends inside a ;-delimited text field')],
      };
    }
    if (tokens.length % items.length !== 0) {
      const detail = `the _atom_site loop has ${items.length} items but ${tokens.length} values (not a whole number of rows)`;
      return { records: [], errors: [readError(reachedEnd ? 'truncated' : 'malformed', detail)] };
    }
    const rows: Token[][] = [];
    for (let k = 0; k < tokens.length; k += items.length) rows.push(tokens.slice(k, k + items.length));
    return atomSite(items, rows, i + 1, body);
  }
  return { records: [], errors: [readError('noAtoms', 'no _atom_site loop: the CIF has no atom coordinates')] };
}

function atomSite(items: string[], rows: Token[][], loopLine: number, body: string[]): ReadResult<CifRecord> {
  const lower = items.map((n) => n.toLowerCase());
  const cartesian = ['x', 'y', 'z'].map((a) => lower.indexOf(`_atom_site.cartn_${a}`));
  const fractional = ['x', 'y', 'z'].map((a) => lower.indexOf(`_atom_site_fract_${a}`));
  const columns = cartesian.every((c) => c >= 0) ? cartesian : fractional.every((c) => c >= 0) ? fractional : null;
  if (!columns) {
    return {
      records: [],
      errors: [readError('malformed', 'the _atom_site loop has no Cartn_x/y/z (or fract_x/y/z) items', loopLine)],
    };
  }
  // Small-molecule CIFs write standard uncertainties in parentheses: 0.1234(5).
  const value = (row: Token[], c: number) => parseNumberField((row[c]?.value ?? '').replace(/\(\d+\)$/, ''));
  for (const [r, row] of rows.entries()) {
    for (const c of columns) {
      if (!Number.isFinite(value(row, c))) {
        const detail = `_atom_site row ${r + 1}: coordinate '${row[c]?.value}' (${items[c]}) is not a number`;
        return { records: [], errors: [readError('malformed', detail, row[c]?.line ?? null)] };
      }
      if (Math.abs(value(row, c)) > COORDINATE_LIMIT) {
        const line = row[c]?.line ?? null;
        const detail = `${line === null ? '' : `line ${line}: `}_atom_site row ${r + 1}: coordinate ${row[c]?.value} (${items[c]}) is beyond ±${COORDINATE_LIMIT} Å, further than any structure reaches`;
        return { records: [], errors: [readError('malformed', detail, line)] };
      }
    }
  }
  if (rows.length === 0) return { records: [], errors: [readError('noAtoms', 'the _atom_site loop has no rows')] };
  const typeColumn = lower.findIndex((n) => n === '_atom_site.type_symbol' || n === '_atom_site_type_symbol');
  const modelColumn = lower.indexOf('_atom_site.pdbx_pdb_model_num');
  const byModel = new Map<string, Atom[]>();
  for (const row of rows) {
    const model = modelColumn < 0 ? '1' : (row[modelColumn]?.value ?? '1');
    const [x, y, z] = columns.map((c) => (columns === cartesian ? value(row, c) : Number.NaN));
    const atom: Atom = {
      element: typeColumn < 0 ? '' : (row[typeColumn]?.value ?? '').toUpperCase(),
      x: x!,
      y: y!,
      z: z!,
      line: row[0]?.line ?? loopLine,
    };
    const atoms = byModel.get(model);
    if (atoms) atoms.push(atom);
    else byModel.set(model, [atom]);
  }
  const records = [...byModel.entries()].map(([model, atoms], k) => ({
    index: k + 1,
    title: byModel.size > 1 ? `model ${model}` : '',
    line: atoms[0]!.line,
    text: `${body.join('\n')}\n`,
    atoms,
    heavyAtoms: heavyAtomCount(atoms),
    rows: atoms.length,
  }));
  return { records, errors: [] };
}
