import { DOCKING_JOB_TYPE, type Job, SCREENING_JOB_TYPE, TRANSMOL_JOB_TYPE } from '@medx/contract';

/** The labels of the job list (spec §4 Job status). */
export type JobStatusLabel = 'pending' | 'running' | 'success' | 'stopped' | 'failed';

/**
 * PRE_PROCESSING → Pending; RUNNING and POST_PROCESSING → Running; FINISHED → Success;
 * STOPPED → Stopped; FAILED and any other value → Failed.
 */
export function jobStatusLabel(status: string): JobStatusLabel {
  switch (status) {
    case 'PRE_PROCESSING':
      return 'pending';
    case 'RUNNING':
    case 'POST_PROCESSING':
      return 'running';
    case 'FINISHED':
      return 'success';
    case 'STOPPED':
      return 'stopped';
    default:
      return 'failed';
  }
}

/** antd Tag colours per label. */
export const STATUS_COLORS: Record<JobStatusLabel, string> = {
  pending: 'default',
  running: 'processing',
  success: 'success',
  stopped: 'warning',
  failed: 'error',
};

/** Cancel is offered only for RUNNING (spec §4). */
export const canCancel = (status: string) => status === 'RUNNING';

/** Show (view result) only for FINISHED or FAILED (spec §4). */
export const canShow = (status: string) => status === 'FINISHED' || status === 'FAILED';

/** Workflow job state (spec §4): NEW processing, SCHEDULED success, STOPPED, otherwise Failed. */
export function workflowStateLabel(state: string): 'new' | 'scheduled' | 'stopped' | 'failed' {
  if (state === 'NEW') return 'new';
  if (state === 'SCHEDULED') return 'scheduled';
  if (state === 'STOPPED') return 'stopped';
  return 'failed';
}

/** Work done of a running job as a percentage, or null when the job does not report it. */
export function progressPercent(job: Pick<Job, 'progress_done' | 'progress_total'>): number | null {
  const { progress_done: done, progress_total: total } = job;
  if (done === null || total === null || total <= 0) return null;
  return Math.min(100, Math.max(0, Math.round((done / total) * 100)));
}

/** Finished jobs of these types have a result window of their own (spec §2), listed with ?jobType=. */
const RESULT_WINDOWS = {
  [DOCKING_JOB_TYPE]: 'dockingResult',
  [TRANSMOL_JOB_TYPE]: 'transMolResult',
  [SCREENING_JOB_TYPE]: 'screeningResult',
} as const;

export type ShowTarget = (typeof RESULT_WINDOWS)[keyof typeof RESULT_WINDOWS] | 'jobResult';

/**
 * Where Show leads (spec §2): a finished docking job opens the Docking Result window
 * (jobType=DOCKING&jobId=), a finished TransMol job the TransMol Result window
 * (jobType=TRANSMOL_WORKFLOW&jobId=), a finished screen the Screening Result window
 * (jobType=SCREENING&jobId=); every other job the Job Result dialog (jobType, jobId, jobStatus).
 */
export function showTarget(job: Pick<Job, 'job_type' | 'status'>): ShowTarget {
  if (job.status !== 'FINISHED') return 'jobResult';
  return RESULT_WINDOWS[job.job_type as keyof typeof RESULT_WINDOWS] ?? 'jobResult';
}

/** The address after Show: a new URLSearchParams with the job's values set. */
export function paramsForShow(params: URLSearchParams, job: Pick<Job, 'id' | 'job_type' | 'status'>): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('jobType', job.job_type);
  next.set('jobId', String(job.id));
  if (showTarget(job) === 'jobResult') next.set('jobStatus', job.status);
  else next.delete('jobStatus');
  return next;
}
