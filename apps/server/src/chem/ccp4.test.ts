import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ccp4Points, gridToCartesian, MapFormatError, mapStatistics, readCcp4 } from './ccp4';

const here = dirname(fileURLToPath(import.meta.url));
/** gemmi sfcalc + sf2map of 1ia1 residues A40-50 (apps/server/test/fixtures/density/README.md). */
const fixture = () => readFileSync(resolve(here, '../../test/fixtures/density/1ia1_A40-50.ccp4'));
const bench1ia1 = () => readFileSync(resolve(here, '../../../../../shared/bench/1ia1/receptor.pdb'), 'utf8');

/** A small map: values v(x, y, z) = x + 10 y + 100 z stored in the given axis order, mode and byte order. */
function synthetic(options: { mode?: number; big?: boolean; axes?: [number, number, number] } = {}): Buffer {
  const { mode = 2, big = false, axes = [1, 2, 3] } = options;
  const size = [3, 4, 5]; // along X, Y, Z
  const n = axes.map((a) => size[a - 1]!);
  const bytes = mode === 0 ? 1 : mode === 2 ? 4 : 2;
  const buf = Buffer.alloc(1024 + n[0]! * n[1]! * n[2]! * bytes);
  const int = (w: number, v: number) => {
    if (big) buf.writeInt32BE(v, w * 4);
    else buf.writeInt32LE(v, w * 4);
  };
  const flt = (w: number, v: number) => {
    if (big) buf.writeFloatBE(v, w * 4);
    else buf.writeFloatLE(v, w * 4);
  };
  for (const [i, v] of n.entries()) int(i, v);
  int(3, mode);
  for (const [i, w] of [7, 8, 9].entries()) int(w, [10, 20, 30][i]!);
  for (const [i, w] of [10, 11, 12].entries()) flt(w, [10, 20, 30][i]!);
  for (const w of [13, 14, 15]) flt(w, 90);
  for (const [i, a] of axes.entries()) int(16 + i, a);
  buf.write('MAP ', 208, 'latin1');
  buf.set(big ? [0x11, 0x11, 0, 0] : [0x44, 0x41, 0, 0], 212);
  let k = 0;
  const pos = [0, 0, 0];
  for (let s = 0; s < n[2]!; s++)
    for (let r = 0; r < n[1]!; r++)
      for (let c = 0; c < n[0]!; c++) {
        [c, r, s].forEach((v, f) => {
          pos[axes[f]! - 1] = v;
        });
        const v = (pos[0]! + 10 * pos[1]! + 100 * pos[2]!) % (mode === 0 ? 128 : 1 << 15);
        const at = 1024 + k++ * bytes;
        if (mode === 0) buf.writeInt8(v, at);
        else if (mode === 2) (big ? buf.writeFloatBE : buf.writeFloatLE).call(buf, v, at);
        else (big ? buf.writeInt16BE : buf.writeInt16LE).call(buf, v, at);
      }
  return buf;
}

describe('readCcp4', () => {
  it("reads gemmi's map of 1ia1 as gemmi reports it (mode 2, grid, start, cell, statistics)", () => {
    const map = readCcp4(fixture());
    expect(map.mode).toBe(2);
    expect(map.size).toEqual([24, 27, 26]);
    expect(map.start).toEqual([29, 1, -10]);
    expect(map.sampling).toEqual([80, 72, 40]);
    expect(map.cell.map((v) => Math.round(v * 100) / 100)).toEqual([76.91, 67.28, 38.49, 90, 93.07, 90]);
    const stats = mapStatistics(map.data);
    expect(stats.mean).toBeCloseTo(-0.04704, 4);
    expect(stats.rms).toBeCloseTo(0.92534, 4);
    expect(Math.max(...map.data)).toBeCloseTo(5.73409, 4);
    expect(ccp4Points(fixture())).toBe(24 * 27 * 26);
  });

  it('places the density on the atoms in the monoclinic cell: the strong peaks lie on atoms of the model', () => {
    const map = readCcp4(fixture());
    const m = gridToCartesian(map);
    const atoms = bench1ia1()
      .split('\n')
      .filter((l) => l.startsWith('ATOM') || l.startsWith('HETATM'))
      .map((l) => [Number(l.slice(30, 38)), Number(l.slice(38, 46)), Number(l.slice(46, 54))]);
    const { mean, rms } = mapStatistics(map.data);
    const [nx, ny] = map.size;
    let peaks = 0;
    let near = 0;
    map.data.forEach((v, idx) => {
      if (v < mean + 4 * rms) return;
      const [i, j, k] = [idx % nx, Math.floor(idx / nx) % ny, Math.floor(idx / (nx * ny))];
      const p = [0, 1, 2].map((r) => m[r * 4]! * i + m[r * 4 + 1]! * j + m[r * 4 + 2]! * k + m[r * 4 + 3]!);
      const nearest = Math.min(...atoms.map((a) => Math.hypot(a[0]! - p[0]!, a[1]! - p[1]!, a[2]! - p[2]!)));
      if (nearest < 1.0) near++;
      peaks++;
    });
    expect(peaks).toBeGreaterThan(100);
    // The rest belong to symmetry mates (P 1 21 1) inside the map's box, which the model file lacks.
    expect(near / peaks).toBeGreaterThan(0.85);
  });

  it.each([
    ['float32 little-endian', { mode: 2 }],
    ['float32 big-endian', { mode: 2, big: true }],
    ['int16', { mode: 1 }],
    ['int8 big-endian', { mode: 0, big: true }],
    ['sections along X (axes 3 1 2)', { mode: 2, axes: [3, 1, 2] as [number, number, number] }],
    ['rows along X (axes 2 1 3), int16', { mode: 1, axes: [2, 1, 3] as [number, number, number] }],
  ])('%s: values land at their X, Y, Z', (_name, options) => {
    const map = readCcp4(synthetic(options));
    expect(map.size).toEqual([3, 4, 5]);
    const mod = options.mode === 0 ? 128 : 1 << 15;
    for (let z = 0; z < 5; z++)
      for (let y = 0; y < 4; y++)
        for (let x = 0; x < 3; x++) expect(map.data[x + 3 * (y + 4 * z)]).toBe((x + 10 * y + 100 * z) % mod);
    // Orthogonal cell 10 × 20 × 30 Å sampled 10, 20, 30: 1 Å per step.
    for (const [i, v] of gridToCartesian(map).entries()) {
      expect(v).toBeCloseTo([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0][i]!, 9);
    }
  });

  it('refuses what is not a map, with the reason', () => {
    expect(() => readCcp4(Buffer.from('HEADER    not a map\n'))).toThrow(MapFormatError);
    const noTag = synthetic();
    noTag.write('PAM ', 208, 'latin1');
    expect(() => readCcp4(noTag)).toThrow(/MAP/);
    const mode = synthetic();
    mode.writeInt32LE(7, 12);
    expect(() => readCcp4(mode)).toThrow('unsupported data mode 7');
    expect(() => readCcp4(synthetic().subarray(0, 1100))).toThrow(/bytes/);
  });
});
