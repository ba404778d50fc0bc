import { TRANSMOL_JOB_TYPE } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../api/client';
import { isActiveJob, jobsApi } from '../../api/jobs';
import { jobsKey, POLL_MS } from '../jobs';

/** The newest TransMol jobs offered (the API's largest page). */
const JOBS_LISTED = 100;

/**
 * The project's TransMol jobs, newest first, polled while one of them runs: the result window
 * learns from it that a job finished (and which is the latest finished one).
 */
export function useTransMolJobs(projectId: number) {
  return useQuery({
    queryKey: [...jobsKey, 'transmol-jobs', projectId],
    queryFn: async () => {
      return unwrap(await jobsApi.list(projectId, 1, JOBS_LISTED, TRANSMOL_JOB_TYPE)).items;
    },
    refetchInterval: (query) => (query.state.data?.some(isActiveJob) ? POLL_MS : false),
  });
}
