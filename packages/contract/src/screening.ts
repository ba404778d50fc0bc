import { z } from 'zod';
import { DockingRequest, DockingSettings } from './docking';
import { idParam, limitField, pageField } from './fields';
import { ID_MAX } from './limits';

/**
 * Virtual screening (issue 14): a docking job over a ligand library, one status, score,
 * pose and set of validity flags per ligand, results paged and filtered on the server.
 * Not in the spec; the calls are recorded in docs/decisions.md "Screening".
 */

/** The job type of a screen (server, web and the job registry use this name). */
export const SCREENING_JOB_TYPE = 'SCREENING';

/** Project file types a library may be made of (a zip is imported as its member files). */
export const LIBRARY_FILE_TYPES = ['SDF', 'MOL2', 'SMI', 'SMILES', 'CSV'] as const;

export const SCREENING_LIMITS = {
  /** Molecules of one screen, over all its files. */
  moleculesMax: 1_000_000,
  libraryFilesMax: 100,
  /** One molecule's record (an SDF or MOL2 block, a SMILES line) in bytes. */
  recordBytesMax: 100_000,
  /** Heavy atoms of one molecule: beyond this Vina's search is hopeless (and slow). */
  heavyAtomsMax: 120,
  /** Ligands one export may hold. */
  exportMax: 100_000,
  columnNameMax: 64,
  /** Bins of the score histogram. */
  histogramBins: 24,
} as const;

/** Screening defaults: a screen is many quick dockings (exhaustiveness 8, Vina's own default). */
export const SCREENING_DEFAULTS = { job_name: 'Screening', exhaustiveness: 8 } as const;

const columnName = z
  .string({ error: 'invalidValue' })
  .trim()
  .min(1, 'invalidValue')
  .max(SCREENING_LIMITS.columnNameMax, 'textTooLong')
  .optional();

const fileIds = z
  .array(z.number({ error: 'invalidValue' }).int().positive().max(ID_MAX), { error: 'invalidValue' })
  .max(SCREENING_LIMITS.libraryFilesMax, 'invalidValue')
  .default([]);

/**
 * The library: files whose molecules are screened. Activity comes from a column of a CSV
 * (`activity_column`: 1/0, true/false, active/inactive/decoy) or from the file it is in
 * (`actives_file_ids`, `decoys_file_ids`); with either, the job reports its enrichment.
 */
export const ScreeningLibrary = z
  .object(
    {
      file_ids: fileIds,
      actives_file_ids: fileIds,
      decoys_file_ids: fileIds,
      /** CSV: the column holding SMILES (default: the first named smiles, case-insensitive). */
      smiles_column: columnName,
      /** CSV: the column naming the molecules (default: name, id or title). */
      name_column: columnName,
      activity_column: columnName,
    },
    { error: 'screeningLibraryRequired' },
  )
  .superRefine((library, ctx) => {
    const all = [...library.file_ids, ...library.actives_file_ids, ...library.decoys_file_ids];
    if (all.length === 0) ctx.addIssue({ code: 'custom', message: 'screeningLibraryRequired', path: ['file_ids'] });
    if (all.length > SCREENING_LIMITS.libraryFilesMax) {
      ctx.addIssue({ code: 'custom', message: 'invalidValue', path: ['file_ids'] });
    }
    if (new Set(all).size !== all.length) {
      ctx.addIssue({ code: 'custom', message: 'screeningFileTwice', path: ['file_ids'] });
    }
  });
export type ScreeningLibrary = z.infer<typeof ScreeningLibrary>;

export const ScreeningSettings = DockingSettings.pick({
  exhaustiveness: true,
  energy_range: true,
  seed: true,
}).extend({
  job_name: DockingSettings.shape.job_name.transform((v) => (v === 'Docking' ? SCREENING_DEFAULTS.job_name : v)),
  exhaustiveness: DockingSettings.shape.exhaustiveness.unwrap().default(SCREENING_DEFAULTS.exhaustiveness),
});
export type ScreeningSettings = z.infer<typeof ScreeningSettings>;

