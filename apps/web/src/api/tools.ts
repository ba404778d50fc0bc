import type {
  JobSpaceImport,
  ToolDetails,
  ToolJobRequest,
  ToolJobSubmitted,
  ToolPanel,
  ToolTutorial,
} from '@medx/contract';
import { api } from './client';

/**
 * Tools (spec §7 "Tools and workflows", packages/contract/src/tools.ts); every call answers an
 * envelope. The panel, the details and the submission are silent: their callers word the
 * failure themselves (an empty list, 'Tool not found', 'Error submitting job: …').
 */
export const toolsApi = {
  /** The catalogue; a failure is an empty list (spec §7), so no toast. */
  panel: () => api.get<ToolPanel>('/tools/panel', undefined, { silent: true }),
  details: (toolId: string) => api.post<ToolDetails>('/tools/details', { tool_id: toolId }, { silent: true }),
  tutorial: (toolId: string) => api.post<ToolTutorial>('/tools/tutorial', { tool_id: toolId }),
  /** Project files into the job space: one item (with its galaxy_file_id) per file. */
  importFiles: (projectId: number, fileIds: number[]) =>
    api.post<JobSpaceImport>('/tools/import', { project_id: projectId, file_ids: fileIds }, { silent: true }),
  submit: (body: ToolJobRequest) => api.post<ToolJobSubmitted>('/jobs/tool', body, { silent: true }),
};
