import type {
  DockingSubmitResult,
  ScreeningExportQuery,
  ScreeningLigandDetail,
  ScreeningLigandList,
  ScreeningLigandQuery,
  ScreeningRequestInput,
  ScreeningSummary,
} from '@medx/contract';
import { api, type RequestOptions } from './client';

/**
 * Virtual screening (a docking job over a ligand library): submission, progress and the
 * server-paged ligand table. Not in the spec; see docs/decisions.md "Screening".
 */
export const screeningApi = {
  /** POST /v1/jobs/docking/library: answers the new SCREENING job's id. */
  submit: (body: ScreeningRequestInput) => api.post<DockingSubmitResult>('/jobs/docking/library', body),
  /** Counts, throughput, the score histogram and the enrichment of one screen. */
  summary: (jobId: number, options?: RequestOptions) =>
    api.get<ScreeningSummary>(`/jobs/${jobId}/screening`, undefined, options),
  /** One page of ligands, filtered and sorted on the server (booleans go as 'true'/'false'). */
  ligands: (jobId: number, query: ScreeningLigandQuery, options?: RequestOptions) =>
    api.get<ScreeningLigandList>(`/jobs/${jobId}/screening/ligands`, query, options),
  /** One ligand with its best pose as SDF text and the receptor's project file. */
  ligand: (jobId: number, index: number) => api.get<ScreeningLigandDetail>(`/jobs/${jobId}/screening/ligands/${index}`),
  /** The best `top` of the filtered ligands as an SDF or CSV download (the bytes, not an envelope). */
  exportFile: (jobId: number, query: ScreeningExportQuery) => api.blob(`/jobs/${jobId}/screening/export`, query),
};
