import type {
  AdminSubmissionQuery,
  PublishSubmission,
  RejectSubmission,
  ToolSubmission,
  ToolSubmissionDetail,
  ToolSubmissionList,
} from '@medx/contract';
import type { z } from 'zod';
import { api } from './client';

/** The review queue's filter: one of SUBMISSION_STATUSES, or ALL. */
export type SubmissionFilter = AdminSubmissionQuery['status'];
export type PublishSubmissionBody = z.output<typeof PublishSubmission>;
export type RejectSubmissionBody = z.output<typeof RejectSubmission>;

/**
 * Tool review (/v1/admin/tool-submissions, admins only; issue 16): the queue of submitted tool
 * versions, one submission's XML and files, its test run, and publishing into a catalogue
 * category or rejecting with a reason the author reads in News. Failures toast the server's msg.
 */
export const toolReviewApi = {
  list: (query: AdminSubmissionQuery) => api.get<ToolSubmissionList>('/admin/tool-submissions', { ...query }),
  detail: (id: number) => api.get<ToolSubmissionDetail>(`/admin/tool-submissions/${id}`),
  /** Starts the tests in the background: the answer has test_status RUNNING; poll `detail` for the end. */
  runTests: (id: number) => api.post<ToolSubmission>(`/admin/tool-submissions/${id}/test`),
  publish: (id: number, body: PublishSubmissionBody) =>
    api.post<ToolSubmission>(`/admin/tool-submissions/${id}/publish`, body),
  reject: (id: number, body: RejectSubmissionBody) =>
    api.post<ToolSubmission>(`/admin/tool-submissions/${id}/reject`, body),
};
