import { SCREENING_JOB_TYPE } from '@medx/contract';

/** The screen the address names (?jobType=SCREENING&jobId=), as Docking Result reads ?jobType=DOCKING; null without one. */
export function screeningJobFromParams(params: URLSearchParams): number | null {
  const raw = Number(params.get('jobId'));
  return params.get('jobType') === SCREENING_JOB_TYPE && Number.isInteger(raw) && raw > 0 ? raw : null;
}
