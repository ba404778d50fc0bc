import {
  type LigandJobParams,
  PREPARATION_JOB_TYPES,
  PREPARE_LIGAND_EXTS,
  PREPARE_PROTEIN_EXTS,
  type PrepareLigandRequest,
  type ProteinJobParams,
  type QuickPrepareProteinRequest,
} from '@medx/contract';
import { cleanProtein } from '../../chem/protein-clean';
import { proteinPdbText } from '../../chem/protein-pdb';
import type { FileRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { baseName } from '../files/file-records';
import type { FilesService } from '../files/files.service';
import type { JobsService } from '../jobs/jobs.service';
import type { ProjectAccess } from '../projects/project-access';
import { LIGAND_MAX_HEAVY_ATOMS, ligandMolecules } from './ligand-molecules';

const JOB_NAME_MAX = 70;
const jobName = (given: string | undefined, fallback: string) => (given || fallback).slice(0, JOB_NAME_MAX);

/**
 * Submission of the preparation jobs. Everything that can be judged from the request
 * and the file is judged here, before a job row exists: rights (writing: the job
 * stores a new file), the file's project and type, and that it holds a protein or
 * at least one molecule. A refused request leaves no job and no file behind.
 */
export class PreparationService {
  constructor(
    private readonly files: FilesService,
    private readonly jobs: JobsService,
    private readonly access: ProjectAccess,
  ) {}

  /** A file of the project: 404 when the caller cannot see it, 400 when it belongs elsewhere. */
  async projectFile(auth: AuthContext, projectId: number, fileId: number): Promise<FileRow> {
    const file = await this.files.requireFile(auth, fileId, 'read');
    if (file.project_id !== projectId) throw badRequest('prepFileNotInProject', { id: fileId });
    return file;
  }

  async submitProtein(auth: AuthContext, body: QuickPrepareProteinRequest): Promise<number> {
    await this.access.require(auth, body.project_id, 'write');
    const file = await this.projectFile(auth, body.project_id, body.protein_id);
    const ext = file.ext.toLowerCase();
    if (!(PREPARE_PROTEIN_EXTS as readonly string[]).includes(ext))
      throw badRequest('prepProteinType', { name: file.name });
    let aminoAcids: number;
    try {
      const pdb = await proteinPdbText(ext, await this.files.readText(file));
      aminoAcids = cleanProtein(pdb, { keepWaters: body.keep_waters, keepHetero: body.keep_hetero }).report.aminoAcids;
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw badRequest('prepProteinUnreadable', {
        name: file.name,
        detail: err instanceof Error ? err.message : String(err),
      });
    }
    if (aminoAcids === 0) throw badRequest('prepNotProtein', { name: file.name });
    const params: ProteinJobParams = {
      protein_id: file.id,
      keep_waters: body.keep_waters,
      keep_metals: body.keep_metals,
      keep_hetero: body.keep_hetero,
      repair: body.repair,
      ph: body.ph,
    };
    return this.jobs.submit(
      auth,
      body.project_id,
      PREPARATION_JOB_TYPES.protein,
      jobName(body.job_name, `Prepare ${baseName(file.name)}`),
      params,
    );
  }

  async submitLigand(auth: AuthContext, body: PrepareLigandRequest): Promise<number> {
    await this.access.require(auth, body.project_id, 'write');
    const file = await this.projectFile(auth, body.project_id, body.ligand_id);
    const ext = file.ext.toLowerCase();
    if (!(PREPARE_LIGAND_EXTS as readonly string[]).includes(ext))
      throw badRequest('prepLigandType', { name: file.name });
    const molecules = await ligandMolecules(ext, await this.files.readText(file), baseName(file.name));
    if (molecules.length === 0) throw badRequest('prepLigandEmpty', { name: file.name });
    // One oversized molecule among ligands fails alone in the job; a file of nothing else
    // (a receptor chosen by mistake) is refused here.
    const smallest = Math.min(...molecules.map((m) => m.heavyAtoms));
    if (smallest > LIGAND_MAX_HEAVY_ATOMS) {
      throw badRequest('prepLigandTooLarge', {
        name: file.name,
        atoms: Math.max(...molecules.map((m) => m.heavyAtoms)),
        max: LIGAND_MAX_HEAVY_ATOMS,
      });
    }
    const params: LigandJobParams = { ligand_id: file.id, ph: body.ph, minimize: body.minimize };
    return this.jobs.submit(
      auth,
      body.project_id,
      PREPARATION_JOB_TYPES.ligand,
      jobName(body.job_name, `Prepare ${baseName(file.name)}`),
      params,
    );
  }
}
