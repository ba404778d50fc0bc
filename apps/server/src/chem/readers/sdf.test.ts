import { describe, expect, it } from 'vitest';
import { ASPIRIN_SDF, TWO_RECORD_SDF } from '../test-fixtures';
import { readSdf } from './sdf';

describe('readSdf', () => {
  it('reads records with their title, first line, text (ending with $$$$), atoms and heavy atoms', () => {
    const { records, errors } = readSdf(TWO_RECORD_SDF);
    expect(errors).toEqual([]);
    expect(records.map((r) => [r.index, r.title, r.line, r.atoms.length, r.heavyAtoms])).toEqual([
      [1, 'ethanol', 1, records[0]!.atoms.length, records[0]!.heavyAtoms],
      [2, '', records[1]!.line, records[1]!.atoms.length, records[1]!.heavyAtoms],
    ]);
    expect(records.map((r) => r.text).join('')).toBe(TWO_RECORD_SDF);
    expect(records[0]!.molfile).toBe(records[0]!.text.replace(/\$\$\$\$\n$/, ''));
    const [first] = readSdf(ASPIRIN_SDF).records;
    expect(first!.atoms[2]).toEqual({ element: 'O', x: -3.0122, y: 1.185, z: 0, line: 7 });
    expect(first!.heavyAtoms).toBe(13);
  });

  it('reads V3000 atoms', () => {
    const v3000 = [
      'v3',
      '  test',
      '',
      '  0  0  0     0  0            999 V3000',
      'M  V30 BEGIN CTAB',
      'M  V30 COUNTS 2 1 0 0 0',
      'M  V30 BEGIN ATOM',
      'M  V30 1 C 0.0 0.0 0.5 0',
      'M  V30 2 Cl 1.7 0.0 0.0 0',
      'M  V30 END ATOM',
      'M  V30 BEGIN BOND',
      'M  V30 1 1 1 2',
      'M  V30 END BOND',
      'M  V30 END CTAB',
      'M  END',
      '$$$$',
      '',
    ].join('\n');
    const { records, errors } = readSdf(v3000);
    expect(errors).toEqual([]);
    expect(records[0]).toMatchObject({ v3000: true, heavyAtoms: 2 });
    expect(records[0]!.atoms.map((a) => [a.element, a.z, a.line])).toEqual([
      ['C', 0.5, 8],
      ['CL', 0, 9],
    ]);
  });

  it('reports each broken record with its number and the line in the file, and still returns the others', () => {
    const broken = ASPIRIN_SDF.replace('  2  3  2  0', '  2 99  2  0');
    const { records, errors } = readSdf(ASPIRIN_SDF + broken);
    expect(records).toHaveLength(2);
    expect(errors).toEqual([
      {
        reason: 'malformed',
        line: 54,
        detail: 'record 2: line 54: bond between atoms 2 and 99, but there are 13',
      },
    ]);
  });
});
