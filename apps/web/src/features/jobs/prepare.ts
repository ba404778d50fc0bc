import {
  type Job,
  type PREPARATION_JOB_TYPES,
  PREPARE_LIGAND_EXTS,
  PREPARE_PROTEIN_EXTS,
  type ProjectFile,
} from '@medx/contract';
import { prepareApi } from '../../api/docking';
import { isActiveJob, jobsApi } from '../../api/jobs';
import { dispatchBrowserEvent } from '../../lib/browser-events';

export type PrepareKind = keyof typeof PREPARATION_JOB_TYPES;

/** Whether Quick Prepare of this kind reads the file (by extension, as the server checks). */
export function canPrepare(kind: PrepareKind, file: Pick<ProjectFile, 'name' | 'ext'>): boolean {
  const ext = (file.ext || file.name.split('.').pop() || '').toLowerCase();
  const exts: readonly string[] = kind === 'protein' ? PREPARE_PROTEIN_EXTS : PREPARE_LIGAND_EXTS;
  return exts.includes(ext);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type JobAnswer = Awaited<ReturnType<typeof jobsApi.get>>;

export interface WaitOptions {
  intervalMs?: number;
  timeoutMs?: number;
  /** Failed reads in a row before giving up: one lost poll must not end the wait. */
  maxMisses?: number;
  read?: (jobId: number) => Promise<JobAnswer>;
}

/**
 * Polls a job until it is over (or the time-out passes); null when it cannot be read
 * `maxMisses` times in a row. A job runs on the server whatever happens to one request,
 * so a momentary failure (a dropped connection, a restart) is retried, not reported.
 */
export async function waitForJob(
  jobId: number,
  {
    intervalMs = 1500,
    timeoutMs = 60 * 60 * 1000,
    maxMisses = 5,
    read = (id) => jobsApi.get(id, { silent: true }),
  }: WaitOptions = {},
) {
  const until = Date.now() + timeoutMs;
  let misses = 0;
  for (;;) {
    const answer = await read(jobId);
    if (answer.success && answer.data) {
      misses = 0;
      if (!isActiveJob(answer.data) || Date.now() > until) return answer.data;
    } else if (++misses >= maxMisses) return null;
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
