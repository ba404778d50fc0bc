import type {
  TransMolLigandsResult,
  TransMolRequestInput,
  TransMolResultList,
  TransMolResultQuery,
} from '@medx/contract';
import { api, type RequestOptions } from './client';

/** What the result table asks for: one page, sorted, of one job (the latest finished one without job_id). */
export type TransMolResultParams = Omit<TransMolResultQuery, 'job_id'> & { job_id?: number | null };

/** TransMol (spec §7): submission, one job's molecules, chosen molecules as a docking ligand file. */
export const transmolApi = {
  submit: (body: TransMolRequestInput) => api.post<{ job_id: number }>('/jobs/transmol', body),
  results: (projectId: number, { job_id, page, limit, sort, order }: TransMolResultParams, options?: RequestOptions) =>
    api.get<TransMolResultList>(
      `/projects/${projectId}/transmol_result`,
      { job_id: job_id ?? undefined, page, limit, sort, order },
      options,
    ),
  /** One prepared 3D SDF in the project made of the molecules of these ranks. */
  ligands: (jobId: number, ranks: number[]) =>
    api.post<TransMolLigandsResult>(`/jobs/${jobId}/transmol_ligands`, { ranks }),
};
