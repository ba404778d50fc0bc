import { TRANSMOL_JOB_TYPE } from '@medx/contract';

/**
 * The TransMol job the address names (?jobType=TRANSMOL_WORKFLOW&jobId=), as the Docking Result
 * window reads ?jobType=DOCKING&jobId=; null means the project's latest finished TransMol job.
 */
export function transmolJobFromParams(params: URLSearchParams): number | null {
  const raw = Number(params.get('jobId'));
  return params.get('jobType') === TRANSMOL_JOB_TYPE && Number.isInteger(raw) && raw > 0 ? raw : null;
}

/**
 * The address showing a TransMol job: jobType (which lists TransMol Result in the Window menu)
 * and jobId, without jobStatus (the three together would open the Job Result dialog).
 */
export function withTransMolJob(params: URLSearchParams, jobId: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('jobType', TRANSMOL_JOB_TYPE);
  next.set('jobId', String(jobId));
  next.delete('jobStatus');
  return next;
}
