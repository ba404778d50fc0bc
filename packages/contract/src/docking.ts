import { z } from 'zod';
import { idParam, limitField, pageField } from './fields';
import { COORDINATE_MAX, ID_MAX, VINA_SEED } from './limits';

/**
 * Docking (platform spec §3 Docking pocket / submission / result row, §5, §9).
 * One contract for the server's validation and the web wizard.
 */

/** The 20 amino acids and HOH: never offered as ligands (spec §9 "21 standard residue names"). */
export const STANDARD_RESIDUE_NAMES: readonly string[] =
  'ALA ARG ASN ASP CYS GLN GLU GLY HIS ILE LEU LYS MET PHE PRO SER THR TRP TYR VAL HOH'.split(' ');

/** File types the wizard accepts (spec §9). */
export const DOCKING_PROTEIN_TYPES = ['PDB', 'PDBQT'] as const;
export const DOCKING_LIGAND_TYPES = ['SDF', 'MOL2', 'PDBQT'] as const;

/** Spec §9 defaults. */
export const DOCKING_DEFAULTS = {
  scoring_function: 'vina',
  job_name: 'Docking',
  exhaustiveness: 32,
  num_modes: 9,
  energy_range: 3,
  min_rmsd: 1,
  retain_count: 1,
  /** Not in the spec: ring conformations docked per ligand (docs/decisions.md, Docking). */
  ring_conformers: 1,
} as const;

/** Sensible bounds for the settings (not in the spec; documented in docs/decisions.md). */
export const DOCKING_LIMITS = {
  exhaustivenessMax: 128,
  numModesMax: 20,
  energyRangeMax: 10,
  minRmsdMax: 10,
  /** Largest box edge in Å: Vina's grid gets slow and inaccurate beyond this. */
  boxEdgeMax: 126,
  ligandsMax: 1000,
  jobNameMax: 70,
  ringConformersMax: 8,
  /** Box centre coordinates in Å: |x| at most this (the structure readers' bound, COORDINATE_MAX). */
  centerMax: COORDINATE_MAX,
  /** Poses kept per ligand: at most the poses Vina gives (num_modes). */
  retainCountMax: 20,
} as const;

/** Rounds to the 2 decimals the spec shows for pocket values. */
export const round2 = (value: number) => Math.round(value * 100) / 100;

// Generic keys: the server answers them naming the field and the bounds ('pocket.center_x: must be
// between -10000 and 10000.'); see messages-validation.ts.
const coordinate = z
  .number({ error: 'invalidValue' })
  .min(-DOCKING_LIMITS.centerMax, 'invalidValue')
  .max(DOCKING_LIMITS.centerMax, 'invalidValue');
const edge = z.number({ error: 'invalidValue' }).min(0, 'invalidValue').max(DOCKING_LIMITS.boxEdgeMax, 'invalidValue');

/** A search box: centre and edge lengths in Å. */
export const DockingPocket = z.object({
  size_x: edge,
  size_y: edge,
  size_z: edge,
  center_x: coordinate,
  center_y: coordinate,
  center_z: coordinate,
});
export type DockingPocket = z.infer<typeof DockingPocket>;

const EDGES = ['size_x', 'size_y', 'size_z'] as const;

/**
 * The pocket of a bounding box (min and max corners as [x, y, z]) with `margin` Å added on
 * every side: centre = midpoint, size = extent + 2 × margin, 2 decimals (spec §3, §5).
 * One rule for the server's ligand/residue/cavity boxes and the web's box from a 3D selection.
 */
export function pocketFromBounds(
  min: readonly [number, number, number],
  max: readonly [number, number, number],
  margin: number,
): DockingPocket {
  const size = (a: 0 | 1 | 2) => round2(max[a] - min[a] + 2 * margin);
  const center = (a: 0 | 1 | 2) => round2((min[a] + max[a]) / 2);
  return {
    size_x: size(0),
    size_y: size(1),
    size_z: size(2),
    center_x: center(0),
    center_y: center(1),
    center_z: center(2),
  };
}

