import { describe, expect, it } from 'vitest';
import { MINI_CIF } from '../test-fixtures';
import { readCif } from './cif';

describe('readCif', () => {
  it('reads the _atom_site rows as atoms with their element and the line they are on', () => {
    const { records, errors } = readCif(MINI_CIF);
    expect(errors).toEqual([]);
    expect(records).toHaveLength(1);
    expect(records[0]!.atoms).toEqual([
      { element: 'N', x: 1, y: 2, z: 3, line: 15 },
      { element: 'C', x: 2.46, y: 2, z: 3, line: 16 },
    ]);
  });

  it('makes one record per model, and names the row and line of a bad coordinate', () => {
    const two = MINI_CIF.replace('ATOM 2 C "CA" ALA 2.460 2.000 3.000 1', 'ATOM 2 C "CA" ALA 2.460 2.000 3.000 2');
    expect(readCif(two).records.map((r) => [r.title, r.atoms.length])).toEqual([
      ['model 1', 1],
      ['model 2', 1],
    ]);
    const bad = MINI_CIF.replace('2.460', '2.4x0');
    expect(readCif(bad).errors).toEqual([
      {
        reason: 'malformed',
        line: 16,
        detail: "_atom_site row 2: coordinate '2.4x0' (_atom_site.Cartn_x) is not a number",
      },
    ]);
  });
});
