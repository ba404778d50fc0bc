import { DOCKING_LIMITS, ZERO_POCKET } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import {
  BOX_FACE_TRIANGLES,
  boundingPocket,
  boxCorners,
  boxEdges,
  isDrawablePocket,
  type Point3,
  pocketBounds,
  resizePocket,
} from './box-geometry';

const pocket = { center_x: 1, center_y: -2, center_z: 3, size_x: 4, size_y: 6, size_z: 8 };

describe('box around selected atoms', () => {
  it('is the extent plus the padding on every side, centred on the midpoint', () => {
    // Two atoms: (0, 0, 0) and (2, 4, -6).
    expect(boundingPocket([0, 0, 0, 2, 4, -6], 5)).toEqual({
      center_x: 1,
      center_y: 2,
      center_z: -3,
      size_x: 12,
      size_y: 14,
      size_z: 16,
    });
  });

  it('rounds every value to 2 decimals', () => {
    const box = boundingPocket([1.2345, 2.3456, 3.4567, 4.5678, 5.6789, 6.7891], 1.005);
    expect(box).toEqual({
      center_x: 2.9,
      center_y: 4.01,
      center_z: 5.12,
      size_x: 5.34,
      size_y: 5.34,
      size_z: 5.34,
    });
  });

  it('gives a padding-only cube around a single atom and ignores a negative padding', () => {
    expect(boundingPocket([10, 20, 30], 2.5)).toEqual({
      center_x: 10,
      center_y: 20,
      center_z: 30,
      size_x: 5,
      size_y: 5,
      size_z: 5,
    });
    expect(boundingPocket([0, 0, 0, 1, 1, 1], -3)?.size_x).toBe(1);
  });

  it('is null without atoms or with a broken coordinate', () => {
    expect(boundingPocket([], 5)).toBeNull();
    expect(boundingPocket([1, 2], 5)).toBeNull();
    expect(boundingPocket([0, Number.NaN, 0], 5)).toBeNull();
  });

  it('caps each edge at the server limit', () => {
    expect(boundingPocket([0, 0, 0, 500, 1, 1], 5)?.size_x).toBe(DOCKING_LIMITS.boxEdgeMax);
  });
});

describe('box drawing geometry', () => {
  it('only draws a box with three positive edges', () => {
    expect(isDrawablePocket(pocket)).toBe(true);
    expect(isDrawablePocket(ZERO_POCKET)).toBe(false);
    expect(isDrawablePocket({ ...pocket, size_y: 0 })).toBe(false);
    expect(isDrawablePocket({ ...pocket, center_x: Number.NaN })).toBe(false);
  });

  it('spans centre ± half the size', () => {
    expect(pocketBounds(pocket)).toEqual({ min: [-1, -5, -1], max: [3, 1, 7] });
  });

  it('has eight distinct corners on the bounds', () => {
    const corners = boxCorners(pocket);
    expect(corners).toHaveLength(8);
    expect(new Set(corners.map((c) => c.join(','))).size).toBe(8);
    expect(corners[0]).toEqual([-1, -5, -1]);
    expect(corners[7]).toEqual([3, 1, 7]);
    for (const [x, y, z] of corners) {
      expect([-1, 3]).toContain(x);
      expect([-5, 1]).toContain(y);
      expect([-1, 7]).toContain(z);
    }
  });

  it('has twelve axis-parallel edges, four along each axis with that axis length', () => {
    const edges = boxEdges(pocket);
    expect(edges).toHaveLength(12);
    const byAxis = [0, 0, 0];
    for (const [a, b] of edges) {
      const changed = [0, 1, 2].filter((axis) => a[axis] !== b[axis]);
      expect(changed).toHaveLength(1);
      const axis = changed[0] as number;
      byAxis[axis] = (byAxis[axis] ?? 0) + 1;
      expect(Math.abs((b[axis] as number) - (a[axis] as number))).toBe([4, 6, 8][axis]);
    }
    expect(byAxis).toEqual([4, 4, 4]);
  });

  it('closes the six faces with outward-facing triangles', () => {
    const corners = boxCorners(pocket);
    const centre: Point3 = [pocket.center_x, pocket.center_y, pocket.center_z];
    expect(BOX_FACE_TRIANGLES).toHaveLength(12);
    for (const [ia, ib, ic] of BOX_FACE_TRIANGLES) {
      const [a, b, c] = [corners[ia], corners[ib], corners[ic]] as [Point3, Point3, Point3];
      const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
      const [ux = 0, uy = 0, uz = 0] = u;
      const [vx = 0, vy = 0, vz = 0] = v;
      const normal = [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
      const out = [a[0] - centre[0], a[1] - centre[1], a[2] - centre[2]];
      const dot = normal.reduce((sum, n, i) => sum + n * (out[i] ?? 0), 0);
      expect(dot).toBeGreaterThan(0);
    }
  });
});

describe('resizing every edge', () => {
  it('grows and shrinks by the step, keeping the centre', () => {
    expect(resizePocket(pocket, 1)).toEqual({ ...pocket, size_x: 5, size_y: 7, size_z: 9 });
    expect(resizePocket(pocket, -0.25)).toEqual({ ...pocket, size_x: 3.75, size_y: 5.75, size_z: 7.75 });
  });

  it('stays within 0 and the server limit', () => {
    expect(resizePocket(pocket, -5)).toEqual({ ...pocket, size_x: 0, size_y: 1, size_z: 3 });
    expect(resizePocket({ ...pocket, size_x: 125.5 }, 1).size_x).toBe(DOCKING_LIMITS.boxEdgeMax);
  });
});
