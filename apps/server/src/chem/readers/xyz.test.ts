import { describe, expect, it } from 'vitest';
import { WATER_XYZ } from '../test-fixtures';
import { readXyz } from './xyz';

describe('readXyz', () => {
  it('reads frames with their comment as title, atoms and lines; atomic numbers become symbols', () => {
    const { records, errors } = readXyz(`${WATER_XYZ}2\nsecond\n6 0 0 0\n8 1.2 0 0\n`);
    expect(errors).toEqual([]);
    expect(records.map((r) => [r.index, r.title, r.line, r.heavyAtoms])).toEqual([
      [1, 'water', 1, 1],
      [2, 'second', 6, 2],
    ]);
    expect(records[1]!.atoms.map((a) => [a.element, a.x, a.line])).toEqual([
      ['C', 0, 8],
      ['O', 1.2, 9],
    ]);
  });

  it('stops at a frame whose atoms do not follow its count, naming the line', () => {
    const { records, errors } = readXyz(`${WATER_XYZ}2\nbroken\n6 0 0 0\n`);
    expect(records).toHaveLength(1);
    expect(errors).toEqual([
      { reason: 'truncated', line: 6, detail: 'line 6 declares 2 atoms, only 1 atom lines follow' },
    ]);
  });
});
