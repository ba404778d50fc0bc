import { z } from 'zod';
import { bodyIdField, idParam, limitField, pageField } from './fields';

/**
 * TransMol: new molecules between two seed molecules (platform spec §3 TransMol request and
 * SMILES result row, §4 wizard, §5 and §9 bounds, §7 POST /v1/jobs/transmol and
 * GET /v1/projects/{id}/transmol_result). The method is STONED-SELFIES (chemical paths and
 * local mutations, no trained weights): docs/decisions.md "TransMol" says how epsilon,
 * number and the remain range map onto it.
 */

export const TRANSMOL_JOB_TYPE = 'TRANSMOL_WORKFLOW';

/** Spec §9 defaults and bounds; the wizard and the server read the same numbers. */
export const TRANSMOL_DEFAULTS = {
  job_name: 'TransMol',
  epsilon: 0.5,
  number: 10,
  /** The remain range in the interface (0 to 10 by default); the request carries it × 10. */
  remainMin: 0,
  remainMax: 10,
} as const;

export const TRANSMOL_LIMITS = {
  epsilonMin: 0.1,
  epsilonMax: 1,
  numberMin: 10,
  numberMax: 100,
  /** The request's remain range is the interface's × this. */
  remainScale: 10,
  /** Not in the spec: seeds are drug-sized molecules; larger ones make paths of noise. */
  seedHeavyAtomsMax: 100,
  /** Not in the spec: longest SMILES accepted for a seed. */
  smilesMax: 1000,
  jobNameMax: 70,
  /** Not in the spec: molecules sent to docking from the result table at once. */
  dockMax: 20,
} as const;

/** The request's remain range bound: number × 10 (spec §5: the slider's maximum is number × 10). */
export const transmolRemainMax = (number: number) => number * TRANSMOL_LIMITS.remainScale;

const seed = (key: 'transmolSmiles1Required' | 'transmolSmiles2Required') =>
  z
    .string({ error: key })
    .trim()
    .min(1, key)
    .max(TRANSMOL_LIMITS.smilesMax, 'textTooLong')
    .refine((s) => !/\s/.test(s), 'transmolSmilesInvalid');

/** POST /v1/jobs/transmol (spec §3 TransMol request, plus the optional job name of §9). */
export const TransMolRequest = z
  .object({
    project_id: bodyIdField,
    smiles1: seed('transmolSmiles1Required'),
    smiles2: seed('transmolSmiles2Required'),
    epsilon: z
      .number({ error: 'invalidValue' })
      .min(TRANSMOL_LIMITS.epsilonMin, 'invalidValue')
      .max(TRANSMOL_LIMITS.epsilonMax, 'invalidValue')
      .default(TRANSMOL_DEFAULTS.epsilon),
    number: z
      .number({ error: 'invalidValue' })
      .int('invalidValue')
      .min(TRANSMOL_LIMITS.numberMin, 'invalidValue')
      .max(TRANSMOL_LIMITS.numberMax, 'invalidValue')
      .default(TRANSMOL_DEFAULTS.number),
    remain_range_ge: z
      .number({ error: 'invalidValue' })
      .int('invalidValue')
      .min(0, 'invalidValue')
      .default(TRANSMOL_DEFAULTS.remainMin * TRANSMOL_LIMITS.remainScale),
    remain_range_le: z
      .number({ error: 'invalidValue' })
      .int('invalidValue')
      .min(0, 'invalidValue')
      .default(TRANSMOL_DEFAULTS.remainMax * TRANSMOL_LIMITS.remainScale),
    job_name: z
      .string({ error: 'invalidValue' })
      .trim()
      .max(TRANSMOL_LIMITS.jobNameMax, 'textTooLong')
      .optional()
      .transform((v) => (v ? v : TRANSMOL_DEFAULTS.job_name)),
    /** Not in the spec: a fixed random seed reproduces a run; drawn by the server when absent. */
    seed: z
      .number({ error: 'invalidValue' })
      .int('invalidValue')
      .min(1, 'invalidValue')
      .max(2 ** 31 - 1, 'invalidValue')
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.remain_range_ge >= v.remain_range_le || v.remain_range_le > transmolRemainMax(v.number)) {
      ctx.addIssue({ code: 'custom', path: ['remain_range_le'], message: 'transmolRemainRange' });
    }
  });
