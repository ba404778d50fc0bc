import { TRANSMOL_LIMITS, TRANSMOL_SORT_FIELDS, type TransMolResultRow } from '@medx/contract';

/** Spec §9: result tables show 5 a page. */
export const RESULT_PAGE_SIZE = 5;

export type TransMolSortField = (typeof TRANSMOL_SORT_FIELDS)[number];

export interface TransMolSort {
  sort: TransMolSortField;
  order: 'asc' | 'desc';
}

/** The server's default order: rank 1 (most similar to both seeds) first. */
export const DEFAULT_SORT: TransMolSort = { sort: 'rank', order: 'asc' };

const isSortField = (value: unknown): value is TransMolSortField =>
  TRANSMOL_SORT_FIELDS.includes(value as TransMolSortField);

/**
 * antd's sorter (column key and 'ascend' / 'descend' / none) as the query's sort and order;
 * a cleared sort or an unknown column falls back to rank ascending.
 */
export function sortFromTable(columnKey: unknown, order: 'ascend' | 'descend' | null | undefined): TransMolSort {
  if (!order || !isSortField(columnKey)) return DEFAULT_SORT;
  return { sort: columnKey, order: order === 'ascend' ? 'asc' : 'desc' };
}

/** The column's sort arrow for the current sort (antd's controlled sortOrder). */
export const sortOrderOf = (sort: TransMolSort, field: TransMolSortField) =>
  sort.sort === field ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

export const LIPINSKI_RULES = ['mw', 'logp', 'hbd', 'hba'] as const;

/** Lipinski's rules of five a molecule passes, and the ones it fails. */
export function lipinskiSummary(flags: TransMolResultRow['lipinski']) {
  const failed = LIPINSKI_RULES.filter((rule) => !flags[rule]);
  return { passed: LIPINSKI_RULES.length - failed.length, total: LIPINSKI_RULES.length, failed };
}

/** Dock selected takes 1 to 20 molecules (contract TRANSMOL_LIMITS.dockMax). */
export const canDock = (selected: number) => selected >= 1 && selected <= TRANSMOL_LIMITS.dockMax;

/** A score with a fixed number of decimals; SYBA (always null here) shows as an em dash. */
export const formatScore = (value: number | null, decimals = 2) => (value === null ? '—' : value.toFixed(decimals));
