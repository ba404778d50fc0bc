import { describe, expect, it } from 'vitest';
import { boxAround, parseResidueTokens, residueLabel } from './pocket-geometry';

describe('pocket geometry', () => {
  it('boxes points: centre at the midpoint, size = extent + 2 × margin, 2 decimals', () => {
    const points = [
      { x: 1.004, y: -2, z: 10 },
      { x: 3.5, y: 4.333, z: 12 },
    ];
    expect(boxAround(points, 5)).toEqual({
      size_x: 12.5,
      size_y: 16.33,
      size_z: 12,
      center_x: 2.25,
      center_y: 1.17,
      center_z: 11,
    });
  });

  it('reads residue ids: numbers, chain-qualified, insertion codes; lists the bad tokens', () => {
    expect(parseResidueTokens(' 45  A:67,121B -3 ')).toEqual({
      selectors: [
        { token: '45', chain: null, resSeq: 45, iCode: '' },
        { token: 'A:67', chain: 'A', resSeq: 67, iCode: '' },
        { token: '121B', chain: null, resSeq: 121, iCode: 'B' },
        { token: '-3', chain: null, resSeq: -3, iCode: '' },
      ],
      bad: [],
    });
    expect(parseResidueTokens('45 GLU12 A: 1.5 AB:3').bad).toEqual(['GLU12', 'A:', '1.5', 'AB:3']);
  });

  it('labels residues as chain:NAMEnumber', () => {
    expect(residueLabel({ chain: 'A', resName: 'GLU', resSeq: 121, iCode: '' })).toBe('A:GLU121');
    expect(residueLabel({ chain: '', resName: 'HIS', resSeq: 52, iCode: 'A' })).toBe('HIS52A');
  });
});
