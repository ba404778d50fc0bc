/**
 * Ligand libraries read as a stream (issue 14): a multi-molecule SDF or MOL2, a SMILES
 * file (`SMILES [name]` per line) or a CSV with a SMILES column, a name column and an
 * activity column. Never the whole file in memory: records are yielded one by one, and
 * a record over the size limit is yielded as a failure (its bytes are skipped, not kept).
 * Chemistry is not checked here: a record RDKit cannot read fails inside the job, alone.
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SCREENING_LIMITS } from '@medx/contract';

export type LibraryFormat = 'sdf' | 'mol2' | 'smi' | 'csv';
export type RecordFormat = 'sdf' | 'mol2' | 'smi';

export interface LibraryRecord {
  name: string;
  format: RecordFormat;
  source: string;
  /** From an activity column or the file's role; null when unknown. */
  active: boolean | null;
  /** Why this record cannot be screened (it is still listed, as failed). */
  error?: string;
}

export interface CsvColumns {
  smiles?: string;
  name?: string;
  activity?: string;
}

export const libraryFormatOf = (fileType: string): LibraryFormat | null => {
  const t = fileType.toUpperCase();
  if (t === 'SDF') return 'sdf';
  if (t === 'MOL2') return 'mol2';
  if (t === 'SMI' || t === 'SMILES') return 'smi';
  if (t === 'CSV') return 'csv';
  return null;
};

interface Line {
  text: string;
  /** The line was longer than the limit: `text` holds its start only. */
  tooLong: boolean;
}

/** Lines of a byte stream, without their endings; a line over `max` characters is cut and flagged. */
export async function* streamLines(stream: Readable, max: number): AsyncGenerator<Line> {
  const decoder = new StringDecoder('utf8');
  let current = '';
  let tooLong = false;
  const take = function* (chunk: string): Generator<Line> {
    let start = 0;
    for (;;) {
      const end = chunk.indexOf('\n', start);
      const piece = end === -1 ? chunk.slice(start) : chunk.slice(start, end);
      if (!tooLong) {
        current += piece;
        if (current.length > max) {
          current = current.slice(0, 80);
          tooLong = true;
        }
      }
      if (end === -1) return;
      yield { text: current.endsWith('\r') ? current.slice(0, -1) : current, tooLong };
      current = '';
      tooLong = false;
      start = end + 1;
    }
  };
  for await (const chunk of stream) yield* take(decoder.write(chunk as Buffer));
  yield* take(decoder.end());
  if (current !== '' || tooLong) yield { text: current.endsWith('\r') ? current.slice(0, -1) : current, tooLong };
}

const tooLarge = () => `the record is larger than ${Math.round(SCREENING_LIMITS.recordBytesMax / 1000)} KB`;

/** SDF: records end with `$$$$`; the title is the first line. */
async function* sdfRecords(lines: AsyncIterable<Line>, base: string): AsyncGenerator<Omit<LibraryRecord, 'active'>> {
  let block: string[] = [];
  let size = 0;
  let big = false;
  let n = 0;
  const flush = (): Omit<LibraryRecord, 'active'> | null => {
    const hasContent = block.some((l) => l.trim() !== '');
    const record = hasContent || big ? block : null;
    const title = block[0]?.trim();
    block = [];
    size = 0;
    const wasBig = big;
    big = false;
    if (!record) return null;
    n++;
    const name = title || `${base}_${n}`;
    if (wasBig) return { name, format: 'sdf', source: '', error: tooLarge() };
    return { name, format: 'sdf', source: `${record.join('\n')}\n` };
  };
  for await (const line of lines) {
    if (line.text.startsWith('$$$$')) {
      const record = flush();
      if (record) yield record;
      continue;
    }
    size += line.text.length + 1;
    if (line.tooLong || size > SCREENING_LIMITS.recordBytesMax) big = true;
    if (!big) block.push(line.text);
    else if (block.length === 0) block.push(line.text.slice(0, 80));
  }
  const last = flush();
  if (last) yield last;
}

/** MOL2: a record starts at `@<TRIPOS>MOLECULE`; the name is the line after it. */
async function* mol2Records(lines: AsyncIterable<Line>, base: string): AsyncGenerator<Omit<LibraryRecord, 'active'>> {
  let block: string[] | null = null;
  let size = 0;
  let big = false;
  let n = 0;
  const flush = (): Omit<LibraryRecord, 'active'> | null => {
    if (!block) return null;
    n++;
    const name = block[1]?.trim() || `${base}_${n}`;
    const record = big
      ? { name, format: 'mol2' as const, source: '', error: tooLarge() }
      : { name, format: 'mol2' as const, source: `${block.join('\n')}\n` };
    block = null;
    size = 0;
    big = false;
    return record;
  };
  for await (const line of lines) {
    if (line.text.startsWith('@<TRIPOS>MOLECULE')) {
      const record = flush();
      if (record) yield record;
      block = [line.text];
      continue;
    }
    if (!block) continue;
    size += line.text.length + 1;
    if (line.tooLong || size > SCREENING_LIMITS.recordBytesMax) big = true;
    if (!big || block.length < 2) block.push(line.text.slice(0, big ? 80 : undefined));
  }
  const last = flush();
  if (last) yield last;
}

/** SMILES files: `SMILES [name...]` per line; blank lines and `#` comments skipped; a `smiles` header skipped. */
async function* smiRecords(lines: AsyncIterable<Line>, base: string): AsyncGenerator<Omit<LibraryRecord, 'active'>> {
  let n = 0;
  let first = true;
  for await (const line of lines) {
    const text = line.text.trim();
    if (!text || text.startsWith('#')) continue;
    const [smiles = '', ...rest] = text.split(/\s+/);
    if (first && /^smiles$/i.test(smiles)) {
      first = false;
      continue;
    }
    first = false;
    n++;
    const name = rest.join(' ').trim() || `${base}_${n}`;
    if (line.tooLong) yield { name: `${base}_${n}`, format: 'smi', source: '', error: tooLarge() };
    else yield { name, format: 'smi', source: smiles };
  }
}

