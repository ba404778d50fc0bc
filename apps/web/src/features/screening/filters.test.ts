import { describe, expect, it } from 'vitest';
import {
  appliedFilters,
  binFilter,
  DEFAULT_SORT,
  exportQuery,
  isBinSelected,
  ligandQuery,
  residueValid,
  sortFromTable,
} from './filters';

describe('screening filters', () => {
  it('send trimmed texts and real numbers only, and no residue the server would refuse', () => {
    expect(
      appliedFilters({
        name: '  aspirin ',
        residue: 'A:AS',
        score_min: Number.NaN,
        score_max: -7,
        status: undefined,
        valid: false,
      }),
    ).toEqual({ name: 'aspirin', score_max: -7, valid: false });
    expect(appliedFilters({ name: '   ', residue: ' A:ASP86 ' })).toEqual({ residue: 'A:ASP86' });
    expect(residueValid('ASP86')).toBe(true);
    expect(residueValid('')).toBe(true);
    expect(residueValid('86 ASP')).toBe(false);
  });

  it('build the list query and the export query from the same filters', () => {
    const filters = { status: 'DONE' as const, score_max: -8 };
    expect(ligandQuery(filters, { sort: 'mw', order: 'desc' }, 3, 50)).toEqual({
      status: 'DONE',
      score_max: -8,
      page: 3,
      limit: 50,
      sort: 'mw',
      order: 'desc',
    });
    expect(exportQuery(filters, 'csv', 250)).toEqual({ status: 'DONE', score_max: -8, format: 'csv', top: 250 });
    expect(exportQuery({}, 'sdf', 10_000_000).top).toBe(100_000);
  });

  it('turn a histogram bar into the score range, and the table sorter into the server sort', () => {
    const bin = { from: -9.5, to: -9, count: 4 };
    expect(binFilter(bin)).toEqual({ score_min: -9.5, score_max: -9 });
    expect(isBinSelected(binFilter(bin), bin)).toBe(true);
    expect(sortFromTable('heavy_atoms', 'descend')).toEqual({ sort: 'heavy_atoms', order: 'desc' });
    expect(sortFromTable('name', null)).toBe(DEFAULT_SORT);
    expect(sortFromTable('residues', 'ascend')).toBe(DEFAULT_SORT);
  });
});
