import { randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ACTIVE_JOB_STATUSES,
  LIBRARY_FILE_TYPES,
  POSE_CHECKS,
  SCREENING_JOB_TYPE,
  SCREENING_LIMITS,
  type ScreeningExportQuery,
  type ScreeningJobParams,
  type ScreeningLigand,
  type ScreeningLigandDetail,
  type ScreeningLigandList,
  type ScreeningLigandQuery,
  type ScreeningRequest,
  type ScreeningSummary,
  VINA_SEED,
} from '@medx/contract';
import type { ScreeningLigandRecord } from '../../../db/schema';
import { badRequest, notFound } from '../../../http/app-error';
import type { AuthContext } from '../../../http/request-context';
import type { Clock } from '../../../lib/clock';
import type { ObjectStorage } from '../../../storage/object-storage';
import type { JobsService } from '../../jobs/jobs.service';
import type { ProjectAccess } from '../../projects/project-access';
import type { DockingService } from '../docking.service';
import { csvLayout, libraryFormatOf, streamLines } from './library-reader';
import type { ScreeningListRecord, ScreeningRepository } from './screening.repository';

const words = (text: string | null) => (text ? text.trim().split(/\s+/).filter(Boolean) : []);
const json = <T>(text: string | null, fallback: T): T => (text ? (JSON.parse(text) as T) : fallback);
const numberOrNull = (v: number | null) => (v === null ? null : Number(v));

function toLigand(row: ScreeningListRecord): ScreeningLigand {
  const checks = json<Record<string, boolean>>(row.checks, {});
  const details = json<Record<string, string>>(row.check_details, {});
  const known = (record: Record<string, unknown>) =>
    Object.fromEntries(POSE_CHECKS.filter((k) => k in record).map((k) => [k, record[k]]));
  return {
    index: row.idx,
    rank: row.rank,
    name: row.name,
    status: row.status,
    score: numberOrNull(row.score),
    error: row.error,
    active: row.active === null ? null : row.active === 1,
    smiles: row.smiles,
    mw: numberOrNull(row.mw),
    logp: numberOrNull(row.logp),
    hbd: row.hbd,
    hba: row.hba,
    rotatable_bonds: row.rotatable_bonds,
    heavy_atoms: row.heavy_atoms,
    valid: row.valid === null ? null : row.valid === 1,
    checks: known(checks) as ScreeningLigand['checks'],
    check_details: known(details) as ScreeningLigand['check_details'],
    residues: words(row.residues),
  };
}

/** Equal-width bin edges over [best, worst]; one bin of 1 kcal/mol around a single value. */
export function histogramEdges(best: number, worst: number, bins: number): number[] {
  if (!(worst > best)) return [best - 0.5, best + 0.5];
  const width = (worst - best) / bins;
  return Array.from({ length: bins + 1 }, (_, i) => (i === bins ? worst : best + i * width));
}

/** Ligands finished per hour between two instants (one decimal); null before any finished or any time passed. */
export function ligandsPerHour(finished: number, from: string, to: string): number | null {
  const seconds = (Date.parse(to) - Date.parse(from)) / 1000;
  if (!(finished > 0) || !(seconds > 0)) return null;
  return Math.round((finished / seconds) * 3600 * 10) / 10;
}

const CSV_COLUMNS = [
  'rank',
  'name',
  'score',
  'valid',
  'failed_checks',
  'smiles',
  'mw',
  'logp',
  'hbd',
  'hba',
  'rotatable_bonds',
  'heavy_atoms',
  'active',
  'residues',
] as const;

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  // Quoted when needed; a leading = + - @ is prefixed so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Screening: submission (validated before a job exists), progress, ligands, export. */
export class ScreeningService {
  constructor(
    private readonly screening: ScreeningRepository,
    private readonly storage: ObjectStorage,
    private readonly access: ProjectAccess,
    private readonly jobs: JobsService,
    private readonly docking: DockingService,
    private readonly clock: Clock,
  ) {}

  async submit(auth: AuthContext, input: ScreeningRequest): Promise<number> {
    await this.access.require(auth, input.project_id, 'write');
    await this.docking.checkProtein(input.project_id, input.protein_id);
    const { library } = input;
    const ids = [...library.file_ids, ...library.actives_file_ids, ...library.decoys_file_ids];
    let csvFiles = 0;
    for (const id of ids) {
      const file = await this.docking.fileOfProject(id, input.project_id);
      const format = libraryFormatOf(file.file_type);
      if (!format || !(LIBRARY_FILE_TYPES as readonly string[]).includes(file.file_type.toUpperCase())) {
        throw badRequest('screeningLibraryType', { name: file.name });
      }
      if (format !== 'csv') continue;
      csvFiles++;
      // The header is read now, so a wrong column name is refused before a job exists.
      const stream = await this.storage.get(file.storage_key);
      let header = '';
      for await (const line of streamLines(stream, SCREENING_LIMITS.recordBytesMax)) {
        header = line.text;
        break;
      }
      stream.destroy();
      const layout = csvLayout(header, {
        smiles: library.smiles_column,
        name: library.name_column,
        activity: library.activity_column,
      });
      if ('kind' in layout) {
        throw layout.kind === 'noSmiles'
          ? badRequest('screeningNoSmilesColumn', { name: file.name })
          : badRequest('screeningColumnMissing', { name: file.name, column: layout.column });
      }
    }
    if (library.activity_column && csvFiles === 0) throw badRequest('screeningActivityNeedsCsv');
    const params: ScreeningJobParams = {
      ...input,
      settings: { ...input.settings, seed: input.settings.seed ?? randomInt(VINA_SEED.min, VINA_SEED.max) },
    };
    return this.jobs.submit(auth, input.project_id, SCREENING_JOB_TYPE, params.settings.job_name, params);
  }

