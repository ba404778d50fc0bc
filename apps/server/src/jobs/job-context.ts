import type { JobTypeDefinition } from '@medx/contract';
import type { z } from 'zod';
import type { JobRow } from '../db/schema';

/** Job types the engine runs: type name → schemas of params and result (the contract's JOB_TYPES). */
export type JobRegistry = Readonly<Record<string, JobTypeDefinition>>;

/** Thrown into an executor's tool call when its job was cancelled. */
export class JobCancelledError extends Error {
  constructor() {
    super('cancelled');
  }
}

/** What an executor records about its run: anything, plus its result rows (typed per job type). */
export type JobProvenance<D extends JobTypeDefinition> = Record<string, unknown> & { details?: z.output<D['result']> };

/**
 * What an executor gets to do its work: typed params, a private directory, tools, the log,
 * outputs. D is the job type's definition in the registry.
 */
export interface JobContext<D extends JobTypeDefinition = JobTypeDefinition> {
  job: JobRow;
  /** The row's params, validated by the registry's schema of the job's type. */
  params: z.output<D['params']>;
  workDir: string;
  signal: AbortSignal;
  /**
   * Throws JobCancelledError once the job is cancelled. For executors between steps, and
   * after a helper failed: a program killed by the cancel makes its helper fail, and that
   * failure must not be recorded as the ligand's or the job's.
   */
  throwIfCancelled(): void;
  log(text: string): Promise<void>;
  /**
   * Runs a tool in the job's directory; its output goes to the job log (and to
   * `onOutput`, for executors that read progress or errors from it). Non-zero exit
   * throws; a cancelled job throws JobCancelledError. Every other program started
   * while the executor runs (Open Babel inside a chemistry helper, say) belongs to the
   * job as well: it is killed on cancel (lib/process.ts, process scopes). `env` is the
   * program's whole environment (default: the server's), e.g. chem/python.ts's PYTHONPATH.
   */
  run(
    command: string,
    args: readonly string[],
    options?: { stdin?: string; onOutput?: (text: string) => void; timeoutMs?: number; env?: NodeJS.ProcessEnv },
  ): Promise<void>;
  /**
   * As `run`, but a non-zero exit is the caller's to judge (Galaxy tools: their <stdio>
   * rules decide failure): answers the exit code and the whole stdout and stderr.
   * Cancel, a time limit and a program that cannot start still throw.
   */
  execute(
    command: string,
    args: readonly string[],
    options?: { env?: NodeJS.ProcessEnv; timeoutMs?: number },
  ): Promise<{ exitCode: number | null; signal: string | null; stdout: string; stderr: string }>;
  progress(done: number, total: number): Promise<void>;
  /**
   * Says that the work done so far is kept (rows written as they finish) and a run after a
   * crash or restart goes on from it. The runner then counts this attempt as a fresh start:
   * its limit on runs after restarts (MAX_ATTEMPTS) is for attempts that keep nothing, so a
   * long screen survives any number of restarts as long as each one gets further.
   */
  checkpoint(): Promise<void>;
  /** Records provenance; `details` is checked against the job type's result schema. */
  provenance(data: JobProvenance<D>): Promise<void>;
  /**
   * Stores an output as a project file marked as this job's result. Outputs stay out of the
   * Entry List unless `showEntry` (a prepared structure is meant to be used next; docking
   * poses are reached through the result table).
   */
  output(name: string, ext: string, content: Buffer | string, options?: { showEntry?: boolean }): Promise<number>;
}

export type Executor<D extends JobTypeDefinition = JobTypeDefinition> = (ctx: JobContext<D>) => Promise<void>;

/** Where the engine keeps jobs: implemented by the jobs module's repository. */
export interface JobStore {
  findById(id: number): Promise<JobRow | undefined>;
  transition(
    id: number,
    from: JobRow['status'][],
    patch: Partial<JobRow> & { status: JobRow['status'] },
  ): Promise<boolean>;
  update(id: number, patch: Partial<JobRow>): Promise<void>;
  appendLog(id: number, text: string): Promise<void>;
  /**
   * Jobs left active by a runner other than the given one (a crash or restart). With
   * `staleBefore` (several runners share the queue), only those no live runner holds: queued ones (runner_id null) and those whose heartbeat is older than that time.
   */
  orphans(runnerId: string, staleBefore?: string): Promise<JobRow[]>;
}

/** Where a job's outputs go: implemented by the files module (a project file per output). */
export interface JobOutputSink {
  store(
    job: Pick<JobRow, 'id' | 'project_id' | 'user_id'>,
    output: { name: string; ext: string; content: Buffer; showEntry: boolean },
  ): Promise<number>;
}
