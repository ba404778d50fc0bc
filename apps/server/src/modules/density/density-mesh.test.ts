import { DENSITY_LIMITS } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import { densityMesh, meshToPly } from './density-mesh';

/** A cubic map, 1 Å per step, mode 2: a Gaussian blob of height 10 at grid (c, c, c) on a zero background. */
function blobMap(n: number, mode = 2, withData = true): Buffer {
  const bytes = mode === 0 ? 1 : 4;
  const buf = Buffer.alloc(1024 + (withData ? n * n * n * bytes : 0));
  for (const w of [0, 1, 2, 7, 8, 9]) buf.writeInt32LE(n, w * 4);
  buf.writeInt32LE(mode, 12);
  for (const w of [10, 11, 12]) buf.writeFloatLE(n, w * 4);
  for (const w of [13, 14, 15]) buf.writeFloatLE(90, w * 4);
  for (const [i, a] of [1, 2, 3].entries()) buf.writeInt32LE(a, (16 + i) * 4);
  buf.write('MAP ', 208, 'latin1');
  buf.set([0x44, 0x41, 0, 0], 212);
  if (withData && mode === 2) {
    const c = (n - 1) / 2;
    let k = 0;
    for (let z = 0; z < n; z++)
      for (let y = 0; y < n; y++)
        for (let x = 0; x < n; x++) {
          const r2 = (x - c) ** 2 + (y - c) ** 2 + (z - c) ** 2;
          buf.writeFloatLE(10 * Math.exp(-r2 / 8), 1024 + 4 * k++);
        }
  }
  return buf;
}

describe('densityMesh', () => {
  it('contours a Gaussian blob as a closed sphere of the right radius, normals outwards', () => {
    const n = 21;
    const c = (n - 1) / 2;
    const out = densityMesh(blobMap(n), Float64Array.from([c, c, c]), 8, 1);
    if (!out.ok) throw new Error(JSON.stringify(out));
    // The contour value and the radius where 10 exp(-r² / 8) equals it.
    const r = Math.sqrt(-8 * Math.log(out.level_value / 10));
    const count = out.vertices.length / 3;
    expect(count).toBeGreaterThan(100);
    for (let v = 0; v < out.vertices.length; v += 3) {
      const d = Math.hypot(out.vertices[v]! - c, out.vertices[v + 1]! - c, out.vertices[v + 2]! - c);
      expect(Math.abs(d - r)).toBeLessThan(0.35);
    }
    // Closed: every edge is shared by exactly two triangles, in opposite directions.
    const edges = new Map<string, number>();
    for (let f = 0; f < out.triangles.length; f += 3) {
      const [a, b, d] = out.triangles.slice(f, f + 3) as [number, number, number];
      for (const [p, q] of [
        [a, b],
        [b, d],
        [d, a],
      ] as const) {
        edges.set(`${p}-${q}`, (edges.get(`${p}-${q}`) ?? 0) + 1);
      }
    }
    for (const [key, uses] of edges) {
      expect(uses).toBe(1);
      const [p, q] = key.split('-');
      expect(edges.get(`${q}-${p}`)).toBe(1);
    }
    // Outward normals: the signed volume is positive.
    let volume = 0;
    const at = (i: number) => out.vertices.slice(i * 3, i * 3 + 3).map((v) => v - c) as [number, number, number];
    for (let f = 0; f < out.triangles.length; f += 3) {
      const [p, q, s] = [at(out.triangles[f]!), at(out.triangles[f + 1]!), at(out.triangles[f + 2]!)];
      volume +=
        (p[0] * (q[1] * s[2] - q[2] * s[1]) - p[1] * (q[0] * s[2] - q[2] * s[0]) + p[2] * (q[0] * s[1] - q[1] * s[0])) /
        6;
    }
    expect(volume).toBeGreaterThan(0);
    expect(Math.abs(volume - (4 / 3) * Math.PI * r ** 3) / volume).toBeLessThan(0.1);
  });

  it('carves: nothing outside carve Å of the atoms, and no overlap is said so', () => {
    const n = 21;
    const out = densityMesh(blobMap(n), Float64Array.from([10, 10, 14]), 1.5, 1);
    if (!out.ok) throw new Error(JSON.stringify(out));
    for (let v = 0; v < out.vertices.length; v += 3) {
      expect(Math.hypot(out.vertices[v]! - 10, out.vertices[v + 1]! - 10, out.vertices[v + 2]! - 14)).toBeLessThan(
        1.5 + 0.5,
      );
    }
    expect(densityMesh(blobMap(n), Float64Array.from([40, 40, 40]), 2, 1)).toEqual({ ok: false, reason: 'noOverlap' });
  });

  it('refuses maps and carved regions above the grid limits', () => {
    // 401³ int8 points: over the map limit, refused from the header before any contouring.
    const big = 401;
    expect(big ** 3).toBeGreaterThan(DENSITY_LIMITS.maxMapPoints);
    expect(densityMesh(blobMap(big, 0), Float64Array.from([1, 1, 1]), 2, 1)).toEqual({
      ok: false,
      reason: 'tooLarge',
      points: big ** 3,
      max: DENSITY_LIMITS.maxMapPoints,
    });
    // 200³ = 8 M points, a carve of 10 Å around atoms spread over it: over the carved-box limit.
    const atoms = Float64Array.from([5, 5, 5, 195, 195, 195]);
    expect(densityMesh(blobMap(200, 0), atoms, 10, 1)).toMatchObject({
      ok: false,
      reason: 'tooLarge',
      max: DENSITY_LIMITS.maxCarvePoints,
    });
  });

  it('writes ASCII PLY', () => {
    expect(meshToPly([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1, 2], 'x\ny')).toBe(
      'ply\nformat ascii 1.0\ncomment x y\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\n' +
        'element face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n',
    );
  });
});
