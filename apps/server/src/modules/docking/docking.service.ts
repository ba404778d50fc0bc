import { randomInt } from 'node:crypto';
import {
  DOCKING_JOB_TYPE,
  DOCKING_PROTEIN_TYPES,
  type DockingJobParams,
  DockingRequest,
  type DockingResultList,
  type DockingResultRow,
} from '@medx/contract';
import { countPolymerAtoms, validateStructure } from '../../chem/offload';
import type { DockingResultRecord, FileRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import type { ObjectStorage } from '../../storage/object-storage';
import type { FilesRepository } from '../files/files.repository';
import type { JobsService } from '../jobs/jobs.service';
import type { ProjectAccess } from '../projects/project-access';
import type { DockingRepository } from './docking.repository';
import { ligandFormatOf, ligandProblem } from './ligand-input';

/** Provenance of a docking job, as the executor records it (the parts rerun reads). */
export interface DockingProvenance {
  request: DockingJobParams;
  inputs: { role: 'protein' | 'ligand'; file_id: number; name: string; sha256: string }[];
  /** The receptor PDBQT Vina used, stored as an output of the job. */
  prepared_receptor: { file_id: number; sha256: string };
}

/** Largest seed Vina takes (a C int). */
const SEED_MAX = 2 ** 31 - 1;

function toRow(row: DockingResultRecord, rank: number | null): DockingResultRow {
  return {
    rank,
    ligand_name: row.ligand_name,
    score: row.score === null ? null : Number(row.score),
    file_id: row.file_id,
    protein_file_id: row.protein_file_id,
    complex_file_id: row.complex_file_id,
    job_id: row.job_id,
    pose: row.pose,
    status: row.status,
    error: row.error,
  };
}

/**
 * Docking submission (validated in full before a job row exists), rerun from
 * provenance, and the ranked results.
 */
export class DockingService {
  constructor(
    private readonly results: DockingRepository,
    private readonly files: FilesRepository,
    private readonly storage: ObjectStorage,
    private readonly access: ProjectAccess,
    private readonly jobs: JobsService,
  ) {}

  async submit(
    auth: AuthContext,
    input: DockingRequest,
    preparedReceptor?: DockingJobParams['prepared_receptor'],
  ): Promise<number> {
    await this.access.require(auth, input.project_id, 'write');
    await this.validateInputs(input);
    const params: DockingJobParams = {
      ...input,
      settings: { ...input.settings, seed: input.settings.seed ?? randomInt(1, SEED_MAX) },
      ...(preparedReceptor ? { prepared_receptor: preparedReceptor } : {}),
    };
    return this.jobs.submit(auth, input.project_id, DOCKING_JOB_TYPE, params.settings.job_name, params);
  }

  /** A new job with the same request and seed as an earlier one (from its provenance). */
  async rerun(auth: AuthContext, jobId: number): Promise<number> {
    const job = await this.jobs.requireJob(auth, jobId, 'write');
    if (job.job_type !== DOCKING_JOB_TYPE) throw badRequest('dockingNotDockingJob');
    const provenance = job.provenance ? (JSON.parse(job.provenance) as Partial<DockingProvenance>) : {};
    const request = provenance.request ?? (JSON.parse(job.params) as DockingJobParams);
    // Same inputs or no reproduction: a file edited since the run would dock something else.
    for (const input of provenance.inputs ?? []) {
      const file = await this.files.findById(input.file_id);
      if (file && file.sha256 !== input.sha256) throw new AppError(409, 'dockingInputsChanged', { name: file.name });
    }
    // A request stored before today's bounds (a seed Vina refused) cannot be run again as it was.
    const checked = DockingRequest.safeParse(request);
    if (!checked.success) throw badRequest('dockingRerunOutOfBounds');
    const parsed = checked.data;
    const prepared = provenance.prepared_receptor;
    const receptor = prepared ? await this.files.findById(prepared.file_id) : undefined;
    // The stored receptor is reused only while it is intact; otherwise it is prepared again.
    const reuse = receptor && prepared && receptor.sha256 === prepared.sha256 ? prepared : undefined;
    return this.submit(auth, { ...parsed, project_id: job.project_id }, reuse);
  }

  async projectResults(
    auth: AuthContext,
    projectId: number,
    q: { page: number; limit: number; job_id?: number },
  ): Promise<DockingResultList> {
    await this.access.require(auth, projectId, 'read');
    return this.list({ projectId, jobId: q.job_id }, q.page, q.limit);
  }

  async jobResults(auth: AuthContext, jobId: number, q: { page: number; limit: number }): Promise<DockingResultList> {
    const job = await this.jobs.requireJob(auth, jobId, 'read');
    return this.list({ projectId: job.project_id, jobId }, q.page, q.limit);
  }

  private async list(scope: { projectId: number; jobId?: number }, page: number, limit: number) {
    const { total, items } = await this.results.list(scope, page, limit);
    const offset = (page - 1) * limit;
    // Successes come first, so a success's rank is its position in the whole list.
    return { total, items: items.map((r, i) => toRow(r, r.status === 'SUCCESS' ? offset + i + 1 : null)) };
  }

  /** A file of the project; another project's file gets the same answer as a missing one. */
  async fileOfProject(id: number, projectId: number): Promise<FileRow> {
    const file = await this.files.findById(id);
    // Files of other projects are not revealed: the same answer as a missing one.
    if (!file || file.project_id !== projectId) throw badRequest('dockingFileNotInProject', { id });
    return file;
  }

  /** The protein of a docking or screen: a readable PDB or PDBQT of the project with protein atoms. */
  async checkProtein(projectId: number, proteinId: number): Promise<void> {
    const protein = await this.fileOfProject(proteinId, projectId);
    if (!(DOCKING_PROTEIN_TYPES as readonly string[]).includes(protein.file_type)) {
      throw badRequest('dockingProteinType', { name: protein.name });
    }
    const proteinText = (await this.storage.getBuffer(protein.storage_key)).toString('utf8');
    const valid = await validateStructure(protein.file_type, proteinText);
    if (!valid.ok && valid.reason !== 'noAtoms') {
      throw badRequest('dockingProteinUnreadable', { name: protein.name, detail: valid.detail });
    }
    if (!valid.ok || (await countPolymerAtoms(proteinText, protein.file_type === 'PDBQT' ? 'pdbqt' : 'pdb')) === 0)
      throw badRequest('dockingProteinNoAtoms', { name: protein.name });
  }

  private async validateInputs(input: DockingRequest): Promise<void> {
    await this.checkProtein(input.project_id, input.protein_id);
    for (const id of new Set(input.ligand_ids)) {
      const ligand = await this.fileOfProject(id, input.project_id);
      const format = ligandFormatOf(ligand.file_type);
      if (!format) throw badRequest('dockingLigandType', { name: ligand.name });
      const text = (await this.storage.getBuffer(ligand.storage_key)).toString('utf8');
      const { problem } = await ligandProblem(ligand.name, format, text);
      if (problem?.kind === 'unreadable') {
        throw badRequest('dockingLigandUnreadable', { name: ligand.name, detail: problem.detail });
      }
      if (problem?.kind === 'not3d') {
        throw badRequest('dockingLigandNot3d', {
          name: problem.molecule === ligand.name ? ligand.name : `${problem.molecule} (${ligand.name})`,
        });
      }
    }
  }
}
