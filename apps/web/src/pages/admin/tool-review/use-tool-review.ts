import type { ToolSubmission, ToolSubmissionDetail } from '@medx/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { unwrap } from '../../../api/client';
import { type SubmissionFilter, toolReviewApi } from '../../../api/tool-review';
import { toolsApi } from '../../../api/tools';

export const toolReviewKey = ['admin', 'tool-review'] as const;
const listKey = [...toolReviewKey, 'list'] as const;
export const submissionKey = (id: number) => [...toolReviewKey, 'detail', id] as const;

/** The contract's default page of the review queue. */
export const TOOL_REVIEW_PAGE_SIZE = 10;

/** How often a submission whose tests run is read again. */
export const TEST_POLL_MS = 2000;

/**
 * The polling stop condition: a submission is read again while its tests run, and no longer
 * once they ended (PASSED or FAILED), were never run, or the submission could not be read.
 */
export function testPollInterval(
  submission: Pick<ToolSubmission, 'test_status'> | undefined,
  pollMs: number = TEST_POLL_MS,
): number | false {
  return submission?.test_status === 'RUNNING' ? pollMs : false;
}

/** GET /v1/admin/tool-submissions: one page of the queue with a status. */
export function useSubmissions(status: SubmissionFilter, page: number, limit: number) {
  return useQuery({
    queryKey: [...listKey, status, page, limit],
    placeholderData: keepPreviousData,
    queryFn: async () => unwrap(await toolReviewApi.list({ status, page, limit })),
  });
}

/**
 * GET /v1/admin/tool-submissions/{id}: the XML, the files and the test state, read again every
 * `pollMs` while the tests run and the drawer is open (`active`; closed, it keeps the last data
 * and stops reading). When a run ends the queue is loaded again (its test tag).
 */
export function useSubmission(id: number | null, active: boolean, pollMs: number = TEST_POLL_MS) {
  const refreshList = useRefreshSubmissions();
  const query = useQuery({
    queryKey: submissionKey(id ?? 0),
    enabled: id !== null && active,
    staleTime: 0,
    queryFn: async () => unwrap(await toolReviewApi.detail(id!)),
    refetchInterval: (q) => (q.state.status === 'error' ? false : testPollInterval(q.state.data, pollMs)),
  });
  const testStatus = query.data?.test_status;
  const previous = useRef(testStatus);
  useEffect(() => {
    if (previous.current === 'RUNNING' && testStatus && testStatus !== 'RUNNING') void refreshList();
    previous.current = testStatus;
  }, [testStatus, refreshList]);
  return query;
}

/** Reloads the queue (after a test start, a publish, a rejection). */
export function useRefreshSubmissions(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: listKey }), [queryClient]);
}

/**
 * Puts a call's answer (a ToolSubmission without XML and files) into the open submission, so the
 * drawer shows the new state at once (a RUNNING status starts the polling), and reloads the queue.
 */
export function useApplySubmission(): (submission: ToolSubmission) => Promise<void> {
  const queryClient = useQueryClient();
  const refreshList = useRefreshSubmissions();
  return useCallback(
    async (submission: ToolSubmission) => {
      queryClient.setQueryData<ToolSubmissionDetail>(submissionKey(submission.id), (old) =>
        old ? { ...old, ...submission } : old,
      );
      await refreshList();
    },
    [queryClient, refreshList],
  );
}

/** Reads the submission again (after a refused publish or rejection: another admin may have reviewed it). */
export function useReloadSubmission(): (id: number) => Promise<void> {
  const queryClient = useQueryClient();
  const refreshList = useRefreshSubmissions();
  return useCallback(
    async (id: number) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: submissionKey(id) }), refreshList()]);
    },
    [queryClient, refreshList],
  );
}

/** The catalogue's categories (GET /v1/tools/panel), sorted; a failure leaves the list empty. */
export function useCatalogueCategories(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'tool-categories'],
    enabled,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const answer = await toolsApi.panel();
      if (!answer.success || !Array.isArray(answer.data)) return [];
      const names = new Set(answer.data.map((tool) => tool.category.trim()).filter(Boolean));
      return [...names].sort((a, b) => a.localeCompare(b));
    },
  });
}