/** One CSV line's fields (RFC 4180 quoting within the line). */
export function csvFields(line: string, separator = ','): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields.map((f) => f.trim());
}

/** A CSV's separator: a tab or semicolon when the header has one and no comma. */
const separatorOf = (header: string) =>
  header.includes(',') ? ',' : header.includes('\t') ? '\t' : header.includes(';') ? ';' : ',';

const ACTIVE = new Set(['1', 'true', 'yes', 'active', 'act', 'y']);
const INACTIVE = new Set(['0', 'false', 'no', 'inactive', 'decoy', 'inact', 'n']);

/** An activity label, or undefined when it is none of the known words. */
export function activityOf(value: string): boolean | null | undefined {
  const v = value.trim().toLowerCase();
  if (v === '') return null;
  if (ACTIVE.has(v)) return true;
  if (INACTIVE.has(v)) return false;
  return undefined;
}

export type CsvHeaderProblem = { kind: 'noSmiles' } | { kind: 'missing'; column: string };

/** Where each column is in a CSV header, or what is wrong with it. */
export function csvLayout(
  header: string,
  columns: CsvColumns,
): { separator: string; smiles: number; name: number; activity: number } | CsvHeaderProblem {
  const separator = separatorOf(header);
  const names = csvFields(header.replace(/^\uFEFF/, ''), separator).map((n) => n.toLowerCase());
  const find = (wanted: string | undefined, defaults: string[]) => {
    if (wanted) return names.indexOf(wanted.toLowerCase());
    for (const d of defaults) {
      const i = names.indexOf(d);
      if (i >= 0) return i;
    }
    return -1;
  };
  const smiles = find(columns.smiles, ['smiles', 'canonical_smiles', 'smi', 'isomeric_smiles']);
  if (smiles < 0) return columns.smiles ? { kind: 'missing', column: columns.smiles } : { kind: 'noSmiles' };
  const name = find(columns.name, ['name', 'id', 'title', 'compound_id', 'molecule_name', 'chembl_id']);
  if (columns.name && name < 0) return { kind: 'missing', column: columns.name };
  const activity = columns.activity ? names.indexOf(columns.activity.toLowerCase()) : -1;
  if (columns.activity && activity < 0) return { kind: 'missing', column: columns.activity };
  return { separator, smiles, name, activity };
}

async function* csvRecords(
  lines: AsyncIterable<Line>,
  base: string,
  columns: CsvColumns,
): AsyncGenerator<Omit<LibraryRecord, 'active'> & { active?: boolean | null }> {
  let layout: ReturnType<typeof csvLayout> | null = null;
  let n = 0;
  for await (const line of lines) {
    if (layout === null) {
      layout = csvLayout(line.text, columns);
      if ('kind' in layout)
        throw new Error(layout.kind === 'noSmiles' ? 'no SMILES column' : `no column ${layout.column}`);
      continue;
    }
    if (!line.text.trim()) continue;
    if ('kind' in layout) return;
    n++;
    if (line.tooLong) {
      yield { name: `${base}_${n}`, format: 'smi', source: '', error: tooLarge() };
      continue;
    }
    const fields = csvFields(line.text, layout.separator);
    const name = (layout.name >= 0 ? fields[layout.name] : '') || `${base}_${n}`;
    const smiles = fields[layout.smiles] ?? '';
    const label = layout.activity >= 0 ? (fields[layout.activity] ?? '') : '';
    const active = layout.activity >= 0 ? activityOf(label) : null;
    if (!smiles) yield { name, format: 'smi', source: '', error: 'no SMILES in this row' };
    else if (active === undefined)
      yield {
        name,
        format: 'smi',
        source: smiles,
        error: `the activity "${label.slice(0, 20)}" is not 1/0, true/false or active/inactive/decoy`,
      };
    else yield { name, format: 'smi', source: smiles, active };
  }
}

/**
 * The records of one library file. `role` marks every record active or decoy (an actives
 * or decoys file); otherwise a CSV's activity column decides, or nothing does.
 */
export async function* libraryRecords(
  stream: Readable,
  format: LibraryFormat,
  fileName: string,
  options: { columns?: CsvColumns; role?: 'active' | 'decoy' } = {},
): AsyncGenerator<LibraryRecord> {
  const base = fileName.replace(/\.[^.]+$/, '') || fileName;
  const lines = streamLines(stream, SCREENING_LIMITS.recordBytesMax);
  const records =
    format === 'sdf'
      ? sdfRecords(lines, base)
      : format === 'mol2'
        ? mol2Records(lines, base)
        : format === 'smi'
          ? smiRecords(lines, base)
          : csvRecords(lines, base, options.columns ?? {});
  const roleActive = options.role === 'active' ? true : options.role === 'decoy' ? false : null;
  for await (const record of records) {
    const fromColumn: boolean | null =
      'active' in record ? ((record.active as boolean | null | undefined) ?? null) : null;
    yield { ...record, active: roleActive ?? fromColumn };
  }
}

/** Names made unique across a library: a repeated name gets " (2)", " (3)"... */
export class UniqueNames {
  private readonly seen = new Map<string, number>();

  next(name: string): string {
    const clean = name.slice(0, 200);
    const count = (this.seen.get(clean) ?? 0) + 1;
    this.seen.set(clean, count);
    return count === 1 ? clean : `${clean} (${count})`;
  }
}
