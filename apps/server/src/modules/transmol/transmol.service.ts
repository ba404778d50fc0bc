import { randomInt } from 'node:crypto';
import {
  TRANSMOL_JOB_TYPE,
  TRANSMOL_LIMITS,
  type TransMolJobParams,
  type TransMolLigandsRequest,
  type TransMolLigandsResult,
  type TransMolRequest,
  type TransMolResultList,
  type TransMolResultQuery,
  type TransMolResultRow,
} from '@medx/contract';
import { ChemistryError } from '../../chem/errors';
import { embedSmiles } from '../../chem/etkdg';
import { canonicalSmiles, checkSmiles } from '../../chem/rdkit';
import { badRequest, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import type { FileWriter } from '../files/file-records';
import type { JobWithNames } from '../jobs/jobs.repository';
import type { JobsService } from '../jobs/jobs.service';
import type { ProjectAccess } from '../projects/project-access';
import { filePrefix, type TransMolProvenance } from './transmol.executor';

/** Largest random seed drawn for a run (Python's random takes any int; kept in a C int). */
const SEED_MAX = 2 ** 31 - 1;

/** Generation ignores stereochemistry: two stereoisomers are the same seed. */
const withoutStereo = (smiles: string) => smiles.replace(/[@/\\]/g, '');

const provenanceOf = (job: JobWithNames): Partial<TransMolProvenance> =>
  job.provenance ? (JSON.parse(job.provenance) as Partial<TransMolProvenance>) : {};

/**
 * TransMol: submission (seeds checked by RDKit before a job row exists), the result table,
 * and the chosen molecules as a 3D ligand file for docking.
 */
export class TransMolService {
  constructor(
    private readonly jobs: JobsService,
    private readonly access: ProjectAccess,
    private readonly writer: FileWriter,
  ) {}

  async submit(auth: AuthContext, input: TransMolRequest): Promise<number> {
    await this.access.require(auth, input.project_id, 'write');
    const seed1 = await this.checkSeed(input.smiles1, 1);
    const seed2 = await this.checkSeed(input.smiles2, 2);
    if (seed1 === seed2) throw badRequest('transmolSameSeeds');
    const params: TransMolJobParams = { ...input, seed: input.seed ?? randomInt(1, SEED_MAX) };
    return this.jobs.submit(auth, input.project_id, TRANSMOL_JOB_TYPE, params.job_name, params);
  }

  /** The seed's canonical SMILES without stereo; a 400 naming the seed when it is unfit. */
  private async checkSeed(smiles: string, which: 1 | 2): Promise<string> {
    const checked = await checkSmiles(smiles);
    if (!checked.ok) throw badRequest('transmolSeedInvalid', { which, detail: checked.error });
    if (checked.atoms > TRANSMOL_LIMITS.seedHeavyAtomsMax) {
      throw badRequest('transmolSeedTooLarge', { which, count: checked.atoms, max: TRANSMOL_LIMITS.seedHeavyAtomsMax });
    }
    const canonical = await canonicalSmiles(withoutStereo(smiles));
    if (canonical === null) throw badRequest('transmolSeedInvalid', { which, detail: 'RDKit cannot read it' });
    if (canonical.includes('.')) throw badRequest('transmolSeedSingleMolecule', { which });
    return canonical;
  }

  /** One TransMol job's molecules, sorted and paged (the latest finished job by default). */
  async projectResults(auth: AuthContext, projectId: number, q: TransMolResultQuery): Promise<TransMolResultList> {
    await this.access.require(auth, projectId, 'read');
    const job =
      q.job_id === undefined
        ? await this.jobs.latestFinished(auth, projectId, TRANSMOL_JOB_TYPE)
        : await this.transmolJob(auth, q.job_id, 'read', projectId);
    if (!job) return { job_id: null, seeds: null, sdf_file_id: null, csv_file_id: null, total: 0, items: [] };
    const provenance = provenanceOf(job);
    const rows = [...(provenance.details ?? [])];
    const direction = q.order === 'desc' ? -1 : 1;
    rows.sort((a, b) => (a[q.sort] - b[q.sort]) * direction || a.rank - b.rank);
    const offset = (q.page - 1) * q.limit;
    return {
      job_id: job.id,
      seeds: provenance.seeds ?? null,
      sdf_file_id: provenance.sdf_file_id ?? null,
      csv_file_id: provenance.csv_file_id ?? null,
      total: rows.length,
      items: rows.slice(offset, offset + q.limit),
    };
  }

  /**
   * The chosen molecules as one SDF project file: each embedded in 3D with hydrogens
   * (RDKit ETKDG, then MMFF94), ready for the docking wizard. A molecule that cannot be
   * embedded is left out and named; when none can, nothing is written.
   */
  async ligands(auth: AuthContext, jobId: number, input: TransMolLigandsRequest): Promise<TransMolLigandsResult> {
    const job = await this.transmolJob(auth, jobId, 'write');
    const byRank = new Map((provenanceOf(job).details ?? []).map((row) => [row.rank, row]));
    if (byRank.size === 0) throw badRequest('transmolJobNotFinished');
    const chosen: TransMolResultRow[] = [];
    for (const rank of new Set(input.ranks)) {
      const row = byRank.get(rank);
      if (!row) throw badRequest('transmolUnknownRank', { rank });
      chosen.push(row);
    }
    const records: string[] = [];
    const skipped: TransMolLigandsResult['skipped'] = [];
    // One embedding per molecule: a strained ring one cannot embed must not cost the others.
    for (const row of chosen) {
      try {
        records.push(await embedSmiles([`${row.smiles} ${row.filename}`]));
      } catch (error) {
        if (!(error instanceof ChemistryError)) throw error;
        skipped.push({ filename: row.filename, reason: error.detail });
      }
    }
    if (records.length === 0) throw badRequest('transmolLigandsFailed', { detail: skipped[0]?.reason ?? '' });
    const name = `${filePrefix(job.job_name ?? 'TransMol')}_${chosen.length === 1 ? chosen[0]!.filename : 'selected'}.sdf`;
    const [file] = await this.writer.createMany(job.project_id, auth.user.id, [
      { name, ext: 'sdf', content: Buffer.from(records.join('')) },
    ]);
    return { file_id: file!.id, name: file!.name, skipped };
  }

  private async transmolJob(auth: AuthContext, jobId: number, need: 'read' | 'write', projectId?: number) {
    const job = await this.jobs.requireJob(auth, jobId, need);
    // Another project's job reads as missing: its existence is not revealed.
    if (projectId !== undefined && job.project_id !== projectId) throw notFound('jobNotFound');
    if (job.job_type !== TRANSMOL_JOB_TYPE) throw badRequest('transmolNotTransmolJob');
    return job;
  }
}
