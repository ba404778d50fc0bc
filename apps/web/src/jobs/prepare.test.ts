import { describe, expect, it } from 'vitest';
import { detailCell, detailColumns } from './job-details';
import { canPrepare } from './prepare';

describe('canPrepare', () => {
  it('follows the extensions the server reads', () => {
    expect(canPrepare('protein', { name: 'rec.pdb', ext: 'pdb' })).toBe(true);
    expect(canPrepare('protein', { name: 'rec.cif', ext: '' })).toBe(true);
    expect(canPrepare('protein', { name: 'lig.sdf', ext: 'sdf' })).toBe(false);
    expect(canPrepare('ligand', { name: 'lig.sdf', ext: 'sdf' })).toBe(true);
    expect(canPrepare('ligand', { name: 'lig.SMI', ext: 'SMI' })).toBe(true);
    expect(canPrepare('ligand', { name: 'map.ccp4', ext: 'ccp4' })).toBe(false);
  });
});

describe('the extra table', () => {
  it('takes its columns from the rows keys in order of appearance', () => {
    expect(
      detailColumns([
        { item: 'a', count: 1 },
        { item: 'b', detail: 'x' },
      ]),
    ).toEqual(['item', 'count', 'detail']);
    expect(detailColumns([])).toEqual([]);
  });
  it('shows values as text', () => {
    expect([detailCell(null), detailCell(-7.5), detailCell('x'), detailCell(true), detailCell({ a: 1 })]).toEqual([
      '',
      '-7.5',
      'x',
      'true',
      '{"a":1}',
    ]);
  });
});
