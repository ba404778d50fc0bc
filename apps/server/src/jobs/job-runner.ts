import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRow } from '../db/schema';
import { type Clock, iso } from '../lib/clock';
import type { FileWriter } from '../modules/files/file-records';
import { JobCancelledError, runProcess } from './job-process';
import type { JobQueue } from './job-queue';
import type { JobsRepository } from './jobs.repository';

/** What an executor gets to do its work: a private directory, tools, the log, outputs. */
export interface JobContext {
  job: JobRow;
  params: unknown;
  workDir: string;
  signal: AbortSignal;
  log(text: string): Promise<void>;
  /**
   * Runs a tool in the job's directory; its output goes to the job log (and to
   * `onOutput`, for executors that read progress or errors from it). Non-zero exit throws.
   */
  run(
    command: string,
    args: readonly string[],
    options?: { stdin?: string; onOutput?: (text: string) => void },
  ): Promise<void>;
  progress(done: number, total: number): Promise<void>;
  provenance(data: Record<string, unknown>): Promise<void>;
  /**
   * Stores an output as a project file marked as this job's result. Outputs stay out of the
   * Entry List unless `showEntry` (a prepared structure is meant to be used next; docking
   * poses are reached through the result table).
   */
  output(name: string, ext: string, content: Buffer | string, options?: { showEntry?: boolean }): Promise<number>;
}

export type Executor = (ctx: JobContext) => Promise<void>;

/** How many times a job interrupted by a crash or restart is run again before it fails. */
export const MAX_ATTEMPTS = 2;
const HEARTBEAT_MS = 10_000;

/**
 * Runs jobs: claims a PRE_PROCESSING row, runs its executor in a fresh working
 * directory, and records the outcome. Cancel aborts the executor and kills its
 * process groups. Jobs another runner left active are recovered at start-up.
 */
export class JobRunner {
  readonly runnerId = randomUUID();
  private readonly executors = new Map<string, Executor>();
  private readonly active = new Map<number, { controller: AbortController; pids: Set<number> }>();

  constructor(
    private readonly jobs: JobsRepository,
    private readonly queue: JobQueue,
    private readonly writer: FileWriter,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  register(jobType: string, executor: Executor): void {
    this.executors.set(jobType, executor);
  }

  start(): void {
    this.queue.start((id) => this.execute(id));
  }

  stop(): Promise<void> {
    for (const { controller } of this.active.values()) controller.abort();
    return this.queue.stop();
  }

  /** Process ids of a running job's tools (tests check they are gone after a cancel). */
  pidsOf(jobId: number): number[] {
    return [...(this.active.get(jobId)?.pids ?? [])];
  }

  /** Stops a job this runner is running: its tools are killed, its row says STOPPED. */
  async cancel(jobId: number): Promise<boolean> {
    const stopped = await this.jobs.transition(jobId, ['RUNNING', 'PRE_PROCESSING', 'POST_PROCESSING'], {
      status: 'STOPPED',
      finished_at: iso(this.clock.now()),
    });
    this.active.get(jobId)?.controller.abort();
    return stopped;
  }

  /**
   * After a crash or restart: jobs still marked active but not owned by this runner
   * are queued again (at most MAX_ATTEMPTS runs in all) or failed with the reason.
   */
  async recover(): Promise<{ requeued: number[]; failed: number[] }> {
    const requeued: number[] = [];
    const failed: number[] = [];
    for (const job of await this.jobs.orphans(this.runnerId)) {
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
      } else {
        await this.jobs.transition(job.id, ['RUNNING', 'POST_PROCESSING', 'PRE_PROCESSING'], {
          status: 'FAILED',
          error: `Interrupted by a server restart ${job.attempts} times; not run again.`,
          finished_at: now,
        });
        failed.push(job.id);
      }
    }
    for (const id of requeued) await this.queue.enqueue(id);
    if (requeued.length || failed.length) this.log.warn({ requeued, failed }, 'recovered interrupted jobs');
    return { requeued, failed };
  }

  private async execute(jobId: number): Promise<void> {
    const now = iso(this.clock.now());
    const job = await this.jobs.findById(jobId);
    if (!job) return;
    const claimed = await this.jobs.transition(jobId, ['PRE_PROCESSING'], {
      status: 'RUNNING',
      runner_id: this.runnerId,
      started_at: job.started_at ?? now,
      heartbeat_at: now,
      attempts: job.attempts + 1,
    });
    if (!claimed) return; // cancelled before it started, or another runner has it
    const executor = this.executors.get(job.job_type);
    const controller = new AbortController();
    const pids = new Set<number>();
    this.active.set(jobId, { controller, pids });
    const heartbeat = setInterval(() => {
      void this.jobs.update(jobId, { heartbeat_at: iso(this.clock.now()) }).catch(() => {});
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const workDir = await mkdtemp(join(tmpdir(), `medx-job-${jobId}-`));
    try {
      if (!executor) throw new Error(`No executor for job type ${job.job_type}`);
      await executor(this.context(job, workDir, controller.signal, pids));
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
      await rm(workDir, { recursive: true, force: true });
    }
  }

  private context(job: JobRow, workDir: string, signal: AbortSignal, pids: Set<number>): JobContext {
    const log = (text: string) => this.jobs.appendLog(job.id, text);
    return {
      job,
      params: JSON.parse(job.params) as unknown,
      workDir,
      signal,
      log,
      run: async (command, args, options = {}) => {
        let pending = Promise.resolve();
        const result = await runProcess(command, args, {
          cwd: workDir,
          signal,
          stdin: options.stdin,
          onSpawn: (pid) => pids.add(pid),
          onOutput: (text) => {
            options.onOutput?.(text);
            pending = pending.then(() => log(text));
          },
        });
        await pending;
        if (result.code !== 0) {
          throw new Error(`${command} exited with ${result.code ?? result.signal}`);
        }
      },
      progress: (done, total) => this.jobs.update(job.id, { progress_done: done, progress_total: total }),
      provenance: (data) => this.jobs.update(job.id, { provenance: JSON.stringify(data) }),
      output: async (name, ext, content, options) => {
        const [row] = await this.writer.createMany(job.project_id, job.user_id, [
          {
            name,
            ext,
            content: typeof content === 'string' ? Buffer.from(content) : content,
            isJobResult: true,
            jobId: job.id,
            isShowEntry: options?.showEntry ?? false,
          },
        ]);
        return row!.id;
      },
    };
  }
}
