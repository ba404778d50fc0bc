import type {
  DetectPocketsResult,
  DockingPocket,
  DockingRequestInput,
  DockingResultList,
  DockingSubmitResult,
  PrepareSubmitResult,
} from '@medx/contract';
import { api } from './client';

export type { DetectedPocket } from '@medx/contract';

/** Docking submission, results and pocket helpers (spec §7 "Jobs"). */
export const dockingApi = {
  submit: (body: DockingRequestInput) => api.post<DockingSubmitResult>('/jobs/docking', body),
  /** All docking results of a project, or one job's with job_id. */
  projectResults: (projectId: number, page: number, limit: number, jobId?: number) =>
    api.get<DockingResultList>(`/projects/${projectId}/docking_result`, { page, limit, job_id: jobId }),
  jobResults: (jobId: number, page: number, limit: number) =>
    api.get<DockingResultList>(`/jobs/${jobId}/docking_result`, { page, limit }),
  pocketFromLigand: (projectId: number, ligandId: number, padding?: number) =>
    api.post<DockingPocket>('/docking/pocket/ligand', { project_id: projectId, ligand_id: ligandId, padding }),
  pocketFromResidues: (projectId: number, proteinId: number, residues: string, cutoff?: number) =>
    api.post<DockingPocket>('/docking/pocket/residues', {
      project_id: projectId,
      protein_id: proteinId,
      residues,
      cutoff,
    }),
  detectPockets: (projectId: number, proteinId: number, max?: number) =>
    api.post<DetectPocketsResult>('/docking/pockets/detect', { project_id: projectId, protein_id: proteinId, max }),
};

/** Quick Prepare (spec §7): each answers the job whose output is the prepared file. */
export const prepareApi = {
  protein: (projectId: number, proteinId: number) =>
    api.post<PrepareSubmitResult>('/jobs/quick_prepare_protein', { project_id: projectId, protein_id: proteinId }),
  ligand: (projectId: number, ligandId: number) =>
    api.post<PrepareSubmitResult>('/jobs/prepare_ligand', { project_id: projectId, ligand_id: ligandId }),
};