export type TransMolRequest = z.infer<typeof TransMolRequest>;
export type TransMolRequestInput = z.input<typeof TransMolRequest>;

/** What a TransMol job carries: the request with the seeds canonicalised and a seed drawn. */
export const TransMolJobParams = TransMolRequest.safeExtend({ seed: z.number().int() });
export type TransMolJobParams = z.infer<typeof TransMolJobParams>;

/** Lipinski's rule of five, each flag true when the molecule passes that rule. */
export const LipinskiFlags = z.object({
  mw: z.boolean(),
  logp: z.boolean(),
  hbd: z.boolean(),
  hba: z.boolean(),
});

/**
 * One generated molecule (spec §3 SMILES result row: filename, smiles, syba_score, image), plus
 * the scores we compute. syba_score stays null: SYBA needs trained data that cannot be had here.
 */
export const TransMolResultRow = z.object({
  /** 1 = most similar to both seeds. */
  rank: z.number().int(),
  /** The molecule's name in exports and as a docking ligand. */
  filename: z.string(),
  smiles: z.string(),
  syba_score: z.number().nullable(),
  /** Ertl's synthetic accessibility, 1 (easy) to 10 (hard). */
  sa_score: z.number(),
  qed: z.number(),
  /** Tanimoto similarity (Morgan radius 2, 2048 bits) to seed 1 and seed 2. */
  similarity1: z.number(),
  similarity2: z.number(),
  molecular_weight: z.number(),
  logp: z.number(),
  hbd: z.number().int(),
  hba: z.number().int(),
  lipinski: LipinskiFlags,
  /** 2D depiction, PNG as base64. */
  image: z.string(),
});
export type TransMolResultRow = z.infer<typeof TransMolResultRow>;

export const TRANSMOL_SORT_FIELDS = [
  'rank',
  'sa_score',
  'qed',
  'similarity1',
  'similarity2',
  'molecular_weight',
  'logp',
] as const;

/** GET /v1/projects/{id}/transmol_result: one job's molecules (the latest finished one by default). */
export const TransMolResultQuery = z.object({
  page: pageField,
  limit: limitField(5),
  job_id: z.coerce.number({ error: 'invalidValue' }).int('invalidValue').positive('invalidValue').optional(),
  sort: z.enum(TRANSMOL_SORT_FIELDS, { error: 'invalidValue' }).default('rank'),
  order: z.enum(['asc', 'desc'], { error: 'invalidValue' }).default('asc'),
});
export type TransMolResultQuery = z.infer<typeof TransMolResultQuery>;

export const TransMolResultList = z.object({
  /** The job shown (null when the project has no finished TransMol job). */
  job_id: z.number().int().nullable(),
  seeds: z.tuple([z.string(), z.string()]).nullable(),
  /** The job's exports, all molecules with their scores: SDF (2D coordinates) and CSV project files. */
  sdf_file_id: z.number().int().nullable(),
  csv_file_id: z.number().int().nullable(),
  total: z.number().int(),
  items: z.array(TransMolResultRow),
});
export type TransMolResultList = z.infer<typeof TransMolResultList>;

/** POST /v1/jobs/{id}/transmol_ligands: chosen molecules as one 3D ligand file, for docking. */
export const TransMolLigandsRequest = z.object({
  ranks: z
    .array(z.number({ error: 'invalidValue' }).int('invalidValue').positive('invalidValue'), {
      error: 'transmolPickMolecules',
    })
    .min(1, 'transmolPickMolecules')
    .max(TRANSMOL_LIMITS.dockMax, 'transmolTooManyMolecules'),
});
export type TransMolLigandsRequest = z.infer<typeof TransMolLigandsRequest>;

export const TransMolLigandsResult = z.object({
  file_id: z.number().int(),
  name: z.string(),
  /** Molecules no 3D structure could be built for (left out of the file), with the reason. */
  skipped: z.array(z.object({ filename: z.string(), reason: z.string() })),
});
export type TransMolLigandsResult = z.infer<typeof TransMolLigandsResult>;

export const TransMolIdParams = z.object({ id: idParam });

/** Job types of TransMol (the contract's job registry, job-types.ts, collects them). */
export const TRANSMOL_JOBS = {
  [TRANSMOL_JOB_TYPE]: { params: TransMolJobParams, result: z.array(TransMolResultRow) },
};