export const ZERO_POCKET: DockingPocket = { size_x: 0, size_y: 0, size_z: 0, center_x: 0, center_y: 0, center_z: 0 };

/** Spec §5: the pocket must not be the all-zero default; a usable box also needs every edge above 0. */
export const isZeroPocket = (p: DockingPocket) => p.size_x <= 0 || p.size_y <= 0 || p.size_z <= 0;

/** Vina's `--seed`: a C++ int, 0 meaning "draw one" (not reproducible), so 1 to 2^31 − 1. */
const vinaSeed = z
  .number({ error: 'invalidValue' })
  .int('invalidValue')
  .min(VINA_SEED.min, 'invalidValue')
  .max(VINA_SEED.max, 'invalidValue');

/** A whole-number setting from 1 to `max`, `fallback` when absent. */
const countSetting = (max: number, fallback: number) =>
  z
    .number({ error: 'invalidValue' })
    .int('invalidValue')
    .min(1, 'invalidValue')
    .max(max, 'invalidValue')
    .default(fallback);

export const DockingSettings = z.object({
  scoring_function: z.literal('vina', { error: 'dockingScoringUnsupported' }).default('vina'),
  job_name: z
    .string({ error: 'invalidValue' })
    .trim()
    .max(DOCKING_LIMITS.jobNameMax, 'textTooLong')
    .optional()
    .transform((v) => (v ? v : DOCKING_DEFAULTS.job_name)),
  exhaustiveness: countSetting(DOCKING_LIMITS.exhaustivenessMax, DOCKING_DEFAULTS.exhaustiveness),
  num_modes: countSetting(DOCKING_LIMITS.numModesMax, DOCKING_DEFAULTS.num_modes),
  energy_range: z
    .number({ error: 'invalidValue' })
    .gt(0, 'invalidValue')
    .max(DOCKING_LIMITS.energyRangeMax, 'invalidValue')
    .default(DOCKING_DEFAULTS.energy_range),
  min_rmsd: z
    .number({ error: 'invalidValue' })
    .gt(0, 'invalidValue')
    .max(DOCKING_LIMITS.minRmsdMax, 'invalidValue')
    .default(DOCKING_DEFAULTS.min_rmsd),
  retain_count: z
    .number({ error: 'invalidValue' })
    .int('invalidValue')
    .min(1, 'dockingRetainCountMin')
    .max(DOCKING_LIMITS.retainCountMax, 'invalidValue')
    .default(DOCKING_DEFAULTS.retain_count),
  /**
   * Vina keeps rings rigid: with more than 1, each ligand with a non-aromatic ring is also
   * docked from up to this many distinct ring conformations (RDKit), and its best poses kept.
   */
  ring_conformers: countSetting(DOCKING_LIMITS.ringConformersMax, DOCKING_DEFAULTS.ring_conformers),
  /** Vina's random seed (1 to 2^31 − 1, a C int); chosen by the server and recorded in provenance when absent. */
  seed: vinaSeed.optional(),
});
export type DockingSettings = z.infer<typeof DockingSettings>;
export type DockingSettingsInput = z.input<typeof DockingSettings>;

