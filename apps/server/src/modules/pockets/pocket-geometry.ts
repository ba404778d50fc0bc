/**
 * Pocket boxes from coordinates (spec §3 Docking pocket: 2 decimals; §5: the residue
 * cutoff adds 2 × cutoff to each size). Pure functions; the service reads the files.
 */
import { type DockingPocket, pocketFromBounds } from '@medx/contract';
import type { CavityAtom } from './cavity';
import type { Point3, ResidueAtom } from './structure-atoms';

/** Centre = midpoint of the points' bounding box; size = extent + 2 × margin; 2 decimals. */
export function boxAround(points: readonly Point3[], margin: number): DockingPocket {
  const min = { x: Infinity, y: Infinity, z: Infinity };
  const max = { x: -Infinity, y: -Infinity, z: -Infinity };
  for (const p of points) {
    for (const a of ['x', 'y', 'z'] as const) {
      min[a] = Math.min(min[a], p[a]);
      max[a] = Math.max(max[a], p[a]);
    }
  }
  return pocketFromBounds([min.x, min.y, min.z], [max.x, max.y, max.z], margin);
}

/** 'A:GLU121' (insertion code appended: 'A:GLU52A'); chain omitted when blank. */
export function residueLabel(a: Pick<ResidueAtom, 'chain' | 'resName' | 'resSeq' | 'iCode'>): string {
  return `${a.chain ? `${a.chain}:` : ''}${a.resName}${a.resSeq}${a.iCode}`;
}

export function cavityAtoms(atoms: readonly ResidueAtom[]): CavityAtom[] {
  return atoms.map((a) => ({ x: a.x, y: a.y, z: a.z, element: a.element, residue: residueLabel(a) }));
}

export interface ResidueSelector {
  token: string;
  chain: string | null;
  resSeq: number;
  iCode: string;
}

/**
 * Parses "45 67 A:121 121B" (spec §5: space-separated residue numbers). Commas count
 * as separators too. Returns the selectors and the tokens that are not residue ids.
 */
export function parseResidueTokens(input: string): { selectors: ResidueSelector[]; bad: string[] } {
  const selectors: ResidueSelector[] = [];
  const bad: string[] = [];
  for (const token of input.split(/[\s,;]+/).filter(Boolean)) {
    const m = /^(?:([A-Za-z0-9]):)?(-?\d{1,5})([A-Za-z]?)$/.exec(token);
    if (!m) {
      bad.push(token);
      continue;
    }
    selectors.push({ token, chain: m[1] ?? null, resSeq: Number(m[2]), iCode: (m[3] ?? '').toUpperCase() });
  }
  return { selectors, bad };
}

/** Atoms of the selected residues, and the selectors that matched nothing. */
export function selectResidues(
  atoms: readonly ResidueAtom[],
  selectors: readonly ResidueSelector[],
): { atoms: ResidueAtom[]; unknown: string[] } {
  const picked: ResidueAtom[] = [];
  const unknown: string[] = [];
  for (const s of selectors) {
    const match = atoms.filter(
      (a) => a.resSeq === s.resSeq && a.iCode.toUpperCase() === s.iCode && (s.chain === null || a.chain === s.chain),
    );
    if (match.length === 0) unknown.push(s.token);
    picked.push(...match);
  }
  return { atoms: picked, unknown };
}
