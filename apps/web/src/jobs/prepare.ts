import {
  type Job,
  type PREPARATION_JOB_TYPES,
  PREPARE_LIGAND_EXTS,
  PREPARE_PROTEIN_EXTS,
  type ProjectFile,
} from '@medx/contract';
import { prepareApi } from '../api/docking';
import { isActiveJob, jobsApi } from '../api/jobs';
import { dispatchBrowserEvent } from '../lib/browser-events';

export type PrepareKind = keyof typeof PREPARATION_JOB_TYPES;

/** Whether Quick Prepare of this kind reads the file (by extension, as the server checks). */
export function canPrepare(kind: PrepareKind, file: Pick<ProjectFile, 'name' | 'ext'>): boolean {
  const ext = (file.ext || file.name.split('.').pop() || '').toLowerCase();
  const exts: readonly string[] = kind === 'protein' ? PREPARE_PROTEIN_EXTS : PREPARE_LIGAND_EXTS;
  return exts.includes(ext);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a job until it is over; null when it cannot be read. */
export async function waitForJob(jobId: number, { intervalMs = 1500, timeoutMs = 60 * 60 * 1000 } = {}) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await jobsApi.get(jobId, { silent: true });
    if (!answer.success || !answer.data) return null;
    if (!isActiveJob(answer.data) || Date.now() > until) return answer.data;
    await sleep(intervalMs);
  }
}

export interface PrepareOutcome {
  job: Job | null;
  jobId: number | null;
  /** The prepared file (the job's first output) when the job finished. */
  fileId: number | null;
}

/**
 * Quick Prepare of a protein or a ligand (spec §7): submits the job, follows it to its end, and
 * on success dispatches the prepareSuccess browser event (type, fileId) with the prepared file.
 * `onSubmitted` runs once the job exists (the caller can say so and refresh the job counter).
 */
export async function runPreparation(
  kind: PrepareKind,
  projectId: number,
  fileId: number,
  onSubmitted?: (jobId: number) => void,
): Promise<PrepareOutcome> {
  const submitted =
    kind === 'protein' ? await prepareApi.protein(projectId, fileId) : await prepareApi.ligand(projectId, fileId);
  if (!submitted.success || !submitted.data) return { job: null, jobId: null, fileId: null };
  const jobId = submitted.data.job_id;
  onSubmitted?.(jobId);
  const job = await waitForJob(jobId);
  if (job?.status !== 'FINISHED') return { job, jobId, fileId: null };
  const outputs = await jobsApi.files(jobId);
  const prepared = outputs.success ? (outputs.data?.[0]?.id ?? null) : null;
  if (prepared !== null) dispatchBrowserEvent('prepareSuccess', { type: kind, fileId: prepared });
  return { job, jobId, fileId: prepared };
}
