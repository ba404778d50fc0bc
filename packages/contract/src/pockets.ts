import { z } from 'zod';
import { DockingPocket } from './docking';
import { bodyIdField } from './fields';
import { ID_MAX } from './limits';

/**
 * Docking pockets computed by the server (issue 5; the paths are ours, the spec shows
 * none): around a ligand, around residues (spec §5: the cutoff adds 2 × cutoff to
 * each size) and by automatic cavity detection. Every answer uses the spec's
 * DockingPocket (2 decimals). These calls only read the project.
 */

export const POCKET_DEFAULTS = {
  /** Å added on each side of the ligand's heavy-atom box (measured docking notes). */
  padding: 5,
  cutoff: 5,
  /** Proposed pockets returned by detection. */
  max: 5,
} as const;

const margin = (fallback: number) =>
  z.number({ error: 'invalidValue' }).min(0, 'invalidValue').max(30, 'invalidValue').default(fallback);

/** POST /v1/docking/pocket/ligand */
export const LigandPocketRequest = z.object({
  project_id: bodyIdField,
  ligand_id: bodyIdField,
  padding: margin(POCKET_DEFAULTS.padding),
});
export type LigandPocketRequest = z.infer<typeof LigandPocketRequest>;

/** POST /v1/docking/pocket/residues */
export const ResiduePocketRequest = z.object({
  project_id: bodyIdField,
  protein_id: bodyIdField,
  /** Space-separated residue numbers ("45 67 121"); "A:45" names the chain, "45A" an insertion code. */
  residues: z
    .string({ error: 'pocketResiduesRequired' })
    .trim()
    .min(1, 'pocketResiduesRequired')
    .max(4000, 'textTooLong'),
  cutoff: margin(POCKET_DEFAULTS.cutoff),
});
export type ResiduePocketRequest = z.infer<typeof ResiduePocketRequest>;

/** POST /v1/docking/pockets/detect */
export const DetectPocketsRequest = z.object({
  project_id: bodyIdField,
  protein_id: bodyIdField,
  max: z
    .number({ error: 'invalidValue' })
    .int('invalidValue')
    .min(1, 'invalidValue')
    .max(20, 'invalidValue')
    .default(POCKET_DEFAULTS.max),
});
export type DetectPocketsRequest = z.infer<typeof DetectPocketsRequest>;

export const DetectedPocket = z.object({
  rank: z.number().int(),
  pocket: DockingPocket,
  /** Mean buriedness of the cluster's grid points (directions out of 13 enclosed by protein). */
  buriedness: z.number(),
  /** Fraction of those points enclosed in all 13 directions (1 = a closed cavity). */
  enclosed: z.number(),
  /** Ranking score: points × mean buriedness. */
  score: z.number(),
  /** Cavity volume in Å³ (grid points × grid volume). */
  volume: z.number(),
  /** Residues lining the cavity, as 'A:GLU121'. */
  residues: z.array(z.string()),
  /** Centroid of the cavity points (may differ from the box centre). */
  centroid: z.tuple([z.number(), z.number(), z.number()]),
});
export type DetectedPocket = z.infer<typeof DetectedPocket>;

export const DetectPocketsResult = z.object({ pockets: z.array(DetectedPocket) });
export type DetectPocketsResult = z.infer<typeof DetectPocketsResult>;

/** The job type that detects pockets (a workflow step): the best pocket's box is its output. */
export const POCKET_JOB_TYPE = 'DETECT_POCKETS';

/** What a DETECT_POCKETS job row carries. */
export const PocketJobParams = z.object({
  protein_id: z.number().int().positive().max(ID_MAX),
  max: z.number().int().min(1).max(20).default(POCKET_DEFAULTS.max),
});
export type PocketJobParams = z.infer<typeof PocketJobParams>;

/** Job types of pockets (the contract's job registry, job-types.ts, collects them). */
export const POCKET_JOBS = {
  [POCKET_JOB_TYPE]: { params: PocketJobParams, result: z.array(DetectedPocket) },
};
