import type { TransMolResultRow } from '@medx/contract';

const COLUMNS = [
  'rank',
  'filename',
  'smiles',
  'syba_score',
  'sa_score',
  'qed',
  'similarity1',
  'similarity2',
  'molecular_weight',
  'logp',
  'hbd',
  'hba',
] as const;
const LIPINSKI = ['mw', 'logp', 'hbd', 'hba'] as const;

/** A CSV cell: quoted when it holds a comma, quote or line break (RFC 4180). */
const cell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The molecules and their scores as CSV (no images), one row per molecule. */
export function transmolCsv(rows: readonly TransMolResultRow[]): string {
  const header = [...COLUMNS, ...LIPINSKI.map((rule) => `lipinski_${rule}`)];
  const lines = rows.map((row) => [...COLUMNS.map((c) => row[c]), ...LIPINSKI.map((rule) => row.lipinski[rule])]);
  return `${[header, ...lines].map((line) => line.map(cell).join(',')).join('\n')}\n`;
}
