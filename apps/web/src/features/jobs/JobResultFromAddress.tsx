import { useSearchParams } from 'react-router';
import { jobResultFromQuery, withoutJobResult } from '../../workspace/layout/query-values';
import { JobResultDialog } from './JobResultDialog';

/** jobType, jobId and jobStatus together open the Job Result dialog (spec §2); closing removes them. */
export function JobResultFromAddress() {
  const [params, setParams] = useSearchParams();
  const job = jobResultFromQuery(params);
  return (
    <JobResultDialog job={job} onClose={() => setParams((current) => withoutJobResult(current), { replace: true })} />
  );
}
