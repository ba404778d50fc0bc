import { z } from 'zod';
import { JobListQuery } from './jobs';

/**
 * Workflow jobs (spec §3: id, job_name, state, project_name, created_at). The state is the
 * workflow engine's: NEW, SCHEDULED, STOPPED, anything else reads as failed (spec §4).
 * No workflow can run yet, so GET /v1/jobs/workflow answers an empty page.
 */
export const WorkflowJob = z.object({
  id: z.number().int(),
  job_name: z.string().nullable(),
  state: z.string(),
  project_name: z.string(),
  created_at: z.string(),
});
export type WorkflowJob = z.infer<typeof WorkflowJob>;

/** The same query as GET /v1/jobs: project_id (required), page, limit (default 5). */
export const WorkflowJobListQuery = JobListQuery;
export type WorkflowJobListQuery = z.infer<typeof WorkflowJobListQuery>;

export const WorkflowJobList = z.object({ total: z.number().int(), items: z.array(WorkflowJob) });
export type WorkflowJobList = z.infer<typeof WorkflowJobList>;
