import type { z } from 'zod';
import { DOCKING_JOBS } from './docking';
import { POCKET_JOBS } from './pockets';
import { PREPARATION_JOBS } from './preparation';
import { SCREENING_JOBS } from './screening';
import { TOOL_DRAFT_JOBS } from './tool-builder';
import { TOOL_JOBS } from './tools';
import { TRANSMOL_JOBS } from './transmol';

/**
 * The job registry: every job type, with the zod schema of its params and of its result
 * (the rows of GET /v1/jobs/{id}/file_detail). Submission validates params through it
 * before a job row exists; the runner validates them again when it reads the row, and
 * hands executors typed params. Each feature declares its job types beside its other
 * schemas (DOCKING_JOBS, PREPARATION_JOBS...); a new feature adds its map here, once.
 */
export interface JobTypeDefinition {
  params: z.ZodType;
  result: z.ZodType;
}

export const JOB_TYPES = {
  ...PREPARATION_JOBS,
  ...DOCKING_JOBS,
  ...TOOL_JOBS,
  ...POCKET_JOBS,
  ...TRANSMOL_JOBS,
  ...SCREENING_JOBS,
  ...TOOL_DRAFT_JOBS,
} satisfies Record<string, JobTypeDefinition>;

export type JobType = keyof typeof JOB_TYPES;
/** The params a job of type T carries (after validation: defaults applied). */
export type JobParams<T extends JobType> = z.output<(typeof JOB_TYPES)[T]['params']>;
/** What a caller may submit for a job of type T (before defaults). */
export type JobParamsInput<T extends JobType> = z.input<(typeof JOB_TYPES)[T]['params']>;
/** The result rows of a job of type T. */
export type JobResult<T extends JobType> = z.output<(typeof JOB_TYPES)[T]['result']>;

export const JOB_TYPE_NAMES = Object.keys(JOB_TYPES) as JobType[];

export const isJobType = (value: string): value is JobType => Object.hasOwn(JOB_TYPES, value);
