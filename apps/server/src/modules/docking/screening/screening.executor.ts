import { createHash, randomUUID } from 'node:crypto';
import { open, readFile, writeFile } from 'node:fs/promises';
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
import { libraryFormatOf, libraryRecords, UniqueNames } from './library-reader';
import type { LigandOutcome, ScreeningRepository } from './screening.repository';

export interface ScreeningExecutorDeps {
  screening: ScreeningRepository;
  files: FilesRepository;
  storage: ObjectStorage;
  clock: Clock;
  vina?: string;
  obabel?: string;
  /** Chunks run at once on this machine (default: one per core, Vina on one core each). */
  parallel?: number;
}

/** A ligand the chunk program has reported (medx_chem/screen_chunk.py). */
interface ChunkAnswer {
  index: number;
  ok: boolean;
  error?: string | null;
  score?: number;
  pose_sdf?: string;
  smiles?: string;
  mw?: number;
  logp?: number;
  hbd?: number;
  hba?: number;
  rotatable_bonds?: number;
  heavy_atoms?: number;
  valid?: boolean;
  checks?: Record<string, boolean>;
  details?: Record<string, string>;
  residues?: string[];
}

/** Attempts at a ligand whose chunk keeps dying before reporting it: then it is failed. */
const MAX_ATTEMPTS = 3;
const CHUNK_MAX = 16;
const ENUMERATE_BATCH = 500;
const ROC_POINTS = 200;
const TOP_DETAILS = 100;

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const spaced = (words: readonly string[]) => (words.length ? ` ${words.join(' ')} ` : null);

/** The row of a reported ligand. */
export function outcomeOf(answer: ChunkAnswer): LigandOutcome {
  const properties = {
    smiles: answer.smiles ?? null,
    mw: answer.mw ?? null,
    logp: answer.logp ?? null,
    hbd: answer.hbd ?? null,
    hba: answer.hba ?? null,
    rotatable_bonds: answer.rotatable_bonds ?? null,
    heavy_atoms: answer.heavy_atoms ?? null,
  };
  if (!answer.ok || answer.score === undefined) {
    return { status: 'FAILED', error: answer.error || 'The ligand could not be docked.', ...properties };
  }
  const checks = answer.checks ?? {};
  return {
    status: 'DONE',
    error: null,
    score: answer.score,
    ...properties,
    valid: answer.valid ? 1 : 0,
    checks: JSON.stringify(checks),
    failed_checks: spaced(Object.keys(checks).filter((k) => !checks[k])),
    check_details: JSON.stringify(answer.details ?? {}),
    residues: spaced(answer.residues ?? []),
    pose_sdf: answer.pose_sdf ?? null,
  };
}

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
    // Rows a stopped run left RUNNING were never written: they run again.
    const released = await screening.releaseRunning(job.id);
    if (released > 0) await ctx.log(`${released} ligands of an interrupted run are pending again.\n`);

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

    const parallel = Math.max(1, deps.parallel ?? Number(process.env.MEDX_SCREEN_PARALLEL || availableParallelism()));
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

    const runChunk = async (ligands: ScreeningLigandRecord[], claim: string, n: number) => {
      const name = `chunk_${n}`;
      const results = join(ctx.workDir, `${name}.jsonl`);
      await writeFile(results, '');
      await writeFile(
        join(ctx.workDir, `${name}.json`),
        JSON.stringify({
          receptor: 'receptor.pdbqt',
          protein: 'receptor.pdb',
          box: params.pocket,
          settings: { ...params.settings, cpu: 1, num_modes: 9 },
          vina,
          obabel,
          heavy_atoms_max: SCREENING_LIMITS.heavyAtomsMax,
          dir: name,
          results: `${name}.jsonl`,
          ligands: ligands.map((l) => ({ index: l.idx, name: l.name, format: l.source_format, source: l.source })),
        }),
      );
      const reported = new Set<number>();
      let offset = 0;
      // Reads the lines the program has completed since the last read, and records them.
      const drain = async () => {
        const handle = await open(results, 'r');
        try {
          const { size } = await handle.stat();
          if (size <= offset) return;
          const buffer = Buffer.alloc(size - offset);
          await handle.read(buffer, 0, buffer.length, offset);
          const text = buffer.toString('utf8');
          const end = text.lastIndexOf('\n');
          if (end < 0) return;
          offset += Buffer.byteLength(text.slice(0, end + 1));
          for (const line of text.slice(0, end).split('\n')) {
            if (!line.trim()) continue;
            const answer = JSON.parse(line) as ChunkAnswer;
            if (reported.has(answer.index)) continue;
            reported.add(answer.index);
            await record(claim, answer);
          }
        } finally {
          await handle.close();
        }
      };
      let draining = Promise.resolve();
      const timer = setInterval(() => {
        draining = draining.then(drain).catch(() => {});
      }, 500);
      const program = pythonCommand('screen_chunk', `${name}.json`, `${name}.out.json`);
      let failure: string | null = null;
      try {
        await ctx.run(program.command, program.args, { env: program.env });
      } catch (error) {
        ctx.throwIfCancelled();
        failure = (error as Error).message.slice(0, 300);
      } finally {
        clearInterval(timer);
        await draining;
      }
      await drain();
      const missing = ligands.filter((l) => !reported.has(l.idx));
      if (missing.length === 0) return;
      // The program died inside the first unreported ligand: that one is the culprit once it
      // has had its attempts; the others never started and run again in another chunk.
      const [culprit, ...rest] = missing;
      if (culprit && culprit.attempts >= MAX_ATTEMPTS) {
        await record(claim, {
          index: culprit.idx,
          ok: false,
          error: `The screening program stopped on this ligand ${MAX_ATTEMPTS} times: ${failure ?? 'no answer'}`,
        });
      } else if (culprit) {
        rest.unshift(culprit);
      }
      if (rest.length > 0) await screening.releaseRunning(job.id, claim);
      await ctx.log(`${name}: ${failure ?? 'ended early'}; ${rest.length} ligands pending again.\n`);
    };

    const slot = async () => {
      for (;;) {
        ctx.throwIfCancelled();
        const n = ++chunkNo;
        const claim = `${runId}:${n}`;
        const ligands = await screening.claim(job.id, claim, chunkSize, now());
        if (ligands.length === 0) return;
        await runChunk(ligands, claim, n);
      }
    };
    try {
      await Promise.all(Array.from({ length: parallel }, slot));
    } finally {
      // A cancelled screen keeps its finished rows; the ligands in flight are pending again.
      if (ctx.signal.aborted) await screening.releaseRunning(job.id);
    }
    await progress(true);

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
