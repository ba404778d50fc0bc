import type { WorkflowJobList } from '@medx/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../api/client';
import { isActiveJob, jobsApi, jobsKey } from '../../api/jobs';
import { workflowsApi } from '../../api/workflows';
import { isActiveWorkflow } from './workflow-state';

export { jobsKey };

/** Spec §9: job lists show 5 a page. */
export const JOBS_PAGE_SIZE = 5;
/** How often lists and the counter refresh while a job runs. */
export const POLL_MS = 3000;
/** The counter's refresh when nothing runs (a job may be submitted from another tab). */
export const IDLE_POLL_MS = 15000;

/** One page of the project's jobs, polled while any of them is not over. */
export function useJobList(projectId: number, page: number, enabled = true) {
  return useQuery({
    queryKey: [...jobsKey, 'list', projectId, page],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => unwrap(await jobsApi.list(projectId, page, JOBS_PAGE_SIZE)),
    refetchInterval: (query) => (query.state.data?.items.some(isActiveJob) ? POLL_MS : false),
  });
}

/** One page of the project's workflow jobs, polled while any of them runs (state NEW). */
export function useWorkflowJobs(projectId: number, page: number, enabled = true) {
  return useQuery({
    queryKey: [...jobsKey, 'workflow', projectId, page],
    enabled,
    placeholderData: keepPreviousData,
    // A failure is an empty list (spec §7).
    queryFn: async (): Promise<WorkflowJobList> => {
      const answer = await workflowsApi.jobs(projectId, page, JOBS_PAGE_SIZE);
      return answer.success && answer.data ? answer.data : { total: 0, items: [] };
    },
    refetchInterval: (query) => (query.state.data?.items.some(isActiveWorkflow) ? POLL_MS : false),
  });
}

/** One workflow job with its steps, polled while it runs. */
export function useWorkflowInvocation(id: number) {
  return useQuery({
    queryKey: [...jobsKey, 'workflow', 'one', id],
    queryFn: async () => unwrap(await workflowsApi.invocation(id)),
    refetchInterval: (query) => (query.state.data && isActiveWorkflow(query.state.data) ? POLL_MS : false),
  });
}

/** The running-job counter (spec §4): the project's running jobs, from the job count call. */
export function useRunningCount(projectId: number | null) {
  return useQuery({
    queryKey: [...jobsKey, 'count', projectId],
    enabled: projectId !== null,
    queryFn: async () => {
      const answer = await jobsApi.count(projectId ?? undefined);
      return answer.success && answer.data ? answer.data.running_count : 0;
    },
    refetchInterval: (query) => ((query.state.data ?? 0) > 0 ? POLL_MS : IDLE_POLL_MS),
  });
}

/** One job, polled until it is over. */
export function useJob(jobId: number | null) {
  return useQuery({
    queryKey: [...jobsKey, 'one', jobId],
    enabled: jobId !== null,
    queryFn: async () => unwrap(await jobsApi.get(jobId ?? 0, { silent: true })),
    refetchInterval: (query) => (query.state.data && isActiveJob(query.state.data) ? POLL_MS : false),
  });
}