/** POST /v1/jobs/docking */
export const DockingRequest = z.object({
  project_id: z.number({ error: 'fieldRequired' }).int().positive().max(ID_MAX),
  // An array (a multi-select) is refused with its own message: one protein per docking.
  protein_id: z
    .number({ error: (issue) => (Array.isArray(issue.input) ? 'dockingOneProtein' : 'dockingProteinRequired') })
    .int('dockingProteinRequired')
    .positive('dockingProteinRequired')
    .max(ID_MAX, 'dockingProteinRequired'),
  ligand_ids: z
    .array(z.number({ error: 'invalidValue' }).int().positive().max(ID_MAX), { error: 'dockingLigandRequired' })
    .min(1, 'dockingLigandRequired')
    .max(DOCKING_LIMITS.ligandsMax, 'invalidValue'),
  // No box at all (every edge 0, the wizard's start) is the spec's "define a pocket"; one flat
  // edge of a drawn box is that edge's own refusal.
  pocket: z.object(DockingPocket.shape, { error: 'dockingPocketRequired' }).superRefine((p, ctx) => {
    if (EDGES.every((e) => p[e] <= 0)) return ctx.addIssue({ code: 'custom', message: 'dockingPocketRequired' });
    for (const e of EDGES) {
      if (p[e] <= 0) {
        ctx.addIssue({
          code: 'too_small',
          origin: 'number',
          minimum: 0,
          inclusive: false,
          path: [e],
          input: p[e],
          message: 'invalidValue',
        });
      }
    }
  }),
  settings: DockingSettings.default(DockingSettings.parse({})),
});
export type DockingRequest = z.infer<typeof DockingRequest>;
export type DockingRequestInput = z.input<typeof DockingRequest>;

/** One ranked pose of one ligand (spec §3 Docking result row), plus what the 3D button needs. */
export const DockingResultRow = z.object({
  rank: z.number().int().nullable(),
  ligand_name: z.string(),
  /** Vina score in kcal/mol; null when the ligand failed. */
  score: z.number().nullable(),
  /** The pose as SDF with the ligand's real bond orders; null when the ligand failed. */
  file_id: z.number().int().nullable(),
  /** The receptor the pose was docked into (a project file), for the 3D button. */
  protein_file_id: z.number().int().nullable(),
  /** The complex (protein + pose) as PDB, when written. */
  complex_file_id: z.number().int().nullable(),
  job_id: z.number().int(),
  /** 1 = best pose of that ligand. */
  pose: z.number().int().nullable(),
  status: z.enum(['SUCCESS', 'FAILED']),
  /** Why the ligand failed (null when it succeeded). */
  error: z.string().nullable(),
});
export type DockingResultRow = z.infer<typeof DockingResultRow>;

export const DockingResultQuery = z.object({
  page: pageField,
  limit: limitField(5),
  job_id: z.coerce.number({ error: 'invalidValue' }).int().positive().optional(),
});
export const DockingResultList = z.object({ total: z.number().int(), items: z.array(DockingResultRow) });
export type DockingResultList = z.infer<typeof DockingResultList>;

export const DockingSubmitResult = z.object({ job_id: z.number().int() });
export type DockingSubmitResult = z.infer<typeof DockingSubmitResult>;

export const DockingIdParams = z.object({ id: idParam });

/**
 * The params a DOCKING job row carries: the request with its seed fixed. A rerun also
 * names the receptor PDBQT the first run prepared: Open Babel places some receptor
 * hydrogens at random, which moves Vina's scores, so reproducing a run means reusing
 * its prepared receptor, not preparing it again.
 */
export const DockingJobParams = DockingRequest.extend({
  settings: DockingSettings.extend({ seed: vinaSeed }),
  prepared_receptor: z.object({ file_id: z.number().int(), sha256: z.string() }).optional(),
});
export type DockingJobParams = z.infer<typeof DockingJobParams>;

/** One row of a docking job's result (GET /v1/jobs/{id}/file_detail): the ranked poses. */
export const DockingRankedPose = z.object({
  rank: z.number().int(),
  ligand_name: z.string(),
  pose: z.number().int().nullable(),
  score: z.number().nullable(),
  file_id: z.number().int().nullable(),
});
export type DockingRankedPose = z.infer<typeof DockingRankedPose>;

/** The job type of a docking (server, web and the job registry use this name). */
export const DOCKING_JOB_TYPE = 'DOCKING';

/** Job types of docking (the contract's job registry, job-types.ts, collects them). */
export const DOCKING_JOBS = {
  [DOCKING_JOB_TYPE]: { params: DockingJobParams, result: z.array(DockingRankedPose) },
};
