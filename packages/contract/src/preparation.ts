import { z } from 'zod';

/**
 * Structure preparation jobs (issue 5): quick_prepare_protein (spec §7, protein_id)
 * and prepare_ligand (spec §7 "ligand prepare (ligand_id; path not shown)":
 * POST /v1/jobs/prepare_ligand). Both answer {job_id}; the prepared file is the job's
 * output and the report is its detail rows (GET /v1/jobs/{id}/file_detail).
 */

export const PREPARATION_JOB_TYPES = {
  protein: 'QUICK_PREPARE_PROTEIN',
  ligand: 'PREPARE_LIGAND',
} as const;

/** Defaults, chosen and measured (see docs/decisions.md). */
export const PREPARATION_DEFAULTS = {
  ph: 7.4,
  /** pdbfixer adds missing heavy atoms in 0.1-12 s per bench receptor (median under 1 s). */
  repair: true,
  keepWaters: false,
  /** Metal ions stay: they are part of binding sites (the zinc of 1s63 binds the inhibitor). */
  keepMetals: true,
  minimize: true,
} as const;

/** Protein files quick_prepare_protein reads. */
export const PREPARE_PROTEIN_EXTS = ['pdb', 'cif', 'pdbqt'] as const;
/** Ligand files prepare_ligand reads: every molecule of the file separately. */
export const PREPARE_LIGAND_EXTS = ['sdf', 'mol', 'mol2', 'smi', 'smiles', 'pdb', 'pdbqt'] as const;

const projectId = z.number({ error: 'fieldRequired' }).int('invalidValue').positive('invalidValue');
const fileId = z.number({ error: 'fieldRequired' }).int('invalidValue').positive('invalidValue');
const ph = z
  .number({ error: 'invalidValue' })
  .min(0, 'prepPhRange')
  .max(14, 'prepPhRange')
  .default(PREPARATION_DEFAULTS.ph);
/** A residue name as PDB writes it: 1-3 letters or digits. */
const residueName = z
  .string({ error: 'invalidValue' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,3}$/, 'prepBadResidueName');

/** POST /v1/jobs/quick_prepare_protein */
export const QuickPrepareProteinRequest = z.object({
  project_id: projectId,
  protein_id: fileId,
  keep_waters: z.boolean({ error: 'invalidValue' }).default(PREPARATION_DEFAULTS.keepWaters),
  /** Single-atom metal ions (ZN, MG, MN, FE, CA, CO, NI, CU, CD) are kept unless false. */
  keep_metals: z.boolean({ error: 'invalidValue' }).default(PREPARATION_DEFAULTS.keepMetals),
  /** Other hetero groups to keep by residue name (cofactors, ions): e.g. ['HEM', 'NAD']. */
  keep_hetero: z.array(residueName, { error: 'invalidValue' }).max(50, 'invalidValue').default([]),
  /** Add missing heavy atoms with pdbfixer. */
  repair: z.boolean({ error: 'invalidValue' }).default(PREPARATION_DEFAULTS.repair),
  ph,
  job_name: z.string({ error: 'invalidValue' }).trim().max(70, 'textTooLong').optional(),
});
export type QuickPrepareProteinRequest = z.infer<typeof QuickPrepareProteinRequest>;
export type QuickPrepareProteinInput = z.input<typeof QuickPrepareProteinRequest>;

/** POST /v1/jobs/prepare_ligand */
export const PrepareLigandRequest = z.object({
  project_id: projectId,
  ligand_id: fileId,
  ph,
  /** A short force-field minimisation (MMFF94, else UFF) of each prepared molecule. */
  minimize: z.boolean({ error: 'invalidValue' }).default(PREPARATION_DEFAULTS.minimize),
  job_name: z.string({ error: 'invalidValue' }).trim().max(70, 'textTooLong').optional(),
});
export type PrepareLigandRequest = z.infer<typeof PrepareLigandRequest>;
export type PrepareLigandInput = z.input<typeof PrepareLigandRequest>;

export const PrepareSubmitResult = z.object({ job_id: z.number().int() });
export type PrepareSubmitResult = z.infer<typeof PrepareSubmitResult>;

/**
 * One row of a preparation report (GET /v1/jobs/{id}/file_detail).
 * Protein: one row per measured change (item: 'waters_removed', 'hetero_removed', ...),
 * count and a readable detail. Ligand: one row per molecule with its status.
 */
export const ProteinPrepDetail = z.object({
  item: z.enum([
    'input_atoms',
    'waters_removed',
    'hetero_removed',
    'hetero_kept',
    'altlocs_dropped',
    'hydrogens_removed',
    'missing_atoms_added',
    'hydrogens_added',
    'chains',
    'residues',
    'output_atoms',
  ]),
  count: z.number().int(),
  detail: z.string(),
});
export type ProteinPrepDetail = z.infer<typeof ProteinPrepDetail>;

export const LigandPrepDetail = z.object({
  index: z.number().int(),
  name: z.string(),
  status: z.enum(['SUCCESS', 'FAILED']),
  /** What was done ('protonated pH 7.4, 3D from 2D (ETKDG), MMFF94 minimised') or why it failed. */
  detail: z.string(),
  smiles: z.string().nullable(),
  formal_charge: z.number().int().nullable(),
  atoms: z.number().int().nullable(),
});
export type LigandPrepDetail = z.infer<typeof LigandPrepDetail>;

/** What a QUICK_PREPARE_PROTEIN job row carries. */
export const ProteinJobParams = QuickPrepareProteinRequest.pick({
  protein_id: true,
  keep_waters: true,
  keep_metals: true,
  keep_hetero: true,
  repair: true,
  ph: true,
});
export type ProteinJobParams = z.infer<typeof ProteinJobParams>;

/** What a PREPARE_LIGAND job row carries. */
export const LigandJobParams = PrepareLigandRequest.pick({ ligand_id: true, ph: true, minimize: true });
export type LigandJobParams = z.infer<typeof LigandJobParams>;

/** Job types of preparation (the contract's job registry, job-types.ts, collects them). */
export const PREPARATION_JOBS = {
  [PREPARATION_JOB_TYPES.protein]: { params: ProteinJobParams, result: z.array(ProteinPrepDetail) },
  [PREPARATION_JOB_TYPES.ligand]: { params: LigandJobParams, result: z.array(LigandPrepDetail) },
};
