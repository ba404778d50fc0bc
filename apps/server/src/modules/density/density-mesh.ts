import { DENSITY_LIMITS } from '@medx/contract';
import { type Ccp4Map, gridToCartesian, MapFormatError, mapStatistics, readCcp4 } from '../../chem/ccp4';

/** What the worker answers: a mesh, or why not (the service turns reasons into messages). */
export type DensityOutcome =
  | {
      ok: true;
      vertices: number[];
      triangles: number[];
      level_value: number;
      sigma: number;
      bounds: { min: number[]; max: number[] };
    }
  | { ok: false; reason: 'notMap'; detail: string }
  | { ok: false; reason: 'tooLarge'; points: number; max: number }
  | { ok: false; reason: 'noOverlap' };

/** The six tetrahedra of a cube around its 0-6 diagonal (corners: bit 0 = x, 1 = y, 2 = z). */
const CORNERS = [
  [0, 0, 0],
  [1, 0, 0],
  [1, 1, 0],
  [0, 1, 0],
  [0, 0, 1],
  [1, 0, 1],
  [1, 1, 1],
  [0, 1, 1],
] as const;
const TETS = [
  [0, 6, 1, 2],
  [0, 6, 2, 3],
  [0, 6, 3, 7],
  [0, 6, 7, 4],
  [0, 6, 4, 5],
  [0, 6, 5, 1],
] as const;

function invert3(m: number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  return [
    (e * i - f * h) / det,
    (c * h - b * i) / det,
    (b * f - c * e) / det,
    (f * g - d * i) / det,
    (a * i - c * g) / det,
    (c * d - a * f) / det,
    (d * h - e * g) / det,
    (b * g - a * h) / det,
    (a * e - b * d) / det,
  ];
}

/**
 * The isosurface at mean + level × sigma of a CCP4/MRC map, carved: only grid cubes
 * whose eight corners all lie within `carve` Å of an atom are contoured (marching
 * tetrahedra, vertices shared along grid edges), so every vertex is within carve plus
 * half a grid step of the atoms. `atoms` holds x, y, z triples.
 */
