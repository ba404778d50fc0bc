import type {
  NewProjectRequest,
  Project,
  ProjectDetail,
  ProjectList,
  ProjectListQuery,
  RenameProjectRequest,
  SharedProjectInfo,
  ShareSettings,
  UpdateShareRequest,
} from '@medx/contract';
import { api, type RequestOptions } from './client';

/** The list query with the numbers the web always sends (the schema's input also takes strings). */
export type ProjectListParams = ProjectListQuery & { page: number; limit: number };

export const projectsApi = {
  list: (query: ProjectListParams) => api.get<ProjectList>('/projects', query),
  get: (id: number | string, options?: RequestOptions) => api.get<ProjectDetail>(`/projects/${id}`, undefined, options),
  create: (body: NewProjectRequest) => api.post<Project>('/projects/new', body),
  rename: (id: number, body: RenameProjectRequest) => api.put<Project>(`/projects/${id}/name`, body),
  recycle: (id: number) => api.post<null>(`/projects/${id}/add_to_recycle`, {}),
  restore: (id: number) => api.post<null>(`/projects/${id}/restore`, {}),
  getShare: (id: number) => api.get<ShareSettings>(`/projects/${id}/share`),
  updateShare: (id: number, body: UpdateShareRequest) => api.put<ShareSettings>(`/projects/${id}/share`, body),
  createShareUrl: (id: number) => api.post<{ url: string }>(`/projects/${id}/share_url`, {}),
  sharedInfo: (shareIdOrProjectId: string) =>
    api.get<SharedProjectInfo>(`/projects/shares/${encodeURIComponent(shareIdOrProjectId)}`),
  join: (id: number, shareCode: string) => api.post<Project>(`/projects/${id}/join`, { share_code: shareCode }),
};
