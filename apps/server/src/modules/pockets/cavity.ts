/**
 * Automatic cavity detection, LIGSITE-style (Hendlich, Rippmann & Barnickel 1997;
 * the 13-direction variant of Huang & Schroeder's LIGSITEcs), pure and synchronous.
 *
 * 1. A grid (1 Å) over the receptor's heavy atoms. A point is protein when it lies
 *    within an atom's van der Waals radius plus a probe radius: the remaining points
 *    are where the centre of a small probe fits.
 * 2. Buriedness of a free point: of the 13 lines through it (3 axes, 6 face
 *    diagonals, 4 body diagonals), how many meet protein on BOTH sides within
 *    `scanDistance` Å (a protein-solvent-protein event). Clefts score high, open
 *    surface low. Each direction is one linear pass over the grid (distance to the
 *    nearest protein point behind, carried along the line), so the cost is
 *    13 × 2 × grid size, not grid size × scan length.
 * 3. Points with buriedness ≥ `minBuriedness` are clustered (26-connected); clusters
 *    smaller than `minPoints` are noise.
 * 4. Clusters are ranked by points × mean buriedness; a pocket box is the cluster's
 *    bounding box plus `boxMargin` on each side (2 decimals, as the spec shows).
 */
import { type DockingPocket, pocketFromBounds, round2 } from '@medx/contract';

export interface CavityAtom {
  x: number;
  y: number;
  z: number;
  element: string;
  /** Label of the residue the atom belongs to ('A:GLU121'); optional for synthetic tests. */
  residue?: string;
}

export interface CavityOptions {
  /** Grid spacing in Å. */
  spacing: number;
  /** Added to every van der Waals radius when marking protein points. */
  probe: number;
  /** How far (Å) a scan looks for protein on each side of a point. */
  scanDistance: number;
  /** Of 13 directions, how many must be enclosed for a point to count as buried. */
  minBuriedness: number;
  /** Smallest cluster (grid points) reported. */
  minPoints: number;
  /** Å added around the cluster's bounding box. */
  boxMargin: number;
  /**
   * A cluster wider than this (Å, any axis) is split: its points are re-clustered at
   * the next buriedness level until the parts fit (channels and grooves that join
   * several pockets otherwise give one box too large to dock in).
   */
  maxExtent: number;
  /** Residues within this distance (Å) of a cavity point line it. */
  liningDistance: number;
  /** Pockets returned. */
  max: number;
}

export const CAVITY_DEFAULTS: CavityOptions = {
  spacing: 1,
  probe: 1.2,
  scanDistance: 10,
  minBuriedness: 11,
  minPoints: 20,
  boxMargin: 4,
  maxExtent: 22,
  liningDistance: 4,
  max: 5,
};

export interface Cavity {
  rank: number;
  pocket: DockingPocket;
  /** Mean buriedness of the cluster's points (out of 13). */
  buriedness: number;
  /** Fraction of the points enclosed in all 13 directions. */
  enclosed: number;
  score: number;
  /** Å³: points × spacing³. */
  volume: number;
  points: number;
  residues: string[];
  centroid: [number, number, number];
}

/** Bondi radii (Å) of the elements found in receptors; others get 1.8. */
const VDW: Readonly<Record<string, number>> = {
  C: 1.7,
  N: 1.55,
  O: 1.52,
  S: 1.8,
  P: 1.8,
  H: 1.1,
  SE: 1.9,
  F: 1.47,
  CL: 1.75,
  BR: 1.85,
  I: 1.98,
  FE: 1.3,
  ZN: 1.2,
  MG: 1.2,
  CA: 1.4,
  MN: 1.3,
  NA: 1.4,
  K: 1.8,
};
const radiusOf = (element: string) => VDW[element.toUpperCase()] ?? 1.8;

/** The 13 line directions: 3 axes, 6 face diagonals, 4 body diagonals (each scanned both ways). */
export const DIRECTIONS: readonly (readonly [number, number, number])[] = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
  [1, 1, 0],
  [1, -1, 0],
  [1, 0, 1],
  [1, 0, -1],
  [0, 1, 1],
  [0, 1, -1],
  [1, 1, 1],
  [1, 1, -1],
  [1, -1, 1],
  [1, -1, -1],
];

interface Grid {
  nx: number;
  ny: number;
  nz: number;
  ox: number;
  oy: number;
  oz: number;
  spacing: number;
}

const index = (g: Grid, i: number, j: number, k: number) => (k * g.ny + j) * g.nx + i;

