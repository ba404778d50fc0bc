import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { JobTypeDefinition } from '@medx/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRow } from '../db/schema';
import { type Clock, iso } from '../lib/clock';
import { failureOf, runProcess, withProcessScope } from '../lib/process';
import { makeTempFolder, removeStaleTempFolders } from '../lib/temp-folders';
import {
  type Executor,
  JobCancelledError,
  type JobContext,
  type JobOutputSink,
  type JobProvenance,
  type JobRegistry,
  type JobStore,
} from './job-context';
import type { JobQueue } from './job-queue';

/** Answers why a job may not start now, or null to let it run. */
export type StartGate = (job: JobRow, lane: string) => Promise<string | null>;

/** How many times a job interrupted by a crash or restart is run again before it fails. */
export const MAX_ATTEMPTS = 2;
const HEARTBEAT_MS = 10_000;
/** A tool run inside a job has no time limit of its own by default: the job may be long. */
const TOOL_TIMEOUT_MS = 0;

/**
 * Runs jobs: claims a PRE_PROCESSING row, runs its executor in a fresh working
 * directory, and records the outcome. Cancel aborts the executor and kills every
 * program it started. Jobs another runner left active are recovered at start-up.
 *
 * The runner knows no job type of its own: it is given a registry (type → schemas of
 * params and result), executors are registered by the features that own them, and a
 * row's params are validated by its type's schema before the executor sees them.
 */
export class JobRunner {
  readonly runnerId = randomUUID();
  private readonly executors = new Map<string, Executor>();
  private readonly active = new Map<number, { controller: AbortController; pids: Set<number> }>();
  private readonly listeners = { started: [] as (() => void)[], settled: [] as ((jobId: number) => void)[] };
  private readonly startGates: StartGate[] = [];

  constructor(
    readonly registry: JobRegistry,
    private readonly jobs: JobStore,
    private readonly queue: JobQueue,
    private readonly outputs: JobOutputSink,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    /**
     * Several servers share the queue (JOB_QUEUE=pgboss): a job is another runner's while
     * its heartbeat is younger than staleMs; older, its runner is taken for dead and the job
     * is queued again by whichever live runner sweeps first (every staleMs / 2).
     */
    private readonly shared: { staleMs: number } | null = null,
  ) {}

  private sweeper: NodeJS.Timeout | null = null;

  /** A runner beats at least three times within the time after which others take it for dead. */
  private get heartbeatMs(): number {
    return this.shared ? Math.min(HEARTBEAT_MS, this.shared.staleMs / 3) : HEARTBEAT_MS;
  }

  // biome-ignore lint/suspicious/noExplicitAny: executors of every job type share the map; each is typed where it is defined.
  register(jobType: string, executor: Executor<any>): void {
    if (!Object.hasOwn(this.registry, jobType)) throw new Error(`Job type ${jobType} is not in the registry`);
    if (this.executors.has(jobType)) throw new Error(`Two executors for job type ${jobType}`);
    this.executors.set(jobType, executor as Executor);
  }

  /** Every job type of the registry must have its executor before jobs run. */
  assertComplete(): void {
    const missing = Object.keys(this.registry).filter((type) => !this.executors.has(type));
    if (missing.length > 0) throw new Error(`No executor registered for job type(s) ${missing.join(', ')}`);
  }

  start(): void {
    this.assertComplete();
    this.queue.start((id, lane) => this.execute(id, lane));
    if (this.shared && !this.sweeper) {
      this.sweeper = setInterval(() => {
        this.requeueOrphans().catch((err: unknown) => this.log.error({ err }, 'the job sweep failed'));
      }, this.shared.staleMs / 2);
      this.sweeper.unref();
    }
    for (const listener of this.listeners.started) listener();
  }

  /**
   * Listeners of the engine's life, for what builds on jobs (workflow invocations):
   * `started` once jobs run (after a restart's recover), `settled` whenever a job ends
   * (finished, failed or stopped). A listener's error is logged, never the engine's.
   */
  on(event: 'started', listener: () => void): void;
  on(event: 'settled', listener: (jobId: number) => void): void;
  on(event: 'started' | 'settled', listener: (() => void) | ((jobId: number) => void)): void {
    if (event === 'started') this.listeners.started.push(listener as () => void);
    else this.listeners.settled.push(listener as (jobId: number) => void);
  }

  /**
   * A check run just before a queued job starts (a compute quota used up while it
   * waited): a reason refuses the job, which fails with it and never runs: no half-run
   * jobs. A gate that throws is logged and lets the job run.
   */
  addStartGate(gate: StartGate): void {
    this.startGates.push(gate);
  }

  private async refusal(job: JobRow, lane: string): Promise<string | null> {
    for (const gate of this.startGates) {
      try {
        const reason = await gate(job, lane);
        if (reason) return reason;
      } catch (err) {
        this.log.error({ err, jobId: job.id }, 'a job start gate failed');
      }
    }
    return null;
  }

