import Papa from 'papaparse';

/** Spec §9 CSV viewer constants. */
export const CSV_SNIFF_ROWS = 20;
export const CSV_NUMERIC_RATIO = 0.8;
export const CSV_PAGE_SIZE = 100;
export const CSV_PAGE_SIZES = [50, 100, 200, 500] as const;

export interface CsvTable {
  columns: string[];
  /** Data rows, each padded or cut to the column count. */
  rows: string[][];
  /** Per column: sorted and aligned as numbers. */
  numeric: boolean[];
}

export class CsvParseError extends Error {
  override name = 'CsvParseError';
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A plain decimal or scientific number (no hex, no Infinity, surrounding spaces allowed). */
export function isNumericText(value: string): boolean {
  return NUMBER.test(value.trim());
}

/**
 * Spec §9: looks at the first 20 data rows; a column is numeric when at least 80% of its
 * non-empty values parse as numbers (a column with no values there is not numeric).
 */
export function detectNumericColumns(rows: readonly (readonly string[])[], columnCount: number): boolean[] {
  const sample = rows.slice(0, CSV_SNIFF_ROWS);
  return Array.from({ length: columnCount }, (_, column) => {
    let filled = 0;
    let numbers = 0;
    for (const row of sample) {
      const value = row[column]?.trim() ?? '';
      if (!value) continue;
      filled += 1;
      if (isNumericText(value)) numbers += 1;
    }
    return filled > 0 && numbers / filled >= CSV_NUMERIC_RATIO;
  });
}

const DATA_URI = /^data:image\/(png|jpe?g|gif);base64,[A-Za-z0-9+/=\s]+$/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** Leading base64 of the PNG, JPEG and GIF signatures. */
const SIGNATURES: ReadonlyArray<[string, string]> = [
  ['iVBORw0KGgo', 'image/png'],
  ['/9j/', 'image/jpeg'],
  ['R0lGOD', 'image/gif'],
];

/**
 * Spec §9: a cell holding an image (a data URI, or bare base64 of a PNG, JPEG or GIF) gives
 * the address to show it from; any other cell gives null.
 */
export function imageCellSrc(value: string): string | null {
  const text = value.trim();
  if (text.length < 16) return null;
  if (text.startsWith('data:')) return DATA_URI.test(text) ? text : null;
  const compact = text.replace(/\s+/g, '');
  if (!BASE64.test(compact)) return null;
  for (const [prefix, mime] of SIGNATURES) {
    if (compact.startsWith(prefix)) return `data:${mime};base64,${compact}`;
  }
  return null;
}

/** Numbers compare by value (empty and unreadable values last); text in natural order. */
export function compareCells(a: string, b: string, numeric: boolean): number {
  if (numeric) {
    const x = isNumericText(a) ? Number(a) : Number.NaN;
    const y = isNumericText(b) ? Number(b) : Number.NaN;
    if (Number.isNaN(x) && Number.isNaN(y)) return 0;
    if (Number.isNaN(x)) return 1;
    if (Number.isNaN(y)) return -1;
    return x - y;
  }
  return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
}

/** Rows where some cell other than an image contains the query, ignoring case. */
export function filterRows(rows: readonly string[][], query: string): string[][] {
  const needle = query.trim().toLowerCase();
  if (!needle) return rows as string[][];
  return rows.filter((row) => row.some((cell) => !imageCellSrc(cell) && cell.toLowerCase().includes(needle)));
}

/** The first row names the columns (blank or repeated names get a number); the rest are data. */
export function buildCsvTable(records: readonly (readonly string[])[]): CsvTable {
  const [header = [], ...body] = records;
  const width = Math.max(header.length, ...body.map((row) => row.length), 0);
  const seen = new Map<string, number>();
  const columns = Array.from({ length: width }, (_, i) => {
    const base = header[i]?.trim() || `Column ${i + 1}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count ? `${base} (${count + 1})` : base;
  });
  const rows = body.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ''));
  return { columns, rows, numeric: detectNumericColumns(rows, width) };
}

/**
 * Parses CSV text with papaparse (delimiter guessed, blank lines skipped). Broken quoting is a
 * parse error (spec §8 'Failed to parse CSV file.'); ragged rows are padded instead.
 */
export function parseCsv(text: string): CsvTable {
  const result = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const fatal = result.errors.find((error) => error.type === 'Quotes');
  if (fatal) throw new CsvParseError(`${fatal.message} (row ${fatal.row ?? '?'})`);
  return buildCsvTable(result.data);
}
