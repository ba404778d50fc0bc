import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScreeningJobParams } from '@medx/contract';
import { runProcess } from '../../../lib/process';
import type { ObjectStorage } from '../../../storage/object-storage';
import { culpritAnswer, culpritOf, outcomeOf, pause, runChunk, stagePrefix } from './chunk-runner';
import type { ScreeningRepository } from './screening.repository';

export interface ScreeningWorkerDeps {
  screening: ScreeningRepository;
  storage: ObjectStorage;
  /** Chunks this worker docks at once (one Vina core each). */
  slots: number;
  /** Ligands per claim. */
  chunkSize: number;
  /** The server takes back claims silent this long; the worker beats four times as often. */
  claimTimeoutMs: number;
  log: (line: string) => void;
  vina?: string;
  obabel?: string;
  /**
   * Only this screen, and stop when it has nothing left to claim (a Slurm array task runs a
   * worker so: `medx worker --job <id>`).
   */
  job?: number;
}

const IDLE_MS = 1000;

/**
 * `medx worker` (SCREEN_CHUNKS=workers): docks chunks of running screens on any machine
 * that reaches the database and the object storage, with no shared filesystem: the
 * receptor comes from storage, the ligands and their results go through the database.
 * It beats for its claims; a worker that dies stops beating and the server hands its
 * ligands to another. Results are written only under the worker's own live claim, so a
 * chunk docked twice (a worker thought dead that was only slow) writes each ligand once.
 */
export class ScreeningWorker {
  readonly id = `${hostname()}-${process.pid}-${randomUUID().slice(0, 6)}`;
  private readonly vina: string;
  private readonly obabel: string;
  private root = '';
  private chunks = 0;
  private readonly staged = new Map<number, Promise<string>>();

  constructor(private readonly deps: ScreeningWorkerDeps) {
    this.vina = deps.vina ?? process.env.MEDX_VINA ?? 'vina';
    this.obabel = deps.obabel ?? process.env.MEDX_OBABEL ?? 'obabel';
  }

  /** Works until the signal aborts; the chunks in flight are killed and their ligands released. */
  async run(signal: AbortSignal): Promise<void> {
    this.root = await mkdtemp(join(tmpdir(), 'medx-worker-'));
    this.deps.log(`worker ${this.id}: ${this.deps.slots} slots, ${this.deps.chunkSize} ligands per chunk`);
    try {
      await Promise.all(Array.from({ length: this.deps.slots }, () => this.slot(signal)));
    } finally {
      await rm(this.root, { recursive: true, force: true });
    }
  }

  private async slot(signal: AbortSignal): Promise<void> {
    const only = this.deps.job;
    while (!signal.aborted) {
      let worked = false;
      try {
        const jobId = only ?? (await this.deps.screening.nextStagedJob());
        if (jobId !== undefined) worked = await this.oneChunk(jobId, signal);
        // A worker for one screen ends when that screen has nothing left to claim.
        if (only !== undefined && !worked && (await this.deps.screening.nothingToClaim(only))) return;
      } catch (error) {
        // The database or the storage was unreachable (a restart): try again after a pause.
        this.deps.log(`worker ${this.id}: ${(error as Error).message}`);
      }
      if (!worked) await pause(IDLE_MS, signal);
    }
  }

  /** The job's receptor in a local folder, downloaded once per job. */
  private stage(jobId: number): Promise<string> {
    let staged = this.staged.get(jobId);
    if (!staged) {
      staged = (async () => {
        const dir = join(this.root, `job-${jobId}`);
        await mkdir(dir, { recursive: true });
        for (const name of ['receptor.pdbqt', 'receptor.pdb']) {
          await writeFile(join(dir, name), await this.deps.storage.getBuffer(`${stagePrefix(jobId)}/${name}`));
        }
        return dir;
      })();
      // A failed download is tried again by the next chunk.
      staged.catch(() => this.staged.delete(jobId));
      this.staged.set(jobId, staged);
    }
    return staged;
  }

  private async oneChunk(jobId: number, signal: AbortSignal): Promise<boolean> {
    const { screening } = this.deps;
    const raw = await screening.jobParams(jobId);
    if (!raw) return false;
    const params = ScreeningJobParams.parse(JSON.parse(raw));
    const dir = await this.stage(jobId);
    const n = ++this.chunks;
    const claim = `${this.id}:${n}`;
    const ligands = await screening.claim(jobId, claim, this.deps.chunkSize, new Date().toISOString());
    if (ligands.length === 0) return false;
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    // Beats for the claim; a job that is no longer running (cancelled, failed) stops the chunk.
    const beat = setInterval(() => {
      void (async () => {
        await screening.touchClaim(claim, new Date().toISOString());
        if ((await screening.jobStatus(jobId)) !== 'RUNNING') stop.abort();
      })().catch(() => {});
    }, this.deps.claimTimeoutMs / 4);
    try {
      const { missing, failure } = await runChunk({
        workDir: dir,
        name: `chunk_${n}`,
        ligands,
        params,
        vina: this.vina,
        obabel: this.obabel,
        execute: async (command, args, env) => {
          const result = await runProcess(command, args, { cwd: dir, env, signal: stop.signal, timeoutMs: 0 });
          if (result.cancelled) throw new Error('stopped');
          if (result.spawnError) throw result.spawnError;
          if (result.exitCode !== 0)
            throw new Error(`${command} exited with ${result.exitCode}: ${result.stderr.slice(-300)}`);
        },
        record: async (answer) => {
          await screening.finish(jobId, answer.index, claim, outcomeOf(answer), new Date().toISOString());
        },
      });
      if (missing.length > 0) {
        const culprit = stop.signal.aborted ? null : culpritOf(missing);
        if (culprit) {
          await screening.finish(
            jobId,
            culprit.idx,
            claim,
            outcomeOf(culpritAnswer(culprit, failure)),
            new Date().toISOString(),
          );
        }
        await screening.releaseRunning(jobId, claim);
      }
      this.deps.log(
        `worker ${this.id}: job ${jobId} chunk ${n}: ${ligands.length - missing.length} of ${ligands.length} ligands`,
      );
      return true;
    } finally {
      clearInterval(beat);
      signal.removeEventListener('abort', onAbort);
    }
  }
}