  private settled(jobId: number): void {
    for (const listener of this.listeners.settled) {
      try {
        listener(jobId);
      } catch (err) {
        this.log.error({ err, jobId }, 'a job listener failed');
      }
    }
  }

  stop(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    for (const { controller } of this.active.values()) controller.abort();
    return this.queue.stop();
  }

  /** Process ids of a running job's programs (tests check they are gone after a cancel). */
  pidsOf(jobId: number): number[] {
    return [...(this.active.get(jobId)?.pids ?? [])];
  }

  /** Stops a job this runner is running: its programs are killed, its row says STOPPED. */
  async cancel(jobId: number): Promise<boolean> {
    const stopped = await this.jobs.transition(jobId, ['RUNNING', 'PRE_PROCESSING', 'POST_PROCESSING'], {
      status: 'STOPPED',
      finished_at: iso(this.clock.now()),
    });
    this.active.get(jobId)?.controller.abort();
    if (stopped) this.settled(jobId);
    return stopped;
  }

  /**
   * After a crash or restart: jobs still marked active but not owned by this runner
   * are queued again (at most MAX_ATTEMPTS runs in all) or failed with the reason, and
   * the working folders a killed server left behind (`medx-job-*`, `medx-chem-*` of a
   * process that is gone, lib/temp-folders.ts) are removed.
   */
  async recover(): Promise<{ requeued: number[]; failed: number[] }> {
    const swept = await removeStaleTempFolders();
    if (swept.length) this.log.warn({ folders: swept }, 'removed working folders of a stopped server');
    return this.requeueOrphans();
  }

  /** The orphans (JobStore.orphans) queued again, or failed after MAX_ATTEMPTS runs. */
  private async requeueOrphans(): Promise<{ requeued: number[]; failed: number[] }> {
    const requeued: number[] = [];
    const revived: number[] = [];
    const failed: number[] = [];
    const staleBefore = this.shared ? iso(new Date(this.clock.now().getTime() - this.shared.staleMs)) : undefined;
    for (const job of await this.jobs.orphans(this.runnerId, staleBefore)) {
      const now = iso(this.clock.now());
      if (job.status === 'PRE_PROCESSING' && job.runner_id === null) {
        requeued.push(job.id);
      } else if (job.attempts < MAX_ATTEMPTS) {
        await this.jobs.transition(job.id, ['RUNNING', 'POST_PROCESSING', 'PRE_PROCESSING'], {
          status: 'PRE_PROCESSING',
          runner_id: null,
        });
        await this.jobs.appendLog(job.id, `\n[${now}] The server stopped during this job; it is run again.\n`);
        requeued.push(job.id);
        revived.push(job.id);
      } else {
        await this.jobs.transition(job.id, ['RUNNING', 'POST_PROCESSING', 'PRE_PROCESSING'], {
          status: 'FAILED',
          error: `Interrupted by a server restart ${job.attempts} times; not run again.`,
          finished_at: now,
        });
        failed.push(job.id);
        this.settled(job.id);
      }
    }
    // With a shared queue, waiting jobs are sent again at every sweep (pg-boss keeps one of
    // each: a delivery lost with a dead server comes back, nothing runs twice); only
    // interrupted runs are news.
    for (const id of requeued) await this.queue.enqueue(id);
    const told = this.shared ? revived : requeued;
    if (told.length || failed.length) this.log.warn({ requeued: told, failed }, 'recovered interrupted jobs');
    return { requeued, failed };
  }

