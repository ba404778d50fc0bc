import { DOCKING_LIMITS, type DockingPocket, isZeroPocket, pocketFromBounds, round2 } from '@medx/contract';

/** A point in Å, in the coordinates of the loaded files (what Vina's box uses). */
export type Point3 = readonly [number, number, number];

/**
 * The box around points given as a flat x, y, z list (what Mol* positions are read into), with
 * `padding` Å added on every side: centre = the extent's midpoint, size = extent + 2 × padding,
 * every value rounded to the spec's 2 decimals and each edge capped at the server's limit.
 * Null when there is no point (nothing selected) or a coordinate is not a finite number.
 */
export function boundingPocket(positions: ArrayLike<number>, padding: number): DockingPocket | null {
  const count = Math.floor(positions.length / 3);
  if (count === 0) return null;
  const min = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  const max = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (let i = 0; i < count; i++) {
    for (let axis = 0; axis < 3; axis++) {
      const value = positions[i * 3 + axis] as number;
      if (!Number.isFinite(value)) return null;
      if (value < (min[axis] as number)) min[axis] = value;
      if (value > (max[axis] as number)) max[axis] = value;
    }
  }
  const pad = Number.isFinite(padding) && padding > 0 ? padding : 0;
  const box = pocketFromBounds(min as [number, number, number], max as [number, number, number], pad);
  const cap = (edge: number) => Math.min(edge, DOCKING_LIMITS.boxEdgeMax);
  return { ...box, size_x: cap(box.size_x), size_y: cap(box.size_y), size_z: cap(box.size_z) };
}

/** Whether the pocket is a box that can be drawn (every edge above 0, finite values). */
export function isDrawablePocket(pocket: DockingPocket): boolean {
  const values = Object.values(pocket);
  return !isZeroPocket(pocket) && values.every(Number.isFinite);
}

/** The box's lowest and highest corners. */
export function pocketBounds(pocket: DockingPocket): { min: Point3; max: Point3 } {
  const half = [pocket.size_x / 2, pocket.size_y / 2, pocket.size_z / 2] as const;
  const c = [pocket.center_x, pocket.center_y, pocket.center_z] as const;
  return {
    min: [c[0] - half[0], c[1] - half[1], c[2] - half[2]],
    max: [c[0] + half[0], c[1] + half[1], c[2] + half[2]],
  };
}

/**
 * The eight corners; corner `i` takes the high value on x when bit 0 of `i` is set, on y for
 * bit 1 and on z for bit 2, so two corners share an edge when their indices differ in one bit.
 */
export function boxCorners(pocket: DockingPocket): Point3[] {
  const { min, max } = pocketBounds(pocket);
  return Array.from({ length: 8 }, (_, i) => [
    i & 1 ? max[0] : min[0],
    i & 2 ? max[1] : min[1],
    i & 4 ? max[2] : min[2],
  ]);
}

/** The twelve edges as pairs of corners (indices one bit apart). */
export function boxEdges(pocket: DockingPocket): [Point3, Point3][] {
  const corners = boxCorners(pocket);
  const edges: [Point3, Point3][] = [];
  for (let i = 0; i < 8; i++) {
    for (const bit of [1, 2, 4]) {
      if (!(i & bit)) edges.push([corners[i] as Point3, corners[i | bit] as Point3]);
    }
  }
  return edges;
}

/**
 * The six faces as two triangles each (corner indices, counter-clockwise seen from outside),
 * for the translucent fill of the box.
 */
export const BOX_FACE_TRIANGLES: readonly (readonly [number, number, number])[] = [
  // -x, +x
  [0, 4, 6],
  [0, 6, 2],
  [1, 3, 7],
  [1, 7, 5],
  // -y, +y
  [0, 1, 5],
  [0, 5, 4],
  [2, 6, 7],
  [2, 7, 3],
  // -z, +z
  [0, 2, 3],
  [0, 3, 1],
  [4, 5, 7],
  [4, 7, 6],
];

/** Every edge grown (or shrunk, with a negative step) by `step` Å, kept within 0 and the server's limit. */
export function resizePocket(pocket: DockingPocket, step: number): DockingPocket {
  const edge = (value: number) => round2(Math.min(Math.max(value + step, 0), DOCKING_LIMITS.boxEdgeMax));
  return { ...pocket, size_x: edge(pocket.size_x), size_y: edge(pocket.size_y), size_z: edge(pocket.size_z) };
}
