import type { Job, JobList, ProjectFile } from '@medx/contract';
import { ACTIVE_JOB_STATUSES } from '@medx/contract';
import { API_BASE, api, authHeaders, type RequestOptions } from './client';
import { toastError } from './ui-bridge';

/**
 * Query keys of everything job-related; a submit, a cancel or a job ending (the live stream)
 * invalidates them all. Here rather than in the jobs feature so the app shell can use it.
 */
export const jobsKey = ['jobs'] as const;

/** One row of a job's extra table (GET /v1/jobs/{id}/file_detail): any flat record. */
export type JobDetailRow = Record<string, unknown>;

/** A workflow job (spec §3): id, job_name, state, project_name, created_at. */
export interface WorkflowJob {
  id: number | string;
  job_name: string | null;
  state: string;
  project_name: string;
  created_at: string;
}

/** Jobs (spec §7 "Jobs"); every call answers an envelope. */
export const jobsApi = {
  /** A page of the project's jobs, newest first; only those of `jobType` when given. */
  list: (projectId: number, page: number, limit: number, jobType?: string) =>
    api.get<JobList>('/jobs', { project_id: projectId, page, limit, ...(jobType ? { job_type: jobType } : {}) }),
  /** Workflow jobs; a failure is an empty list (spec §7), so no toast. */
  workflows: (projectId: number, page: number, limit: number) =>
    api.get<{ total: number; items: WorkflowJob[] }>(
      '/jobs/workflow',
      { project_id: projectId, page, limit },
      { silent: true },
    ),
  get: (id: number, options?: RequestOptions) => api.get<Job>(`/jobs/${id}`, undefined, options),
  count: (projectId?: number) =>
    api.get<{ running_count: number }>('/jobs/count', { project_id: projectId }, { silent: true }),
  cancel: (id: number) => api.post<null>(`/jobs/${id}/cancel`, {}),
  comment: (id: number) => api.get<{ comment: string }>(`/jobs/${id}/comment`),
  files: (id: number) => api.get<ProjectFile[]>(`/jobs/${id}/files`),
  details: (id: number) => api.get<JobDetailRow[]>(`/jobs/${id}/file_detail`),
  /** POST /v1/jobs/{id}/export: a zip of the outputs and the log (null on failure, toast shown). */
  exportZip: async (id: number): Promise<{ blob: Blob; name: string } | null> => {
    try {
      const response = await fetch(`${API_BASE}/jobs/${id}/export`, {
        method: 'POST',
        headers: authHeaders(),
        credentials: 'include',
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { msg?: string } | null;
        toastError(body?.msg || `${response.status} ${response.statusText}`);
        return null;
      }
      const disposition = response.headers.get('content-disposition') ?? '';
      const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `job_${id}.zip`;
      return { blob: await response.blob(), name };
    } catch (error) {
      toastError(error instanceof Error ? error.message : String(error));
      return null;
    }
  },
};

/** Whether a job is not over yet (the list and the counter poll while one is). */
export const isActiveJob = (job: Pick<Job, 'status'>) => ACTIVE_JOB_STATUSES.includes(job.status);
