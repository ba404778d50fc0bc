import { z } from 'zod';
import { idParam, limitField, pageField } from './fields';

/** Job status (spec §4): the database row is the truth about a job. */
export const JOB_STATUSES = ['PRE_PROCESSING', 'RUNNING', 'POST_PROCESSING', 'FINISHED', 'STOPPED', 'FAILED'] as const;
export const JobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatus>;

/** Statuses of a job that is not over yet. */
export const ACTIVE_JOB_STATUSES: readonly JobStatus[] = ['PRE_PROCESSING', 'RUNNING', 'POST_PROCESSING'];

export const Job = z.object({
  id: z.number().int(),
  job_name: z.string().nullable(),
  job_type: z.string(),
  status: JobStatus,
  project_id: z.number().int(),
  project_name: z.string(),
  operator: z.string(),
  created_at: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  /** Work done and to do, when the job reports it (e.g. ligands docked / total). */
  progress_done: z.number().int().nullable(),
  progress_total: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type Job = z.infer<typeof Job>;

export const JobListQuery = z.object({
  page: pageField,
  limit: limitField(5),
  project_id: z.coerce.number({ error: 'fieldRequired' }).int().positive(),
  /** Only jobs of this type (TRANSMOL_WORKFLOW...): result windows list their own jobs. Not in the spec. */
  job_type: z
    .string({ error: 'invalidValue' })
    .regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'invalidValue')
    .optional(),
});
export type JobListQuery = z.output<typeof JobListQuery>;
export const JobList = z.object({ total: z.number().int(), items: z.array(Job) });
export type JobList = z.infer<typeof JobList>;
export const JobCountQuery = z.object({ project_id: z.coerce.number().int().positive().optional() });
export const JobCount = z.object({ running_count: z.number().int() });
export const JobIdParams = z.object({ id: idParam });
export const JobComment = z.object({ comment: z.string() });