/** POST /v1/jobs/docking/library */
export const ScreeningRequest = DockingRequest.pick({ project_id: true, protein_id: true, pocket: true }).extend({
  library: ScreeningLibrary,
  settings: ScreeningSettings.default(ScreeningSettings.parse({})),
});
export type ScreeningRequest = z.infer<typeof ScreeningRequest>;
export type ScreeningRequestInput = z.input<typeof ScreeningRequest>;

/** The params a SCREENING job row carries: the request with its seed fixed. */
export const ScreeningJobParams = ScreeningRequest.extend({
  settings: ScreeningSettings.extend({ seed: z.number().int() }),
});
export type ScreeningJobParams = z.infer<typeof ScreeningJobParams>;

export const LIGAND_STATUSES = ['PENDING', 'RUNNING', 'DONE', 'FAILED'] as const;
export type LigandStatus = (typeof LIGAND_STATUSES)[number];

/** PoseBusters-style checks of a kept pose (medx_chem.pose_checks), in the order they are shown. */
export const POSE_CHECKS = [
  'sanitization',
  'identity',
  'bond_lengths',
  'bond_angles',
  'internal_clash',
  'aromatic_flatness',
  'protein_clash',
] as const;
export type PoseCheck = (typeof POSE_CHECKS)[number];

/** One ligand of a screen. */
export const ScreeningLigand = z.object({
  index: z.number().int(),
  /** Rank by score among the docked ligands (1 = best); null until docked. */
  rank: z.number().int().nullable(),
  name: z.string(),
  status: z.enum(LIGAND_STATUSES),
  /** Best Vina score, kcal/mol. */
  score: z.number().nullable(),
  /** Why the ligand failed. */
  error: z.string().nullable(),
  /** From the library: true active, false decoy or inactive, null unknown. */
  active: z.boolean().nullable(),
  smiles: z.string().nullable(),
  mw: z.number().nullable(),
  logp: z.number().nullable(),
  hbd: z.number().int().nullable(),
  hba: z.number().int().nullable(),
  rotatable_bonds: z.number().int().nullable(),
  heavy_atoms: z.number().int().nullable(),
  /** Every check passed; null until docked. */
  valid: z.boolean().nullable(),
  checks: z.partialRecord(z.enum(POSE_CHECKS), z.boolean()),
  /** Why a check failed (only the failed ones). */
  check_details: z.partialRecord(z.enum(POSE_CHECKS), z.string()),
  /** Residues with a heavy atom within 4 Å of the pose ("A:ASP86"). */
  residues: z.array(z.string()),
});
export type ScreeningLigand = z.infer<typeof ScreeningLigand>;

/** One ligand with its pose (GET /v1/jobs/{id}/screening/ligands/{index}). */
export const ScreeningLigandDetail = ScreeningLigand.extend({
  /** The best pose as SDF (bond orders restored, score and checks as data items). */
  pose_sdf: z.string().nullable(),
  /** The receptor the pose was docked into (a project file), for the 3D view. */
  receptor_file_id: z.number().int().nullable(),
});
export type ScreeningLigandDetail = z.infer<typeof ScreeningLigandDetail>;

export const SCREENING_SORTS = ['score', 'name', 'index', 'mw', 'logp', 'heavy_atoms', 'rotatable_bonds'] as const;

const optionalNumber = z.coerce.number({ error: 'invalidValue' }).finite('invalidValue').optional();
const optionalBoolean = z
  .enum(['true', 'false'], { error: 'invalidValue' })
  .transform((v) => v === 'true')
  .optional();