  private async requireScreen(auth: AuthContext, jobId: number) {
    const job = await this.jobs.requireJob(auth, jobId, 'read');
    if (job.job_type !== SCREENING_JOB_TYPE) throw badRequest('screeningNotScreeningJob');
    return job;
  }

  async summary(auth: AuthContext, jobId: number): Promise<ScreeningSummary> {
    const job = await this.requireScreen(auth, jobId);
    const state = await this.screening.jobState(jobId);
    const counts = await this.screening.counts(jobId);
    const stats = await this.screening.doneStats(jobId);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const edges =
      stats.best === null || stats.worst === null
        ? []
        : histogramEdges(stats.best, stats.worst, SCREENING_LIMITS.histogramBins);
    const bins = await this.screening.histogram(jobId, edges);
    const finished = counts.DONE + counts.FAILED;
    const active = ACTIVE_JOB_STATUSES.includes(job.status);
    const perHour = state?.first_started_at
      ? ligandsPerHour(
          finished,
          state.first_started_at,
          active ? this.clock.now().toISOString() : (stats.last ?? state.updated_at),
        )
      : null;
    const left = counts.PENDING + counts.RUNNING;
    return {
      job_id: jobId,
      total,
      counts,
      valid: stats.valid,
      per_hour: perHour,
      eta_seconds: active && perHour && left > 0 ? Math.round((left / perHour) * 3600) : null,
      best_score: stats.best,
      histogram: bins.map((count, i) => ({ from: edges[i]!, to: edges[i + 1]!, count })),
      enrichment: state?.enrichment ? JSON.parse(state.enrichment) : null,
      has_activity: state?.has_activity === 1,
      receptor_file_id: state?.receptor_file_id ?? null,
    };
  }

  async ligands(auth: AuthContext, jobId: number, q: ScreeningLigandQuery): Promise<ScreeningLigandList> {
    await this.requireScreen(auth, jobId);
    const { page, limit, sort, order, ...filter } = q;
    const { total, items } = await this.screening.list(jobId, filter, sort, order, page, limit);
    return { total, items: items.map(toLigand) };
  }

  async ligand(auth: AuthContext, jobId: number, index: number): Promise<ScreeningLigandDetail> {
    await this.requireScreen(auth, jobId);
    const row = await this.screening.ligand(jobId, index);
    if (!row) throw notFound('screeningLigandNotFound', { index });
    const state = await this.screening.jobState(jobId);
    const rank =
      row.status === 'DONE' && row.score !== null ? await this.screening.rankOf(jobId, Number(row.score)) : null;
    return {
      ...toLigand({ ...row, rank }),
      pose_sdf: row.pose_sdf,
      receptor_file_id: state?.receptor_file_id ?? null,
    };
  }

  /** The best `top` docked ligands passing the filter, as one SDF (poses with their data items) or a CSV. */
  async export(
    auth: AuthContext,
    jobId: number,
    q: ScreeningExportQuery,
  ): Promise<{ name: string; contentType: string; body: Readable }> {
    const job = await this.requireScreen(auth, jobId);
    const { format, top, ...filter } = q;
    const rows = this.screening.exportRows(jobId, filter, top);
    const base = `${job.job_name || 'screening'}_${jobId}`.replace(/[^\w.-]+/g, '_');
    async function* sdf() {
      let rank = 0;
      for await (const row of rows) {
        rank++;
        if (row.pose_sdf) yield withRank(row.pose_sdf, rank, row);
      }
    }
    async function* csv() {
      yield `${CSV_COLUMNS.join(',')}\n`;
      let rank = 0;
      for await (const row of rows) {
        rank++;
        const values: Record<(typeof CSV_COLUMNS)[number], unknown> = {
          rank,
          name: row.name,
          score: row.score,
          valid: row.valid === null ? '' : row.valid === 1,
          failed_checks: words(row.failed_checks).join(' '),
          smiles: row.smiles,
          mw: row.mw,
          logp: row.logp,
          hbd: row.hbd,
          hba: row.hba,
          rotatable_bonds: row.rotatable_bonds,
          heavy_atoms: row.heavy_atoms,
          active: row.active === null ? '' : row.active === 1,
          residues: words(row.residues).join(' '),
        };
        yield `${CSV_COLUMNS.map((c) => csvCell(values[c])).join(',')}\n`;
      }
    }
    return format === 'sdf'
      ? { name: `${base}_top${top}.sdf`, contentType: 'chemical/x-mdl-sdfile', body: Readable.from(sdf()) }
      : { name: `${base}_top${top}.csv`, contentType: 'text/csv; charset=utf-8', body: Readable.from(csv()) };
  }
}

/** The pose record with its rank as a data item (before the record's end). */
function withRank(sdf: string, rank: number, row: ScreeningLigandRecord): string {
  const end = sdf.lastIndexOf('$$$$');
  const head = end >= 0 ? sdf.slice(0, end) : `${sdf.trimEnd()}\n`;
  const items = [`>  <rank>\n${rank}\n`, row.active === null ? '' : `>  <active>\n${row.active}\n`]
    .filter(Boolean)
    .map((i) => `${i}\n`)
    .join('');
  return `${head}${items}$$$$\n`;
}
