import { z } from 'zod';
import { bodyIdField } from './fields';
import { ProjectFile } from './files';

/**
 * Med View's electron density (issue 12 point 7, spec §2, §5, §7, §9; the paths are ours):
 * an isosurface of a CCP4/MRC map carved around selected residues of a structure.
 * `resn_list` items: 'A:GLU121', 'GLU121', 'A:121', '121' (optional chain, optional
 * residue name, residue number with optional insertion code) or a bare residue name
 * ('HEM': every residue of that name).
 */
export const DENSITY_DEFAULTS = { carve: 2.0, level: 1.0 } as const;
export const DENSITY_LIMITS = {
  /** Grid points of a whole map the server reads. */
  maxMapPoints: 64_000_000,
  /** Grid points of the box around the carved region that is contoured. */
  maxCarvePoints: 4_000_000,
  /** Residues in one request. */
  maxResidues: 200,
} as const;

/** POST /v1/files/density_mesh */
export const DensityMeshRequest = z.object({
  project_id: bodyIdField,
  pdb_file_id: bodyIdField,
  /** Missing: 'Please select a CCP4 file' (checked by the service, so the message is the spec's). */
  ccp4_file_id: bodyIdField.optional(),
  resn_list: z.array(z.string().max(40, 'invalidValue')).max(DENSITY_LIMITS.maxResidues, 'invalidValue').default([]),
  carve: z
    .number({ error: 'invalidValue' })
    .min(0.5, 'invalidValue')
    .max(10, 'invalidValue')
    .default(DENSITY_DEFAULTS.carve),
  level: z
    .number({ error: 'invalidValue' })
    .min(0.1, 'invalidValue')
    .max(10, 'invalidValue')
    .default(DENSITY_DEFAULTS.level),
});
export type DensityMeshRequest = z.infer<typeof DensityMeshRequest>;

export const DensityBounds = z.object({ min: z.array(z.number()), max: z.array(z.number()) });

export const DensityMesh = z.object({
  /** x, y, z triples in Å (the structure's frame). */
  vertices: z.array(z.number()),
  /** Vertex index triples. */
  triangles: z.array(z.number().int()),
  /** The contour in map units: mean + level × sigma. */
  level_value: z.number(),
  /** Root-mean-square deviation of the whole map. */
  sigma: z.number(),
  /** Box of the carved grid points, Å. */
  bounds: DensityBounds,
});
export type DensityMesh = z.infer<typeof DensityMesh>;

/** POST /v1/files/ccp4_to_ply */
export const DensityPlyRequest = DensityMeshRequest.extend({
  name: z.string().trim().min(1, 'invalidValue').max(200, 'invalidValue').optional(),
});
export type DensityPlyRequest = z.infer<typeof DensityPlyRequest>;

export const DensityPlyResult = z.object({ file: ProjectFile });
export type DensityPlyResult = z.infer<typeof DensityPlyResult>;