function makeGrid(atoms: readonly CavityAtom[], spacing: number, pad: number): Grid {
  let minX = Infinity;
  let minY = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let maxZ = -Infinity;
  for (const a of atoms) {
    minX = Math.min(minX, a.x);
    minY = Math.min(minY, a.y);
    minZ = Math.min(minZ, a.z);
    maxX = Math.max(maxX, a.x);
    maxY = Math.max(maxY, a.y);
    maxZ = Math.max(maxZ, a.z);
  }
  const ox = minX - pad;
  const oy = minY - pad;
  const oz = minZ - pad;
  return {
    ox,
    oy,
    oz,
    spacing,
    nx: Math.ceil((maxX + pad - ox) / spacing) + 1,
    ny: Math.ceil((maxY + pad - oy) / spacing) + 1,
    nz: Math.ceil((maxZ + pad - oz) / spacing) + 1,
  };
}

/** Marks every grid point within an atom's radius + probe as protein (1). */
function markProtein(g: Grid, atoms: readonly CavityAtom[], probe: number): Uint8Array {
  const occupied = new Uint8Array(g.nx * g.ny * g.nz);
  for (const a of atoms) {
    const r = radiusOf(a.element) + probe;
    const r2 = r * r;
    const ci = (a.x - g.ox) / g.spacing;
    const cj = (a.y - g.oy) / g.spacing;
    const ck = (a.z - g.oz) / g.spacing;
    const rg = r / g.spacing;
    const i0 = Math.max(0, Math.ceil(ci - rg));
    const i1 = Math.min(g.nx - 1, Math.floor(ci + rg));
    const j0 = Math.max(0, Math.ceil(cj - rg));
    const j1 = Math.min(g.ny - 1, Math.floor(cj + rg));
    const k0 = Math.max(0, Math.ceil(ck - rg));
    const k1 = Math.min(g.nz - 1, Math.floor(ck + rg));
    for (let k = k0; k <= k1; k++) {
      const dz = (k - ck) * g.spacing;
      for (let j = j0; j <= j1; j++) {
        const dy = (j - cj) * g.spacing;
        const dyz = dy * dy + dz * dz;
        if (dyz > r2) continue;
        for (let i = i0; i <= i1; i++) {
          const dx = (i - ci) * g.spacing;
          if (dx * dx + dyz <= r2) occupied[index(g, i, j, k)] = 1;
        }
      }
    }
  }
  return occupied;
}

/**
 * For one direction d: steps from each point back along -d to the nearest protein
 * point (0 on protein, capped at `cap`, `cap` when none). One pass in an order where
 * p - d is visited before p.
 */
function stepsBehind(g: Grid, occupied: Uint8Array, d: readonly [number, number, number], cap: number): Uint8Array {
  const out = new Uint8Array(occupied.length);
  const [dx, dy, dz] = d;
  const range = (n: number, s: number) => (s >= 0 ? { from: 0, to: n, step: 1 } : { from: n - 1, to: -1, step: -1 });
  const ri = range(g.nx, dx);
  const rj = range(g.ny, dy);
  const rk = range(g.nz, dz);
  for (let k = rk.from; k !== rk.to; k += rk.step) {
    for (let j = rj.from; j !== rj.to; j += rj.step) {
      for (let i = ri.from; i !== ri.to; i += ri.step) {
        const p = index(g, i, j, k);
        if (occupied[p]) {
          out[p] = 0;
          continue;
        }
        const pi = i - dx;
        const pj = j - dy;
        const pk = k - dz;
        if (pi < 0 || pj < 0 || pk < 0 || pi >= g.nx || pj >= g.ny || pk >= g.nz) {
          out[p] = cap;
          continue;
        }
        const prev = out[index(g, pi, pj, pk)]!;
        out[p] = prev >= cap ? cap : prev + 1;
      }
    }
  }
  return out;
}

/** Buriedness (0-13) of every free grid point; protein points get 0. */
function buriedness(g: Grid, occupied: Uint8Array, scanDistance: number): Uint8Array {
  const score = new Uint8Array(occupied.length);
  for (const d of DIRECTIONS) {
    const length = Math.hypot(d[0], d[1], d[2]) * g.spacing;
    // Steps of this direction within the scan distance; the cap means "none found".
    const maxSteps = Math.max(1, Math.floor(scanDistance / length));
    const cap = Math.min(255, maxSteps + 1);
    const back = stepsBehind(g, occupied, d, cap);
    const ahead = stepsBehind(g, occupied, [-d[0], -d[1], -d[2]], cap);
    for (let p = 0; p < occupied.length; p++) {
      if (!occupied[p] && back[p]! <= maxSteps && ahead[p]! <= maxSteps) score[p]!++;
    }
  }
  return score;
}

