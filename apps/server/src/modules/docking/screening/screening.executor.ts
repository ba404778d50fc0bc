import { createHash, randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import {
  type SCREENING_JOB_TYPE,
  SCREENING_LIMITS,
  type ScreeningEnrichment,
  type ScreeningJobParams,
} from '@medx/contract';
import { pythonCommand, pythonModule } from '../../../chem/python';
import { safeName } from '../../../chem/text';
import type { NewScreeningLigandRecord, ScreeningLigandRecord } from '../../../db/schema';
import type { JobContext } from '../../../jobs/job-context';
import { type Clock, iso } from '../../../lib/clock';
import type { ExecutorOf } from '../../../platform';
import type { ObjectStorage } from '../../../storage/object-storage';
import type { FilesRepository } from '../../files/files.repository';
import { prepareReceptor } from '../receptor-preparation';
import { type ChunkAnswer, culpritAnswer, culpritOf, outcomeOf, pause, runChunk, stagePrefix } from './chunk-runner';
import { libraryFormatOf, libraryRecords, UniqueNames } from './library-reader';
import type { ScreeningRepository } from './screening.repository';
import { SlurmArray, type SlurmSettings } from './slurm-array';

const FOLLOW_MS = 1000;
/** How long a screen followed from the database waits for it to come back before it fails. */
const DATABASE_OUTAGE_MS = 10 * 60_000;
const SLURM_CHECK_MS = 5000;
/** Arrays submitted in a row that dock nothing before the job fails. */
const SLURM_IDLE_SUBMISSIONS = 2;

export interface ScreeningExecutorDeps {
  screening: ScreeningRepository;
  files: FilesRepository;
  storage: ObjectStorage;
  clock: Clock;
  vina?: string;
  obabel?: string;
  /** Chunks run at once on this machine (default: one per core, Vina on one core each). */
  parallel?: number;
  /** 'local' (this server), 'workers' (`medx worker` processes) or 'slurm' (array jobs of workers): SCREEN_CHUNKS. */
  mode?: 'local' | 'workers' | 'slurm';
  slurm?: SlurmSettings;
  /** A worker's claim without a heartbeat for this long is taken back (SCREEN_CLAIM_TIMEOUT_SECONDS). */
  claimTimeoutMs?: number;
}

const CHUNK_MAX = 16;
const ENUMERATE_BATCH = 500;
const ROC_POINTS = 200;
const TOP_DETAILS = 100;

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** At most `n` points of a curve, evenly spaced along it, ends kept. */
export function thinCurve(points: [number, number][], n: number): [number, number][] {
  if (points.length <= n) return points;
  const step = (points.length - 1) / (n - 1);
  return Array.from({ length: n }, (_, i) => points[Math.round(i * step)]!);
}

/**
 * The SCREENING executor: the library is read once into one row per ligand; the receptor
 * is prepared once; then chunks of pending ligands run in parallel (one Vina core each),
 * every ligand's result written as the chunk program reports it. A restarted job goes on
 * from the rows: finished ligands are never docked again.
 */
export function screeningExecutor(deps: ScreeningExecutorDeps): ExecutorOf<typeof SCREENING_JOB_TYPE> {
  const vina = deps.vina ?? process.env.MEDX_VINA ?? 'vina';
  const obabel = deps.obabel ?? process.env.MEDX_OBABEL ?? 'obabel';
  const { screening } = deps;

  return async (ctx) => {
    const { params, job } = ctx;
    const now = () => iso(deps.clock.now());
    let state = await screening.ensureJobState(job.id, job.project_id, now());
    if (!state.enumerated) await enumerate(ctx, params, deps);
    state = (await screening.jobState(job.id))!;
    if (!state.first_started_at) await screening.updateJobState(job.id, { first_started_at: now(), updated_at: now() });
    // Rows this server's stopped run left RUNNING were never written: they run again. Workers'
    // rows are theirs while they beat (followWorkers takes back the silent ones).
    if ((deps.mode ?? 'local') === 'local') {
      const released = await screening.releaseRunning(job.id);
      if (released > 0) await ctx.log(`${released} ligands of an interrupted run are pending again.\n`);
    }

    let vinaVersion = '';
    await ctx.run(vina, ['--version'], {
      onOutput: (t) => {
        vinaVersion += t;
      },
    });
    vinaVersion = vinaVersion.trim().split('\n').pop() ?? '';

    // The receptor, prepared once per job (a restart reuses the stored one).
    const reuse =
      state.receptor_file_id && state.receptor_sha256
        ? { file_id: state.receptor_file_id, sha256: state.receptor_sha256 }
        : undefined;
    const receptor = await prepareReceptor(deps, ctx.workDir, params.protein_id, reuse, (args) =>
      ctx.run(obabel, args, { env: { ...process.env, OMP_NUM_THREADS: '1' } }),
    );
    if (!receptor.reused) {
      const fileId = await ctx.output(
        `${safeName(receptor.protein.name.replace(/\.[^.]+$/, ''), 'receptor')}_prepared.pdbqt`,
        'pdbqt',
        receptor.pdbqt,
      );
      await screening.updateJobState(job.id, {
        receptor_file_id: fileId,
        receptor_sha256: sha256(receptor.pdbqt),
        updated_at: now(),
      });
    }
    await writeFile(join(ctx.workDir, 'receptor.pdb'), receptor.receptorPdb);

    const parallel = deps.parallel ?? availableParallelism();
    const counts = await screening.counts(job.id);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    let finished = counts.DONE + counts.FAILED;
    let lastProgress = 0;
    const progress = async (force = false) => {
      if (!force && Date.now() - lastProgress < 1000) return;
      lastProgress = Date.now();
      await ctx.progress(finished, total);
    };
    await progress(true);
    const chunkSize = Math.max(1, Math.min(CHUNK_MAX, Math.ceil(counts.PENDING / (parallel * 4))));
    const runId = randomUUID().slice(0, 8);
    let chunkNo = 0;

    const record = async (claim: string, answer: ChunkAnswer) => {
      if (await screening.finish(job.id, answer.index, claim, outcomeOf(answer), now())) {
        finished++;
        await ctx.checkpoint();
      }
      await progress();
    };

    const dockChunk = async (ligands: ScreeningLigandRecord[], claim: string, n: number) => {
      const { missing, failure } = await runChunk({
        workDir: ctx.workDir,
        name: `chunk_${n}`,
        ligands,
        params,
        vina,
        obabel,
        execute: (command, args, env) => ctx.run(command, args, { env }),
        record: (answer) => record(claim, answer),
      });
      ctx.throwIfCancelled();
      if (missing.length === 0) return;
      const culprit = culpritOf(missing);
      if (culprit) await record(claim, culpritAnswer(culprit, failure));
      const again = await screening.releaseRunning(job.id, claim);
      await ctx.log(`chunk_${n}: ${failure ?? 'ended early'}; ${again} ligands pending again.\n`);
    };

    // SCREEN_CHUNKS=workers: the receptor goes to object storage, `medx worker` processes
    // dock the chunks (screening-worker.ts), and the job follows the rows, taking back the
    // claims of a worker that stopped beating.
    const followWorkers = async (each?: (pending: number) => Promise<void>) => {
      await deps.storage.put(`${stagePrefix(job.id)}/receptor.pdbqt`, receptor.pdbqt);
      await deps.storage.put(`${stagePrefix(job.id)}/receptor.pdb`, Buffer.from(receptor.receptorPdb));
      await screening.updateJobState(job.id, { staged: 1, updated_at: now() });
      const claimTimeout = deps.claimTimeoutMs ?? 60_000;
      // The database may go away for a while (a PostgreSQL restart or failover): the workers
      // wait and reconnect, and so does this loop, up to DATABASE_OUTAGE_MS.
      let outage: { since: number; error: Error } | null = null;
      for (;;) {
        ctx.throwIfCancelled();
        let left = 0;
        try {
          const released = await screening.releaseStale(job.id, new Date(Date.now() - claimTimeout).toISOString());
          if (outage) {
            const seconds = Math.round((Date.now() - outage.since) / 1000);
            await ctx.log(`The database was unreachable for about ${seconds} s (${outage.error.message}); going on.\n`);
            outage = null;
          }
          if (released > 0) await ctx.log(`${released} ligands of a worker that stopped are pending again.\n`);
          const c = await screening.counts(job.id);
          if (c.DONE + c.FAILED > finished) {
            finished = c.DONE + c.FAILED;
            await ctx.checkpoint();
          }
          await progress();
          if (c.PENDING + c.RUNNING === 0) return;
          left = c.PENDING + c.RUNNING;
        } catch (error) {
          if (ctx.signal.aborted) throw error;
          outage ??= { since: Date.now(), error: error as Error };
          if (Date.now() - outage.since > DATABASE_OUTAGE_MS) throw error;
        }
        // Slurm's own failures are not the database's: they fail the job at once.
        if (left > 0) await each?.(left);
        await pause(FOLLOW_MS, ctx.signal);
      }
    };

    // SCREEN_CHUNKS=slurm: the workers are Slurm array tasks for this screen; an array whose
    // tasks all ended while ligands are left (tasks killed, a node lost) is submitted again.
    let array: SlurmArray | null = null;
    const slurmSubmissions: string[] = [];
    const followSlurm = async () => {
      const settings = deps.slurm ?? { tasks: 4, chunkSize: 4 };
      const submit = async (left: number) => {
        const tasks = Math.min(settings.tasks, Math.max(1, Math.ceil(left / settings.chunkSize)));
        const command = [
          process.execPath,
          ...process.execArgv,
          process.argv[1] ?? 'main.js',
          'worker',
          '--job',
          String(job.id),
        ];
        array = await SlurmArray.submit(settings, ctx.workDir, job.id, tasks, command);
        slurmSubmissions.push(array.id);
        await ctx.log(`Slurm array job ${array.id}: ${tasks} tasks.\n`);
      };
      let lastCheck = 0;
      let idleSubmissions = 0;
      let finishedAtSubmit = finished;
      await followWorkers(async (left) => {
        if (!array) return submit(left);
        if (Date.now() - lastCheck < SLURM_CHECK_MS) return;
        lastCheck = Date.now();
        if ((await array.active()) > 0) return;
        // Every task ended and ligands are left: again, unless the last array got nothing done.
        idleSubmissions = finished > finishedAtSubmit ? 0 : idleSubmissions + 1;
        if (idleSubmissions > SLURM_IDLE_SUBMISSIONS) {
          throw new Error(
            `The Slurm tasks of arrays ${slurmSubmissions.join(', ')} ended without docking the ligands left.`,
          );
        }
        finishedAtSubmit = finished;
        await submit(left);
      });
    };

    const slot = async () => {
      for (;;) {
        ctx.throwIfCancelled();
        const n = ++chunkNo;
        const claim = `${runId}:${n}`;
        const ligands = await screening.claim(job.id, claim, chunkSize, now());
        if (ligands.length === 0) return;
        await dockChunk(ligands, claim, n);
      }
    };
    try {
      if (deps.mode === 'workers') await followWorkers();
      else if (deps.mode === 'slurm') await followSlurm();
      else await Promise.all(Array.from({ length: parallel }, slot));
    } finally {
      const submitted = array as SlurmArray | null;
      if (submitted)
        await submitted.cancel().catch((error: Error) => ctx.log(`scancel: ${error.message}\n`).catch(() => {}));
      // A cancelled screen keeps its finished rows; the ligands in flight are pending again.
      if (ctx.signal.aborted) await screening.releaseRunning(job.id);
      if (deps.mode === 'workers' || deps.mode === 'slurm') {
        await screening.updateJobState(job.id, { staged: 0, updated_at: now() });
        await deps.storage.deletePrefix(stagePrefix(job.id)).catch(() => 0);
      }
    }
    await progress(true);

    await screening.writeRanks(job.id);
    const end = await screening.counts(job.id);
    const enrichment = await enrichmentOf(ctx, screening);
    if (enrichment) {
      await screening.updateJobState(job.id, { enrichment: JSON.stringify(enrichment), updated_at: now() });
    }
    const best = await screening.best(job.id, TOP_DETAILS);
    await ctx.provenance({
      request: params,
      vina_version: vinaVersion,
      seed: params.settings.seed,
      parallel,
      chunk_size: chunkSize,
      receptor: receptor.preparation,
      inputs: {
        protein: { file_id: receptor.protein.id, name: receptor.protein.name, sha256: sha256(receptor.proteinBuffer) },
      },
      programs: { screen_chunk: pythonModule('screen_chunk').sha256, enrichment: pythonModule('enrichment').sha256 },
      counts: end,
      ...(slurmSubmissions.length ? { slurm_arrays: slurmSubmissions } : {}),
      enrichment,
      details: best.map((r, i) => ({
        rank: i + 1,
        name: r.name,
        score: Number(r.score),
        valid: r.valid === null ? null : r.valid === 1,
      })),
    });
    if (end.DONE === 0)
      throw new Error(`Every ligand failed (${end.FAILED}); see the screening results for the reasons.`);
  };
}

/** Reads the library into one PENDING row per molecule (FAILED at once when its record is unusable). */
async function enumerate(ctx: JobContext, params: ScreeningJobParams, deps: ScreeningExecutorDeps) {
  const { screening, files, storage } = deps;
  const job = ctx.job;
  await screening.deleteLigands(job.id);
  const names = new UniqueNames();
  const sources: { id: number; role?: 'active' | 'decoy' }[] = [
    ...params.library.file_ids.map((id) => ({ id })),
    ...params.library.actives_file_ids.map((id) => ({ id, role: 'active' as const })),
    ...params.library.decoys_file_ids.map((id) => ({ id, role: 'decoy' as const })),
  ];
  let idx = 0;
  let hasActivity = false;
  let batch: NewScreeningLigandRecord[] = [];
  const flush = async () => {
    await screening.insertLigands(batch);
    batch = [];
  };
  for (const source of sources) {
    const file = await files.findById(source.id);
    const format = file ? libraryFormatOf(file.file_type) : null;
    if (!file || !format) throw new Error(`The library file ${source.id} no longer exists.`);
    const stream = await storage.get(file.storage_key);
    const records = libraryRecords(stream, format, file.name, {
      role: source.role,
      columns: {
        smiles: params.library.smiles_column,
        name: params.library.name_column,
        activity: params.library.activity_column,
      },
    });
    try {
      for await (const r of records) {
        ctx.throwIfCancelled();
        if (idx >= SCREENING_LIMITS.moleculesMax) {
          throw new Error(`The library has more than ${SCREENING_LIMITS.moleculesMax} molecules.`);
        }
        if (r.active !== null) hasActivity = true;
        batch.push({
          job_id: job.id,
          idx: idx++,
          name: names.next(r.name),
          source_format: r.format,
          source: r.source,
          active: r.active === null ? null : r.active ? 1 : 0,
          status: r.error ? 'FAILED' : 'PENDING',
          error: r.error ?? null,
          finished_at: r.error ? iso(deps.clock.now()) : null,
        });
        if (batch.length >= ENUMERATE_BATCH) await flush();
      }
    } catch (error) {
      stream.destroy();
      throw error instanceof Error && /^no (SMILES )?column/.test(error.message)
        ? new Error(`The CSV file ${file.name} has ${error.message}.`)
        : error;
    }
  }
  await flush();
  if (idx === 0) throw new Error('The library has no molecules.');
  await screening.updateJobState(job.id, {
    enumerated: 1,
    total: idx,
    has_activity: hasActivity ? 1 : 0,
    updated_at: iso(deps.clock.now()),
  });
  await ctx.log(`The library holds ${idx} molecules.\n`);
}

/** ROC AUC, EF1%, EF5%, BEDROC of the ranking when the library marks actives and decoys (medx_chem.enrichment). */
async function enrichmentOf(ctx: JobContext, screening: ScreeningRepository): Promise<ScreeningEnrichment | null> {
  const labelled = await screening.labelled(ctx.job.id);
  const actives = labelled.filter((r) => r.active === 1).length;
  if (actives === 0 || actives === labelled.length) return null;
  await writeFile(
    join(ctx.workDir, 'enrichment.json'),
    JSON.stringify({
      records: labelled.map((r) => ({ name: String(r.idx).padStart(8, '0'), score: r.score, active: r.active === 1 })),
    }),
  );
  const program = pythonCommand('enrichment', 'enrichment.json', 'enrichment_out.json');
  await ctx.run(program.command, program.args, { env: program.env });
  const answer = JSON.parse(await readFile(join(ctx.workDir, 'enrichment_out.json'), 'utf8')) as {
    actives: number;
    total: number;
    roc_auc: number;
    ef1: number;
    ef5: number;
    bedroc: number;
    roc: [number, number][];
  };
  return {
    actives: answer.actives,
    decoys: answer.total - answer.actives,
    roc_auc: answer.roc_auc,
    ef1: answer.ef1,
    ef5: answer.ef5,
    bedroc: answer.bedroc,
    roc: thinCurve(answer.roc, ROC_POINTS),
  };
}