export function densityMesh(buffer: Uint8Array, atoms: Float64Array, carve: number, level: number): DensityOutcome {
  let map: Ccp4Map;
  try {
    map = readCcp4(buffer);
  } catch (error) {
    if (error instanceof MapFormatError) return { ok: false, reason: 'notMap', detail: error.message };
    throw error;
  }
  const [nx, ny, nz] = map.size;
  if (nx * ny * nz > DENSITY_LIMITS.maxMapPoints)
    return { ok: false, reason: 'tooLarge', points: nx * ny * nz, max: DENSITY_LIMITS.maxMapPoints };
  const affine = gridToCartesian(map);
  const lin = [
    affine[0]!,
    affine[1]!,
    affine[2]!,
    affine[4]!,
    affine[5]!,
    affine[6]!,
    affine[8]!,
    affine[9]!,
    affine[10]!,
  ];
  const shift = [affine[3]!, affine[7]!, affine[11]!];
  const inv = invert3(lin);
  // Half-width in grid steps of a sphere of radius carve along each grid axis.
  const reach = [0, 1, 2].map((r) => carve * Math.hypot(inv[r * 3]!, inv[r * 3 + 1]!, inv[r * 3 + 2]!));
  const toGrid = (x: number, y: number, z: number) => {
    const p = [x - shift[0]!, y - shift[1]!, z - shift[2]!];
    return [0, 1, 2].map((r) => inv[r * 3]! * p[0]! + inv[r * 3 + 1]! * p[1]! + inv[r * 3 + 2]! * p[2]!);
  };
  const cart = (i: number, j: number, k: number, out: number[]) => {
    for (let r = 0; r < 3; r++) out[r] = lin[r * 3]! * i + lin[r * 3 + 1]! * j + lin[r * 3 + 2]! * k + shift[r]!;
    return out;
  };
  // The box of grid indices the atoms' spheres can touch, clipped to the map.
  const lo = [nx, ny, nz];
  const hi = [-1, -1, -1];
  const size = [nx, ny, nz];
  const ranges: number[][] = [];
  for (let a = 0; a < atoms.length; a += 3) {
    const g = toGrid(atoms[a]!, atoms[a + 1]!, atoms[a + 2]!);
    const r: number[] = [];
    let inside = true;
    for (let q = 0; q < 3; q++) {
      const from = Math.max(0, Math.ceil(g[q]! - reach[q]!));
      const to = Math.min(size[q]! - 1, Math.floor(g[q]! + reach[q]!));
      if (from > to) inside = false;
      r.push(from, to);
    }
    if (!inside) continue;
    ranges.push([a, ...r]);
    for (let q = 0; q < 3; q++) {
      lo[q] = Math.min(lo[q]!, r[2 * q]!);
      hi[q] = Math.max(hi[q]!, r[2 * q + 1]!);
    }
  }
  if (ranges.length === 0) return { ok: false, reason: 'noOverlap' };
  const [bx, by, bz] = [hi[0]! - lo[0]! + 1, hi[1]! - lo[1]! + 1, hi[2]! - lo[2]! + 1];
  if (bx * by * bz > DENSITY_LIMITS.maxCarvePoints)
    return { ok: false, reason: 'tooLarge', points: bx * by * bz, max: DENSITY_LIMITS.maxCarvePoints };
  // Mask of the box: grid points within carve Å of an atom.
  const mask = new Uint8Array(bx * by * bz);
  const p = [0, 0, 0];
  const c2 = carve * carve;
  const bmin = [Infinity, Infinity, Infinity];
  const bmax = [-Infinity, -Infinity, -Infinity];
  let marked = 0;
  for (const [a, x0, x1, y0, y1, z0, z1] of ranges as [number, number, number, number, number, number, number][]) {
    for (let k = z0; k <= z1; k++) {
      for (let j = y0; j <= y1; j++) {
        for (let i = x0; i <= x1; i++) {
          const m = i - lo[0]! + bx * (j - lo[1]! + by * (k - lo[2]!));
          if (mask[m]) continue;
          cart(i, j, k, p);
          const d = (p[0]! - atoms[a]!) ** 2 + (p[1]! - atoms[a + 1]!) ** 2 + (p[2]! - atoms[a + 2]!) ** 2;
          if (d > c2) continue;
          mask[m] = 1;
          marked++;
          for (let q = 0; q < 3; q++) {
            bmin[q] = Math.min(bmin[q]!, p[q]!);
            bmax[q] = Math.max(bmax[q]!, p[q]!);
          }
        }
      }
    }
  }
  if (marked === 0) return { ok: false, reason: 'noOverlap' };
  const { mean, rms } = mapStatistics(map.data);
  const iso = mean + level * rms;
  const data = map.data;
  const vertices: number[] = [];
  const triangles: number[] = [];
  const shared = new Map<number, number>();
  const total = nx * ny * nz;
  const gidx = (i: number, j: number, k: number) => i + nx * (j + ny * k);
  const vertexOn = (ga: number, gb: number, pa: number[], pb: number[], va: number, vb: number): number => {
    const key = ga < gb ? ga * total + gb : gb * total + ga;
    const known = shared.get(key);
    if (known !== undefined) return known;
    const t = va === vb ? 0.5 : (iso - va) / (vb - va);
    cart(pa[0]! + t * (pb[0]! - pa[0]!), pa[1]! + t * (pb[1]! - pa[1]!), pa[2]! + t * (pb[2]! - pa[2]!), p);
    const index = vertices.length / 3;
    vertices.push(round3(p[0]!), round3(p[1]!), round3(p[2]!));
    shared.set(key, index);
    return index;
  };
  const pos = CORNERS.map(() => [0, 0, 0]);
  const gi = new Array<number>(8).fill(0);
  const val = new Array<number>(8).fill(0);
  for (let k = lo[2]!; k < hi[2]!; k++) {
    for (let j = lo[1]!; j < hi[1]!; j++) {
      for (let i = lo[0]!; i < hi[0]!; i++) {
        let all = true;
        for (let c = 0; c < 8 && all; c++) {
          const [dx, dy, dz] = CORNERS[c]!;
          if (!mask[i + dx - lo[0]! + bx * (j + dy - lo[1]! + by * (k + dz - lo[2]!))]) all = false;
        }
        if (!all) continue;
        let above = 0;
        for (let c = 0; c < 8; c++) {
          const [dx, dy, dz] = CORNERS[c]!;
          pos[c]![0] = i + dx;
          pos[c]![1] = j + dy;
          pos[c]![2] = k + dz;
          gi[c] = gidx(i + dx, j + dy, k + dz);
          val[c] = data[gi[c]!]!;
          if (val[c]! >= iso) above++;
        }
        if (above === 0 || above === 8) continue;
        for (const tet of TETS) tetrahedron(tet);
      }
    }
  }
  function tetrahedron(tet: readonly number[]) {
    const inside = tet.filter((c) => val[c]! >= iso);
    const outside = tet.filter((c) => val[c]! < iso);
    if (inside.length === 0 || outside.length === 0) return;
    const edge = (a: number, b: number) => vertexOn(gi[a]!, gi[b]!, pos[a]!, pos[b]!, val[a]!, val[b]!);
    // Normals point from high density to low: towards the outside corners' centroid.
    const centre = (cs: number[]) => [0, 1, 2].map((q) => cs.reduce((s, c) => s + pos[c]![q]!, 0) / cs.length);
    const cin = centre(inside);
    const cout = centre(outside);
    const dir = [0, 1, 2].map((q) => cout[q]! - cin[q]!);
    const emit = (a: number, b: number, c: number) => {
      if (a === b || b === c || a === c) return;
      const va = vertices.slice(a * 3, a * 3 + 3);
      const vb = vertices.slice(b * 3, b * 3 + 3);
      const vc = vertices.slice(c * 3, c * 3 + 3);
      const u = [0, 1, 2].map((q) => vb[q]! - va[q]!);
      const w = [0, 1, 2].map((q) => vc[q]! - va[q]!);
      const n = [u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!];
      const ld = cart(dir[0]!, dir[1]!, dir[2]!, [0, 0, 0]).map((v, q) => v - shift[q]!);
      if (n[0]! * ld[0]! + n[1]! * ld[1]! + n[2]! * ld[2]! < 0) triangles.push(a, c, b);
      else triangles.push(a, b, c);
    };
    if (inside.length === 1 || outside.length === 1) {
      const [one, others] = inside.length === 1 ? [inside[0]!, outside] : [outside[0]!, inside];
      emit(edge(one, others[0]!), edge(one, others[1]!), edge(one, others[2]!));
    } else {
      const [a, b] = inside as [number, number];
      const [c, d] = outside as [number, number];
      const ac = edge(a, c);
      const ad = edge(a, d);
      const bc = edge(b, c);
      const bd = edge(b, d);
      emit(ac, ad, bd);
      emit(ac, bd, bc);
    }
  }
  return {
    ok: true,
    vertices,
    triangles,
    level_value: round6(iso),
    sigma: round6(rms),
    bounds: { min: bmin.map(round3), max: bmax.map(round3) },
  };
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** An ASCII PLY of a mesh. */
export function meshToPly(vertices: readonly number[], triangles: readonly number[], comment: string): string {
  const lines = [
    'ply',
    'format ascii 1.0',
    `comment ${comment.replace(/[\r\n]+/g, ' ')}`,
    `element vertex ${vertices.length / 3}`,
    'property float x',
    'property float y',
    'property float z',
    `element face ${triangles.length / 3}`,
    'property list uchar int vertex_indices',
    'end_header',
  ];
  for (let v = 0; v < vertices.length; v += 3) lines.push(`${vertices[v]} ${vertices[v + 1]} ${vertices[v + 2]}`);
  for (let f = 0; f < triangles.length; f += 3) lines.push(`3 ${triangles[f]} ${triangles[f + 1]} ${triangles[f + 2]}`);
  return `${lines.join('\n')}\n`;
}