/** 26-connected components of the marked points (among `candidates`), as lists of grid indices. */
function clusters(g: Grid, marked: Uint8Array, minPoints: number, candidates: Iterable<number>): number[][] {
  const seen = new Uint8Array(marked.length);
  const out: number[][] = [];
  const stack: number[] = [];
  for (const start of candidates) {
    if (!marked[start] || seen[start]) continue;
    const members: number[] = [];
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      members.push(p);
      const i = p % g.nx;
      const j = Math.floor(p / g.nx) % g.ny;
      const k = Math.floor(p / (g.nx * g.ny));
      for (let dk = -1; dk <= 1; dk++) {
        const kk = k + dk;
        if (kk < 0 || kk >= g.nz) continue;
        for (let dj = -1; dj <= 1; dj++) {
          const jj = j + dj;
          if (jj < 0 || jj >= g.ny) continue;
          for (let di = -1; di <= 1; di++) {
            const ii = i + di;
            if (ii < 0 || ii >= g.nx) continue;
            const q = index(g, ii, jj, kk);
            if (marked[q] && !seen[q]) {
              seen[q] = 1;
              stack.push(q);
            }
          }
        }
      }
    }
    if (members.length >= minPoints) out.push(members);
  }
  return out;
}

function extent(g: Grid, members: readonly number[]): number {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const p of members) {
    const c = [p % g.nx, Math.floor(p / g.nx) % g.ny, Math.floor(p / (g.nx * g.ny))];
    for (let a = 0; a < 3; a++) {
      min[a] = Math.min(min[a]!, c[a]!);
      max[a] = Math.max(max[a]!, c[a]!);
    }
  }
  return Math.max(max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!) * g.spacing;
}

/** Splits a too-wide cluster by raising the buriedness threshold inside it (see maxExtent). */
function refine(g: Grid, score: Uint8Array, members: number[], level: number, o: CavityOptions): number[][] {
  if (extent(g, members) <= o.maxExtent || level >= DIRECTIONS.length) return [members];
  const marked = new Uint8Array(score.length);
  for (const p of members) if (score[p]! > level) marked[p] = 1;
  const parts = clusters(g, marked, o.minPoints, members);
  // Nothing more buried inside (an evenly buried channel): the cluster stays whole.
  if (parts.length === 0) return [members];
  return parts.flatMap((part) => refine(g, score, part, level + 1, o));
}

/** Residue labels of atoms within `distance` of any of the points (a spatial hash keeps it linear). */
function liningResidues(atoms: readonly CavityAtom[], points: readonly [number, number, number][], distance: number) {
  const cell = distance;
  const key = (x: number, y: number, z: number) =>
    `${Math.floor(x / cell)},${Math.floor(y / cell)},${Math.floor(z / cell)}`;
  const buckets = new Map<string, [number, number, number][]>();
  for (const p of points) {
    const k = key(p[0], p[1], p[2]);
    const list = buckets.get(k);
    if (list) list.push(p);
    else buckets.set(k, [p]);
  }
  const d2 = distance * distance;
  const found = new Set<string>();
  for (const a of atoms) {
    if (!a.residue || found.has(a.residue)) continue;
    const bx = Math.floor(a.x / cell);
    const by = Math.floor(a.y / cell);
    const bz = Math.floor(a.z / cell);
    search: for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          for (const p of buckets.get(`${bx + dx},${by + dy},${bz + dz}`) ?? []) {
            const ex = p[0] - a.x;
            const ey = p[1] - a.y;
            const ez = p[2] - a.z;
            if (ex * ex + ey * ey + ez * ez <= d2) {
              found.add(a.residue);
              break search;
            }
          }
        }
      }
    }
  }
  return [...found];
}

/**
 * Grid points above which detection is refused: 8 million points is a 200 Å cube at
 * 1 Å (a ribosome-sized assembly), about 1.5 s and 200 MB of arrays (13 directions);
 * the cost grows with the cube of the span, so a few stray atoms far away would
 * otherwise ask for gigabytes.
 */
export const MAX_GRID_POINTS = 8_000_000;

