import type { BuiltInTrajectoryFormat } from 'molstar/lib/mol-plugin-state/formats/trajectory';

/**
 * How a file reaches the viewer, from the `format` the files API answers (GET /v1/files/{id}/show_3d):
 * - `trajectory`: Mol*'s trajectory parser, then the 'default' hierarchy preset (structures);
 * - `provider`: one of Mol*'s data-format providers with its own visuals (volumes, PLY meshes);
 * - `coordinates`: frames without atoms (xtc, dcd, trr), shown only with a model file (spec §3
 *   "Trajectory load"), through the Load Trajectory dialog; `provider` names Mol*'s parser;
 * - `unsupported`: nothing in the viewer can read it (SMILES).
 */
export type LoadPlan =
  | { kind: 'trajectory'; format: BuiltInTrajectoryFormat }
  | { kind: 'provider'; provider: string }
  | { kind: 'coordinates'; provider: CoordinatesFormat }
  | { kind: 'unsupported'; format: string };

/** Spec §5 "Load Trajectory": the coordinates types accepted, which are also Mol*'s provider names. */
export const COORDINATES_FORMATS = ['xtc', 'dcd', 'trr'] as const;
export type CoordinatesFormat = (typeof COORDINATES_FORMATS)[number];

export function isCoordinatesFormat(format: string): format is CoordinatesFormat {
  return (COORDINATES_FORMATS as readonly string[]).includes(format.trim().toLowerCase());
}

const TRAJECTORY_FORMATS: Record<string, BuiltInTrajectoryFormat> = {
  mmcif: 'mmcif',
  cif: 'mmcif',
  // Mol*'s CIF parser reads binary CIF from the same 'mmcif' provider.
  bcif: 'mmcif',
  cifcore: 'cifCore',
  pdb: 'pdb',
  ent: 'pdb',
  pdbqt: 'pdbqt',
  pqr: 'pqr',
  gro: 'gro',
  xyz: 'xyz',
  mol: 'mol',
  sdf: 'sdf',
  sd: 'sdf',
  mol2: 'mol2',
  lammps_data: 'lammps_data',
  lammps_traj_data: 'lammps_traj_data',
};

/** Names in Mol*'s data-format registry (`plugin.dataFormats.get(name)`). */
const PROVIDER_FORMATS: Record<string, string> = {
  ccp4: 'ccp4',
  mrc: 'ccp4',
  map: 'ccp4',
  dsn6: 'dsn6',
  brix: 'dsn6',
  cube: 'cube',
  cub: 'cube',
  dx: 'dx',
  dxbin: 'dxbin',
  ply: 'ply',
};

export function planLoad(format: string): LoadPlan {
  const key = format.trim().toLowerCase();
  const trajectory = TRAJECTORY_FORMATS[key];
  if (trajectory) return { kind: 'trajectory', format: trajectory };
  const provider = PROVIDER_FORMATS[key];
  if (provider) return { kind: 'provider', provider };
  if (isCoordinatesFormat(key)) return { kind: 'coordinates', provider: key };
  return { kind: 'unsupported', format: key };
}

/** Spec §4 (Entry In toggle): PLY meshes are removed from the viewer rather than hidden. */
export function removesInsteadOfHiding(format: string): boolean {
  return format.trim().toLowerCase() === 'ply';
}

export type EntryToggleAction = 'load' | 'hide' | 'show' | 'remove';

/**
 * Spec §4, the Entry List's In column: an absent file is downloaded and loaded (loading drops a
 * stale copy first); a shown file is hidden, except PLY meshes, which are removed; a hidden file
 * is shown again (its copy is still in the state tree, so nothing is downloaded).
 */
export function entryToggleAction(state: { visible: boolean } | undefined, format: string): EntryToggleAction {
  if (!state) return 'load';
  if (!state.visible) return removesInsteadOfHiding(format) ? 'load' : 'show';
  return removesInsteadOfHiding(format) ? 'remove' : 'hide';
}