  private async execute(jobId: number, lane: string): Promise<void> {
    const now = iso(this.clock.now());
    const job = await this.jobs.findById(jobId);
    if (!job) return;
    if (job.status === 'PRE_PROCESSING') {
      const reason = await this.refusal(job, lane);
      if (reason) {
        const refused = await this.jobs.transition(jobId, ['PRE_PROCESSING'], {
          status: 'FAILED',
          error: reason,
          finished_at: now,
        });
        if (refused) {
          await this.jobs.appendLog(jobId, `[${now}] Not started: ${reason}\n`);
          this.settled(jobId);
        }
        return;
      }
    }
    const claimed = await this.jobs.transition(jobId, ['PRE_PROCESSING'], {
      status: 'RUNNING',
      runner_id: this.runnerId,
      lane,
      started_at: job.started_at ?? now,
      attempt_started_at: now,
      heartbeat_at: now,
      attempts: job.attempts + 1,
    });
    if (!claimed) return; // cancelled before it started, or another runner has it
    const controller = new AbortController();
    const pids = new Set<number>();
    this.active.set(jobId, { controller, pids });
    const heartbeat = setInterval(() => {
      void this.jobs.update(jobId, { heartbeat_at: iso(this.clock.now()) }).catch(() => {});
    }, this.heartbeatMs);
    heartbeat.unref();
    // The job's folder, named after this process: removed below however the job ends, and
    // at the next start (recover) if the server is killed first.
    let workDir: string;
    try {
      workDir = await makeTempFolder('job', String(jobId));
    } catch (err) {
      clearInterval(heartbeat);
      this.active.delete(jobId);
      const message = `Cannot create the job's working folder: ${err instanceof Error ? err.message : String(err)}`;
      await this.jobs.transition(jobId, ['RUNNING'], {
        status: 'FAILED',
        error: message,
        finished_at: iso(this.clock.now()),
      });
      this.settled(jobId);
      return;
    }
    try {
      const run = this.prepare(job, workDir, controller.signal);
      // Every program the executor starts, at any depth, belongs to this job.
      await withProcessScope(
        {
          signal: controller.signal,
          onSpawn: (pid) => pids.add(pid),
          onExit: (pid) => pids.delete(pid),
        },
        run,
      );
      await this.jobs.transition(jobId, ['RUNNING', 'POST_PROCESSING'], {
        status: 'FINISHED',
        finished_at: iso(this.clock.now()),
      });
    } catch (err) {
      if (!(err instanceof JobCancelledError) && !controller.signal.aborted) {
        const message = err instanceof Error ? err.message : String(err);
        await this.jobs.appendLog(jobId, `\n${message}\n`);
        await this.jobs.transition(jobId, ['RUNNING', 'POST_PROCESSING'], {
          status: 'FAILED',
          error: message.slice(0, 2000),
          finished_at: iso(this.clock.now()),
        });
      }
    } finally {
      clearInterval(heartbeat);
      this.active.delete(jobId);
      await rm(workDir, { recursive: true, force: true, maxRetries: 3 }).catch((err: unknown) =>
        this.log.warn({ err, jobId, workDir }, 'could not remove the job folder'),
      );
      this.settled(jobId);
    }
  }

  /** The executor call for a row: its type known, its params valid, or an error that fails the job. */
  private prepare(job: JobRow, workDir: string, signal: AbortSignal): () => Promise<void> {
    const type = job.job_type;
    const definition = Object.hasOwn(this.registry, type) ? this.registry[type] : undefined;
    const executor = this.executors.get(type);
    if (!definition || !executor) throw new Error(`No executor for job type ${type}`);
    const parsed = definition.params.safeParse(JSON.parse(job.params));
    if (!parsed.success) throw new Error(`The job's params do not fit its type ${type}: ${parsed.error.message}`);
    const ctx = this.context(definition, job, parsed.data, workDir, signal);
    return () => executor(ctx);
  }

  private context(
    definition: JobTypeDefinition,
    job: JobRow,
    params: unknown,
    workDir: string,
    signal: AbortSignal,
  ): JobContext {
    const log = (text: string) => this.jobs.appendLog(job.id, text);
    let checkpointed = false;
    const execute = async (
      command: string,
      args: readonly string[],
      options: { stdin?: string; onOutput?: (text: string) => void; timeoutMs?: number; env?: NodeJS.ProcessEnv },
    ) => {
      let pending = Promise.resolve();
      const result = await runProcess(command, args, {
        cwd: workDir,
        signal,
        input: options.stdin,
        env: options.env,
        timeoutMs: options.timeoutMs ?? TOOL_TIMEOUT_MS,
        onOutput: (text) => {
          options.onOutput?.(text);
          pending = pending.then(() => log(text));
        },
      });
      await pending;
      if (result.cancelled || signal.aborted) throw new JobCancelledError();
      if (result.spawnError) throw result.spawnError;
      if (result.timedOut) throw new Error(`${command} ran past its time limit`);
      return result;
    };
    return {
      job,
      params,
      workDir,
      signal,
      throwIfCancelled: () => {
        if (signal.aborted) throw new JobCancelledError();
      },
      log,
      run: async (command, args, options = {}) => {
        const result = await execute(command, args, options);
        // The job's error names the program and quotes the end of its output (its reason).
        if (result.exitCode !== 0) throw new Error(failureOf(command, result));
      },
      execute: (command, args, options = {}) => execute(command, args, options),
      progress: (done, total) => this.jobs.update(job.id, { progress_done: done, progress_total: total }),
      checkpoint: async () => {
        if (checkpointed) return;
        checkpointed = true;
        // This run is the job's first again (see JobContext.checkpoint).
        await this.jobs.update(job.id, { attempts: 1 });
      },
      provenance: async (data: JobProvenance<JobTypeDefinition>) => {
        if (data.details !== undefined) {
          const checked = definition.result.safeParse(data.details);
          if (!checked.success) throw new Error(`The job's result does not fit its type: ${checked.error.message}`);
        }
        await this.jobs.update(job.id, { provenance: JSON.stringify(data) });
      },
      output: (name, ext, content, options) =>
        this.outputs.store(job, {
          name,
          ext,
          content: typeof content === 'string' ? Buffer.from(content) : content,
          showEntry: options?.showEntry ?? false,
        }),
    };
  }
}
