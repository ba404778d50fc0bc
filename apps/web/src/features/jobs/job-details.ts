import type { JobDetailRow } from '../../api/jobs';

/** Table columns from the keys of the extra table's rows (first appearance order). */
export function detailColumns(rows: readonly JobDetailRow[]): string[] {
  const keys: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  return keys;
}

/** A cell of the extra table: numbers and text as they are, anything else as JSON. */
export function detailCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
