import { describe, expect, it } from 'vitest';
import { buriednessAt, type CavityAtom, DIRECTIONS, detectCavities, insideBox } from './cavity';

/**
 * A hollow box of carbon atoms: walls of atoms every 1.5 Å on the faces of a cube of
 * edge `edge` centred at `c`. `tube` leaves out both z faces (a channel open at both
 * ends), and `length` stretches it along z.
 */
function shell(
  edge: number,
  c: [number, number, number],
  options: { tube?: boolean; length?: number } = {},
): CavityAtom[] {
  const step = 1.5;
  const n = Math.round(edge / step);
  const nz = Math.round((options.length ?? edge) / step);
  const atoms: CavityAtom[] = [];
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= n; j++) {
      for (let k = 0; k <= nz; k++) {
        const onFace = i === 0 || j === 0 || i === n || j === n || (!options.tube && (k === 0 || k === nz));
        if (!onFace) continue;
        atoms.push({
          x: c[0] - edge / 2 + i * step,
          y: c[1] - edge / 2 + j * step,
          z: c[2] - (nz * step) / 2 + k * step,
          element: 'C',
          residue: `A:ALA${i + 1}`,
        });
      }
    }
  }
  return atoms;
}

describe('LIGSITE-style cavity detection', () => {
  it('scans 13 line directions (3 axes, 6 face and 4 body diagonals), none parallel to another', () => {
    expect(DIRECTIONS).toHaveLength(13);
    const key = (d: readonly number[]) => d.join(',');
    const both = new Set(DIRECTIONS.flatMap((d) => [key(d), key(d.map((v) => -v))]));
    expect(both.size).toBe(26);
  });

  it('finds the inside of a closed box as one fully buried pocket, centred, with its volume', () => {
    const center: [number, number, number] = [10, -5, 3];
    const atoms = shell(12, center);
    const start = performance.now();
    const [top, ...rest] = detectCavities(atoms);
    expect(performance.now() - start).toBeLessThan(2000);
    expect(rest).toEqual([]);
    expect(top!.rank).toBe(1);
    // Points near a corner look along a body diagonal across the whole box (> 10 Å): not all 13.
    expect(top!.buriedness).toBeGreaterThan(12.5);
    expect(top!.enclosed).toBeGreaterThan(0.5);
    // Free centres inside: walls at ±6 Å minus (1.7 Å carbon + 1.2 Å probe): |offset| ≤ 3.1 → 7 points per axis.
    expect(top!.points).toBe(7 ** 3);
    expect(top!.volume).toBe(top!.points);
    for (const [i, axis] of (['x', 'y', 'z'] as const).entries()) {
      expect(Math.abs(top!.pocket[`center_${axis}`] - center[i]!)).toBeLessThanOrEqual(0.5);
      // Cluster extent (6 Å) + 2 × 4 Å margin.
      expect(top!.pocket[`size_${axis}`]).toBe(14);
    }
    expect(insideBox(top!.pocket, ...center)).toBe(true);
    expect(top!.residues.length).toBeGreaterThan(0);
    expect(buriednessAt(atoms, [{ x: center[0], y: center[1], z: center[2] }])).toEqual([13]);
  });

  it('scores a channel open at both ends lower: only its axis sees out', () => {
    const closed = buriednessAt(shell(12, [0, 0, 0]), [{ x: 0, y: 0, z: 0 }]);
    const tube = buriednessAt(shell(12, [0, 0, 0], { tube: true, length: 30 }), [{ x: 0, y: 0, z: 0 }]);
    expect(closed).toEqual([13]);
    expect(tube).toEqual([12]);
    // Buried enough (≥ 11) to be proposed, except near the open ends.
    const [pocket] = detectCavities(shell(12, [0, 0, 0], { tube: true, length: 30 }));
    expect(pocket!.buriedness).toBeLessThan(13);
    expect(pocket!.enclosed).toBe(0);
  });

  it('a cavity wider than the scan distance is not buried at its centre', () => {
    // 24 Å box: from the centre the walls are 9 Å away along x, y, z, 15.6 Å along body diagonals (> 10 Å scan).
    expect(buriednessAt(shell(24, [0, 0, 0]), [{ x: 0, y: 0, z: 0 }])[0]).toBeLessThan(11);
  });

  it('finds nothing in a solid block or an empty structure, and marks points inside atoms', () => {
    const solid: CavityAtom[] = [];
    for (let i = 0; i < 8; i++)
      for (let j = 0; j < 8; j++)
        for (let k = 0; k < 8; k++) solid.push({ x: i * 1.5, y: j * 1.5, z: k * 1.5, element: 'C' });
    expect(detectCavities(solid)).toEqual([]);
    expect(detectCavities([])).toEqual([]);
    expect(buriednessAt(solid, [{ x: 4.5, y: 4.5, z: 4.5 }])).toEqual([-1]);
  });

  it('ranks two cavities by size × buriedness and honours max', () => {
    const atoms = [...shell(12, [0, 0, 0]), ...shell(14, [40, 0, 0])];
    const found = detectCavities(atoms);
    expect(found).toHaveLength(2);
    expect(insideBox(found[0]!.pocket, 40, 0, 0)).toBe(true);
    expect(insideBox(found[1]!.pocket, 0, 0, 0)).toBe(true);
    expect(found[0]!.score).toBeGreaterThan(found[1]!.score);
    expect(detectCavities(atoms, { max: 1 })).toHaveLength(1);
  });
});