/** The grid detection would use: its size per axis (Å) and its points. */
export function gridExtent(
  atoms: readonly CavityAtom[],
  options: Partial<CavityOptions> = {},
): { span: [number, number, number]; points: number } {
  const { spacing } = { ...CAVITY_DEFAULTS, ...options };
  if (atoms.length === 0) return { span: [0, 0, 0], points: 0 };
  const g = makeGrid(atoms, spacing, 1);
  return { span: [g.nx * spacing, g.ny * spacing, g.nz * spacing], points: g.nx * g.ny * g.nz };
}

/** Ranked cavities of a receptor (heavy atoms, waters excluded by the caller). */
export function detectCavities(atoms: readonly CavityAtom[], options: Partial<CavityOptions> = {}): Cavity[] {
  const o = { ...CAVITY_DEFAULTS, ...options };
  if (atoms.length === 0) return [];
  const g = makeGrid(atoms, o.spacing, 1);
  // Callers check gridExtent first with a message; this guards every other caller.
  if (g.nx * g.ny * g.nz > MAX_GRID_POINTS) throw new RangeError('cavity grid too large');
  const occupied = markProtein(g, atoms, o.probe);
  const score = buriedness(g, occupied, o.scanDistance);
  const marked = new Uint8Array(score.length);
  for (let p = 0; p < score.length; p++) if (score[p]! >= o.minBuriedness) marked[p] = 1;

  const all = {
    [Symbol.iterator]: function* () {
      for (let p = 0; p < marked.length; p++) yield p;
    },
  };
  const ranked = clusters(g, marked, o.minPoints, all)
    .flatMap((members) => refine(g, score, members, o.minBuriedness, o))
    .map((members) => {
      let sum = 0;
      let full = 0;
      for (const p of members) {
        sum += score[p]!;
        if (score[p] === DIRECTIONS.length) full++;
      }
      return { members, mean: sum / members.length, score: sum, enclosed: full / members.length };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, o.max);

  return ranked.map((c, n) => {
    const coords = c.members.map((p): [number, number, number] => {
      const i = p % g.nx;
      const j = Math.floor(p / g.nx) % g.ny;
      const k = Math.floor(p / (g.nx * g.ny));
      return [g.ox + i * g.spacing, g.oy + j * g.spacing, g.oz + k * g.spacing];
    });
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    const sum = [0, 0, 0];
    for (const c3 of coords) {
      for (let a = 0; a < 3; a++) {
        min[a] = Math.min(min[a]!, c3[a]!);
        max[a] = Math.max(max[a]!, c3[a]!);
        sum[a]! += c3[a]!;
      }
    }
    return {
      rank: n + 1,
      pocket: pocketFromBounds([min[0]!, min[1]!, min[2]!], [max[0]!, max[1]!, max[2]!], o.boxMargin),
      buriedness: round2(c.mean),
      enclosed: round2(c.enclosed),
      score: round2(c.score),
      volume: round2(c.members.length * o.spacing ** 3),
      points: c.members.length,
      residues: liningResidues(atoms, coords, o.liningDistance),
      centroid: [round2(sum[0]! / coords.length), round2(sum[1]! / coords.length), round2(sum[2]! / coords.length)],
    };
  });
}

/** True when the point lies inside the pocket's box (edges included). */
export function insideBox(pocket: DockingPocket, x: number, y: number, z: number): boolean {
  return (
    Math.abs(x - pocket.center_x) <= pocket.size_x / 2 &&
    Math.abs(y - pocket.center_y) <= pocket.size_y / 2 &&
    Math.abs(z - pocket.center_z) <= pocket.size_z / 2
  );
}

/** Buriedness (0-13) at given points, on the same grid detection uses; -1 for a point inside protein. */
export function buriednessAt(
  atoms: readonly CavityAtom[],
  points: readonly { x: number; y: number; z: number }[],
  options: Partial<CavityOptions> = {},
): number[] {
  const o = { ...CAVITY_DEFAULTS, ...options };
  if (atoms.length === 0) return points.map(() => 0);
  const g = makeGrid(atoms, o.spacing, 1);
  const occupied = markProtein(g, atoms, o.probe);
  const score = buriedness(g, occupied, o.scanDistance);
  return points.map((p) => {
    const i = Math.round((p.x - g.ox) / g.spacing);
    const j = Math.round((p.y - g.oy) / g.spacing);
    const k = Math.round((p.z - g.oz) / g.spacing);
    if (i < 0 || j < 0 || k < 0 || i >= g.nx || j >= g.ny || k >= g.nz) return 0;
    const q = index(g, i, j, k);
    return occupied[q] ? -1 : score[q]!;
  });
}