/** Filters shared by the list and the export. */
export const ScreeningFilter = z.object({
  status: z.enum(LIGAND_STATUSES, { error: 'invalidValue' }).optional(),
  /** Part of the ligand's name, case-insensitive. */
  name: z.string({ error: 'invalidValue' }).trim().max(100, 'textTooLong').optional(),
  score_min: optionalNumber,
  score_max: optionalNumber,
  mw_min: optionalNumber,
  mw_max: optionalNumber,
  logp_min: optionalNumber,
  logp_max: optionalNumber,
  /** true: every check passed; false: at least one failed. */
  valid: optionalBoolean,
  /** Only ligands that failed this check. */
  failed_check: z.enum(POSE_CHECKS, { error: 'invalidValue' }).optional(),
  /** A residue the pose touches: "ASP86" or "A:ASP86". */
  residue: z
    .string({ error: 'invalidValue' })
    .trim()
    .regex(/^([A-Za-z0-9]:)?[A-Za-z0-9]{1,4}-?\d{1,5}[A-Za-z]?$/, 'screeningResidueFormat')
    .optional(),
  active: optionalBoolean,
});
export type ScreeningFilter = z.infer<typeof ScreeningFilter>;

export const ScreeningLigandQuery = ScreeningFilter.extend({
  page: pageField,
  limit: limitField(20),
  sort: z.enum(SCREENING_SORTS, { error: 'invalidValue' }).default('score'),
  order: z.enum(['asc', 'desc'], { error: 'invalidValue' }).default('asc'),
});
export type ScreeningLigandQuery = z.infer<typeof ScreeningLigandQuery>;

export const ScreeningLigandList = z.object({ total: z.number().int(), items: z.array(ScreeningLigand) });
export type ScreeningLigandList = z.infer<typeof ScreeningLigandList>;

export const ScreeningExportQuery = ScreeningFilter.extend({
  format: z.enum(['sdf', 'csv'], { error: 'invalidValue' }).default('sdf'),
  /** The best N (by score) of the filtered ligands. */
  top: z.coerce
    .number({ error: 'invalidValue' })
    .int('invalidValue')
    .min(1, 'invalidValue')
    .max(SCREENING_LIMITS.exportMax, 'invalidValue')
    .default(1000),
});
export type ScreeningExportQuery = z.infer<typeof ScreeningExportQuery>;

/** ROC AUC, EF1%, EF5% and BEDROC (α 20) of the ranking, with the ROC curve. */
export const ScreeningEnrichment = z.object({
  actives: z.number().int(),
  decoys: z.number().int(),
  roc_auc: z.number(),
  ef1: z.number(),
  ef5: z.number(),
  bedroc: z.number(),
  /** [false positive rate, true positive rate] from (0, 0) to (1, 1). */
  roc: z.array(z.tuple([z.number(), z.number()])),
});
export type ScreeningEnrichment = z.infer<typeof ScreeningEnrichment>;

/** GET /v1/jobs/{id}/screening: progress, the score histogram, the enrichment. */
export const ScreeningSummary = z.object({
  job_id: z.number().int(),
  total: z.number().int(),
  /** Counts per ligand status. */
  counts: z.object({ PENDING: z.number(), RUNNING: z.number(), DONE: z.number(), FAILED: z.number() }),
  /** Docked ligands whose every check passed. */
  valid: z.number().int(),
  /** Ligands finished per hour since the first one started; null before. */
  per_hour: z.number().nullable(),
  /** Seconds left at that rate; null when unknown or finished. */
  eta_seconds: z.number().nullable(),
  best_score: z.number().nullable(),
  /** Equal-width bins over the docked scores. */
  histogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  /** Null without activity labels (or before the job ends). */
  enrichment: ScreeningEnrichment.nullable(),
  has_activity: z.boolean(),
  receptor_file_id: z.number().int().nullable(),
});
export type ScreeningSummary = z.infer<typeof ScreeningSummary>;

export const ScreeningLigandParams = z.object({
  id: idParam,
  index: z.coerce.number({ error: 'notFound' }).int('notFound').min(0, 'notFound'),
});

/** Result rows of a SCREENING job (GET /v1/jobs/{id}/file_detail): the best 100. */
export const ScreeningRankedLigand = z.object({
  rank: z.number().int(),
  name: z.string(),
  score: z.number(),
  valid: z.boolean().nullable(),
});

export const SCREENING_JOBS = {
  [SCREENING_JOB_TYPE]: { params: ScreeningJobParams, result: z.array(ScreeningRankedLigand) },
};
