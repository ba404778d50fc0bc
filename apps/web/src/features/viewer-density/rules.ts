/**
 * The CCP4 map popover's rules (viewer spec §2, §3 "CCP4 map layer", §5 "CCP4 map dialog",
 * "Electron density needs a selected residue", §9 "CCP4"). Pure: no Mol*, no React.
 */

/** Extensions of CCP4/MRC maps (the server's reader takes all three). */
export const MAP_EXTENSIONS = ['ccp4', 'map', 'mrc'] as const;

/** Spec §9: carve default 2.0; the server takes 0.5 to 10 Å (contract DensityMeshRequest). */
export const CARVE = { default: 2.0, min: 0.5, max: 10, step: 0.5 } as const;
/** Spec §5/§9: the map colour's size runs 0.1 to 1, step 0.1 (the mesh's line width, see LINE_PIXELS_PER_SIZE). */
export const SIZE = { default: 0.5, min: 0.1, max: 1, step: 0.1 } as const;
/** A size of 1 draws lines this many pixels wide (Mol* draws at least 1 px). */
export const LINE_PIXELS_PER_SIZE = 4;
/** Spec §9: "Volume picker default colour: dark gray" (CSS darkgray). */
export const DEFAULT_COLOR = '#a9a9a9';
/** Residues per request (contract DENSITY_LIMITS.maxResidues). */
export const MAX_RESIDUES = 200;

export function isMapFile(ext: string): boolean {
  return (MAP_EXTENSIONS as readonly string[]).includes(ext.trim().toLowerCase());
}

/** One residue of the selection, as the server's resn_list names it. */
export interface SelectedResidue {
  chain: string;
  name: string;
  seq: number;
  insCode: string;
}

/** 'A:GLU121' (with an insertion code: 'A:GLU121B'); the server's resn_list item. */
export function residueToken(r: SelectedResidue): string {
  const chain = r.chain.trim();
  const name = r.name.trim().toUpperCase();
  const code = r.insCode.trim().toUpperCase();
  return `${chain ? `${chain}:` : ''}${name}${r.seq}${code}`;
}

/** Tokens of the residues, each once, in selection order. */
export function residueTokens(residues: Iterable<SelectedResidue>): string[] {
  return [...new Set([...residues].map(residueToken))];
}

/** The selection as the popover needs it: residues per structure file (null: a structure not from a project file). */
export interface SelectionByFile {
  fileId: number | null;
  tokens: string[];
}

export type DensityProblem = 'selectResidue' | 'selectMap' | 'oneStructure' | 'notProjectFile' | 'tooManyResidues';

/**
 * What stops a mesh from being built, checked in the spec's order: a residue first
 * ('Please select a residue'), then the map ('Please select a CCP4 file').
 */
export function densityProblem(selection: readonly SelectionByFile[], mapId: number | null): DensityProblem | null {
  const withResidues = selection.filter((s) => s.tokens.length > 0);
  if (withResidues.length === 0) return 'selectResidue';
  if (withResidues.length > 1) return 'oneStructure';
  const only = withResidues[0]!;
  if (only.fileId === null) return 'notProjectFile';
  if (only.tokens.length > MAX_RESIDUES) return 'tooManyResidues';
  if (mapId === null) return 'selectMap';
  return null;
}

/** Clamps the carve radius into the server's range (the form's number box may hold anything typed). */
export function clampCarve(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return CARVE.default;
  return Math.min(CARVE.max, Math.max(CARVE.min, value));
}

/** Size on the 0.1 grid within 0.1 to 1. */
export function clampSize(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return SIZE.default;
  const stepped = Math.round(value * 10) / 10;
  return Math.min(SIZE.max, Math.max(SIZE.min, stepped));
}

/** The layer's label: the name typed, else the map and the residues ('map.ccp4 A:GLU121 +2'). */
export function layerLabel(name: string, mapName: string, tokens: readonly string[]): string {
  const typed = name.trim();
  if (typed) return typed;
  const first = tokens[0] ?? '';
  const more = tokens.length > 1 ? ` +${tokens.length - 1}` : '';
  return `${mapName} ${first}${more}`.trim();
}

/**
 * The edges of a triangle mesh, each once, as vertex index pairs (a wire mesh, as density
 * maps are drawn): triangles [a, b, c, ...] → [i, j, ...] with i < j.
 */
export function meshEdges(triangles: ArrayLike<number>): Uint32Array {
  const seen = new Set<number>();
  const out: number[] = [];
  const add = (a: number, b: number) => {
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    if (lo === hi) return;
    // Vertex indices of one request stay far below 2^26 (4 M carved points), so the pair fits a double exactly.
    const key = lo * 67_108_864 + hi;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(lo, hi);
  };
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const a = triangles[t]!;
    const b = triangles[t + 1]!;
    const c = triangles[t + 2]!;
    add(a, b);
    add(b, c);
    add(c, a);
  }
  return Uint32Array.from(out);
}
