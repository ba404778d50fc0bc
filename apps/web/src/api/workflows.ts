import type {
  WorkflowCatalogue,
  WorkflowDetails,
  WorkflowImportRequest,
  WorkflowInvocation,
  WorkflowItem,
  WorkflowJobList,
  WorkflowJobRequestInput,
} from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { useSessionToken } from './session-store';

/** The export formats of GET /v1/workflows/{id}/export. */
export type WorkflowExportFormat = 'ga' | 'gxformat2';

/** A submitted or re-run workflow job. */
export interface WorkflowJobSubmitted {
  job_id: number;
}

/**
 * Workflows (spec §7 "Tools and workflows" and "Jobs", packages/contract/src/workflows.ts); every
 * call answers an envelope. Reads and submissions are silent: their callers word the failure
 * ('Workflow not found.', the no-licence reminder, the server's message next to the form).
 */
export const workflowsApi = {
  /** The catalogue grouped by tag; a failure is an empty list (spec §7), so no toast. */
  catalogue: () => api.get<WorkflowCatalogue>('/workflows', undefined, { silent: true }),
  details: (id: string) =>
    api.get<WorkflowDetails>(`/workflows/${encodeURIComponent(id)}`, undefined, { silent: true }),
  byName: (name: string) => api.get<WorkflowDetails>('/workflows/by_name', { name }, { silent: true }),
  /** The workflow as a Galaxy file (.ga JSON or gxformat2 YAML); null data on failure (toast shown). */
  exportFile: (id: string, format: WorkflowExportFormat) =>
    api.blob(`/workflows/${encodeURIComponent(id)}/export`, { format }),
  /** A .ga or gxformat2 file's text; the server reads and checks it. */
  importFile: (body: WorkflowImportRequest) => api.post<WorkflowItem>('/workflows/import', body, { silent: true }),
  /** Deletes a workflow the caller imported. */
  remove: (id: string) => api.del<null>(`/workflows/${encodeURIComponent(id)}`),
  submit: (body: WorkflowJobRequestInput) => api.post<WorkflowJobSubmitted>('/jobs/workflow', body, { silent: true }),
  /** Workflow jobs of a project, newest first; a failure is an empty list (spec §7), so no toast. */
  jobs: (projectId: number, page: number, limit: number) =>
    api.get<WorkflowJobList>('/jobs/workflow', { project_id: projectId, page, limit }, { silent: true }),
  invocation: (id: number) => api.get<WorkflowInvocation>(`/jobs/workflow/${id}`, undefined, { silent: true }),
  cancel: (id: number) => api.post<null>(`/jobs/workflow/${id}/cancel`, {}),
  rerun: (id: number) => api.post<WorkflowJobSubmitted>(`/jobs/workflow/${id}/rerun`, {}),
};

/** Query key of the catalogue (the Function menu, the workflow window after an import or a delete). */
export const workflowCatalogueKey = ['workflows', 'catalogue'] as const;

/** GET /v1/workflows for the Function menu and the workflow window; a failure is an empty list. */
export function useWorkflowCatalogue(enabled = true) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...workflowCatalogueKey, token],
    enabled: enabled && Boolean(token),
    staleTime: 60_000,
    queryFn: async (): Promise<WorkflowCatalogue> => {
      const answer = await workflowsApi.catalogue();
      return answer.success && Array.isArray(answer.data) ? answer.data : [];
    },
  });
}
