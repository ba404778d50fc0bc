import {
  SCREENING_LIMITS,
  type ScreeningExportQuery,
  ScreeningFilter,
  type ScreeningLigandQuery,
} from '@medx/contract';

/** The filters of the ligand table and the export, as the server reads them (undefined: no filter). */
export type Filters = ScreeningFilter;
export const NO_FILTERS: Filters = {};

export type ScreeningSort = ScreeningLigandQuery['sort'];
export interface SortState {
  sort: ScreeningSort;
  order: 'asc' | 'desc';
}
/** Best (most negative) score first, as the server's default. */
export const DEFAULT_SORT: SortState = { sort: 'score', order: 'asc' };

export const PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100];
export const EXPORT_TOP_DEFAULT = 1000;
export const EXPORT_TOP_MAX = SCREENING_LIMITS.exportMax;

/** The text filters (typed, so sent once typing pauses). */
const TEXT_KEYS = ['name', 'residue'] as const;
const NUMBER_KEYS = ['score_min', 'score_max', 'mw_min', 'mw_max', 'logp_min', 'logp_max'] as const;

/** Whether a typed residue is one the server reads ("ASP86", "A:ASP86"); empty text is no filter. */
export function residueValid(text: string | undefined): boolean {
  const value = text?.trim();
  return !value || ScreeningFilter.shape.residue.safeParse(value).success;
}

/**
 * What the server is sent for the filters shown: texts trimmed, empty values and numbers that
 * are not numbers left out, and a residue the server would refuse left out too (the field
 * says why), so a half-typed filter never empties the table with an error.
 */
export function appliedFilters(draft: Filters): Filters {
  const out: Filters = { ...draft };
  for (const key of TEXT_KEYS) {
    const value = out[key]?.trim();
    if (value) out[key] = value;
    else delete out[key];
  }
  if (!residueValid(out.residue)) delete out.residue;
  for (const key of NUMBER_KEYS) {
    const value = out[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) delete out[key];
  }
  for (const key of ['status', 'failed_check', 'valid', 'active'] as const) {
    if (out[key] === undefined || out[key] === null) delete out[key];
  }
  return out;
}

/** How many filters are on (the Reset button's badge). */
export const filterCount = (filters: Filters) => Object.keys(appliedFilters(filters)).length;

/** GET /v1/jobs/{id}/screening/ligands's query. */
export function ligandQuery(filters: Filters, sort: SortState, page: number, limit: number): ScreeningLigandQuery {
  return { ...appliedFilters(filters), page, limit, sort: sort.sort, order: sort.order };
}

/** GET /v1/jobs/{id}/screening/export's query: the same filters, a format and the best `top`. */
export function exportQuery(filters: Filters, format: 'sdf' | 'csv', top: number): ScreeningExportQuery {
  const bounded = Math.min(EXPORT_TOP_MAX, Math.max(1, Math.round(top)));
  return { ...appliedFilters(filters), format, top: bounded };
}

/** A histogram bar's score range as the table's score filter. */
export const binFilter = (bin: { from: number; to: number }): Pick<Filters, 'score_min' | 'score_max'> => ({
  score_min: bin.from,
  score_max: bin.to,
});

export const isBinSelected = (filters: Filters, bin: { from: number; to: number }) =>
  filters.score_min === bin.from && filters.score_max === bin.to;

const SORT_KEYS: readonly string[] = ['score', 'name', 'index', 'mw', 'logp', 'heavy_atoms', 'rotatable_bonds'];

/**
 * The table's sorter as the server's sort: a column it can sort by, ascending or descending;
 * antd's third click (no order) goes back to the default, best score first.
 */
export function sortFromTable(columnKey: unknown, order: 'ascend' | 'descend' | null | undefined): SortState {
  if (!order || typeof columnKey !== 'string' || !SORT_KEYS.includes(columnKey)) return DEFAULT_SORT;
  return { sort: columnKey as ScreeningSort, order: order === 'ascend' ? 'asc' : 'desc' };
}

/** antd's sortOrder of a column for the current sort. */
export const columnSortOrder = (sort: SortState, key: ScreeningSort) =>
  sort.sort === key ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;
