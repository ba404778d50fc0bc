import type {
  AddGroupRequest,
  CreateFileRequest,
  CreateFileResult,
  FileGroup,
  FileList,
  FileListQuery,
  NewFilesResult,
  ProjectFile,
  UpdateContentResult,
  UploadCredentials,
} from '@medx/contract';
import { api, type RequestOptions } from './client';

/** The list query with the values the web always sends. */
export type FileListParams = FileListQuery & { project_id: number; page: number; limit: number };

export interface SmilesAnswer {
  smiles: string;
  base64: string | null;
}

export interface PreloadedFile {
  id: number;
  name: string;
  ext: string;
  content: string;
}

/** Files, uploads and conversions (spec §7 "Files" and "Jobs"); every call answers an envelope. */
export const filesApi = {
  /** Upload settings for tus (GET /v1/files/sts[/projectId]). */
  uploadCredentials: (projectId?: number) =>
    api.get<UploadCredentials>(projectId ? `/files/sts/${projectId}` : '/files/sts'),
  create: (body: CreateFileRequest, options?: RequestOptions) => api.post<CreateFileResult>('/files', body, options),
  list: (query: FileListParams) => api.get<FileList>('/files', query),
  get: (id: number) => api.get<ProjectFile>(`/files/${id}`),
  /** Raw bytes with the token header (images, HTML, downloads). */
  download: (id: number, options?: RequestOptions) => api.blob(`/files/${id}/download`, undefined, options),
  rename: (id: number, name: string) => api.put<ProjectFile>(`/files/${id}/name`, { name, is_file: true }),
  /** Hides the file from the Entry List (it stays in the project). */
  disableEntry: (id: number) => api.put<null>(`/files/${id}/disable_entry`, {}),
  remove: (id: number) => api.del<null>(`/files/${id}`),
  content: (id: number, options?: RequestOptions) =>
    api.get<{ content: string }>(`/files/${id}/content`, undefined, options),
  /** GET_PDB files come back with a new id; replaced_id is the old one. */
  updateContent: (id: number, content: string, options?: RequestOptions) =>
    api.put<UpdateContentResult>(`/files/${id}/content`, { content }, options),
  /** PDB: ligands, water, others; SDF/MOL2/SMI: one entry per molecule. */
  split: (id: number) => api.post<NewFilesResult>(`/files/${id}/split_pdb`, {}),
  splitChains: (id: number) => api.post<NewFilesResult>(`/files/${id}/split_protein_chains`, {}),
  toSmiles: (id: number, withImage: boolean, options?: RequestOptions) =>
    api.post<SmilesAnswer>(`/files/${id}/convert_to_smiles`, { is_return_img: withImage }, options),
  contentToSmiles: (ext: string, content: string, options?: RequestOptions) =>
    api.post<{ smiles: string; base64: string }>('/files/convert_to_smiles', { ext, content }, options),
  to3d: (id: number, newEntry = true) =>
    api.post<{ content: string; file: ProjectFile | null }>(`/files/${id}/convert_to_3d`, { is_new_entry: newEntry }),
  preload: (ids: number[]) => api.post<PreloadedFile[]>('/files/multi_preload', { ids }),
  getPdb: (projectId: number, pdbId: string) =>
    api.post<ProjectFile>('/files/get_pdb', { project_id: projectId, pdb_id: pdbId }),
  toMol2: (fileIds: number[]) => api.post<NewFilesResult>('/jobs/to_mol2', { file_ids: fileIds }),
  merge: (fileIds: number[], name?: string) => api.post<NewFilesResult>('/jobs/merge_pdb', { file_ids: fileIds, name }),
};

/** File groups (spec §7 "File groups"). */
export const groupsApi = {
  list: (projectId: number) => api.get<FileGroup[]>(`/projects/${projectId}/groups`),
  add: (body: AddGroupRequest) => api.post<FileGroup>('/file_groups/add', body),
  rename: (id: number, name: string) => api.put<FileGroup>(`/file_groups/${id}/name`, { name }),
  ungroup: (id: number) => api.post<null>(`/file_groups/${id}/ungroup`, {}),
  /** Removes the group and hides its files. */
  drop: (id: number) => api.post<null>(`/file_groups/${id}/drop_group`, {}),
  files: (groupIds: number[], fileType?: string) =>
    api.get<ProjectFile[]>('/file_groups/files', { group_id: groupIds.join(','), file_type: fileType }),
};
