import { SCREENING_JOB_TYPE } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../api/client';
import { isActiveJob, jobsApi } from '../../api/jobs';
import { jobsKey, POLL_MS } from '../jobs';

/** The newest screens offered by the job picker (the API's largest page). */
const JOBS_LISTED = 100;

/** The project's SCREENING jobs, newest first, polled while one of them runs (its status in the picker). */
export function useScreeningJobs(projectId: number) {
  return useQuery({
    queryKey: [...jobsKey, 'screening-jobs', projectId],
    queryFn: async () => unwrap(await jobsApi.list(projectId, 1, JOBS_LISTED, SCREENING_JOB_TYPE)).items,
    refetchInterval: (query) => (query.state.data?.some(isActiveJob) ? POLL_MS : false),
  });
}
