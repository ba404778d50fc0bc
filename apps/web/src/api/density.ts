import type { DensityMesh, DensityPlyResult } from '@medx/contract';
import { api, type RequestOptions } from './client';

/** What the web sends for a density mesh (the contract's request with its defaults filled in by the server). */
export interface DensityMeshBody {
  project_id: number;
  pdb_file_id: number;
  ccp4_file_id: number;
  resn_list: string[];
  carve: number;
  level?: number;
}

/** Med View's electron density (viewer spec §2, §5, §7; docs/decisions.md "Electron density"). */
export const densityApi = {
  /** POST /v1/files/density_mesh ("build electron density"): the carved isosurface's vertices and triangles. */
  mesh: (body: DensityMeshBody, options?: RequestOptions) =>
    api.post<DensityMesh>('/files/density_mesh', body, options),
  /** POST /v1/files/ccp4_to_ply: the same mesh stored as a PLY project file. */
  toPly: (body: DensityMeshBody & { name?: string }, options?: RequestOptions) =>
    api.post<DensityPlyResult>('/files/ccp4_to_ply', body, options),
};
