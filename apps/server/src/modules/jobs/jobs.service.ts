import type { Job, JobList, JobListQuery, JobParamsInput, JobType, ProjectFile } from '@medx/contract';
import { badRequest, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import type { JobQueue, LaneLoad, LaneRouter } from '../../jobs/job-queue';
import type { JobRunner, StartGate } from '../../jobs/job-runner';
import { type Clock, iso } from '../../lib/clock';
import { makeZip } from '../../lib/zip-writer';
import type { ObjectStorage } from '../../storage/object-storage';
import { toProjectFile } from '../files/file-records';
import type { FilesRepository } from '../files/files.repository';
import type { Need, ProjectAccess } from '../projects/project-access';
import type { JobsRepository, JobWithNames } from './jobs.repository';

export function toJob(row: JobWithNames): Job {
  return {
    id: row.id,
    job_name: row.job_name,
    job_type: row.job_type,
    status: row.status,
    project_id: row.project_id,
    project_name: row.project_name,
    operator: row.operator,
    created_at: row.created_at,
    start_time: row.started_at,
    end_time: row.finished_at,
    progress_done: row.progress_done,
    progress_total: row.progress_total,
    error: row.error,
  };
}

/**
 * Lets a submission through the user's job quota (the quotas module implements it): runs
 * `work` (the insert) or refuses with an AppError naming the count and the limit.
 */
export type JobAdmission = <T>(auth: AuthContext, projectId: number, work: () => Promise<T>) => Promise<T>;

/** A check a feature adds to every submission (a compute quota): throws an AppError to refuse it. */
export type SubmitCheck = (auth: AuthContext, projectId: number) => Promise<void>;

/** Job calls (spec §7): list, count, cancel, log, outputs, export; and submitting new jobs. */
export class JobsService {
  private readonly submitChecks: SubmitCheck[] = [];
  constructor(
    private readonly jobs: JobsRepository,
    private readonly files: FilesRepository,
    private readonly storage: ObjectStorage,
    private readonly access: ProjectAccess,
    private readonly queue: JobQueue,
    private readonly runner: JobRunner,
    private readonly clock: Clock,
    private readonly admit: JobAdmission = (_auth, _projectId, work) => work(),
  ) {}

  /**
   * Creates the row (the truth) and only then queues its id. The params are validated by
   * the job registry's schema of the type: a feature's bug cannot store a job its
   * executor would misread (it fails here, before a row exists).
   */
  submit<T extends JobType>(
    auth: AuthContext,
    projectId: number,
    jobType: T,
    jobName: string | null,
    params: JobParamsInput<T>,
  ): Promise<number> {
    return this.submitRaw(auth, projectId, jobType, jobName, params);
  }

  /** `submit` for a type known only at run time (the runner's registry still validates it). */
  async submitRaw(
    auth: AuthContext,
    projectId: number,
    jobType: string,
    jobName: string | null,
    params: unknown,
  ): Promise<number> {
    await this.access.require(auth, projectId, 'write');
    const definition = Object.hasOwn(this.runner.registry, jobType) ? this.runner.registry[jobType] : undefined;
    if (!definition) throw new Error(`Job type ${jobType} is not in the registry`);
    const valid = definition.params.parse(params);
    for (const check of this.submitChecks) await check(auth, projectId);
    // The single submit path: every job type counts against the user's active jobs.
    const id = await this.admit(auth, projectId, () =>
      this.jobs.insert({
        project_id: projectId,
        user_id: auth.user.id,
        job_type: jobType,
        job_name: jobName,
        params: JSON.stringify(valid),
        created_at: iso(this.clock.now()),
      }),
    );
    await this.queue.enqueue(id);
    return id;
  }

  /** Calls `listener` with a job's id whenever it ends (finished, failed or stopped). */
  onSettled(listener: (jobId: number) => void): void {
    this.runner.on('settled', listener);
  }

  /** Adds a line to a job's log (what a feature did about the job, e.g. metering). */
  appendLog(jobId: number, text: string): Promise<void> {
    return this.jobs.appendLog(jobId, text);
  }

  /** Adds a check every submission passes before its row exists. */
  addSubmitCheck(check: SubmitCheck): void {
    this.submitChecks.push(check);
  }

  /** Adds a check a queued job passes just before it starts (job-runner.ts StartGate). */
  addStartGate(gate: StartGate): void {
    this.runner.addStartGate(gate);
  }

  /** Lanes of the queue (job-queue.ts): who routes jobs, re-routing after a lane changed, the load. */
  routeLanes(router: LaneRouter): void {
    this.queue.setRouter(router);
  }

  reroute(): Promise<void> {
    return this.queue.reroute();
  }

  lanes(): LaneLoad[] {
    return this.queue.lanes();
  }

  /** Calls `listener` once the engine runs jobs (at start-up, after a restart's recovery). */
  onStarted(listener: () => void): void {
    this.runner.on('started', listener);
  }

  async requireJob(auth: AuthContext, id: number, need: Need): Promise<JobWithNames> {
    const job = await this.jobs.findById(id);
    if (!job) throw notFound('jobNotFound');
    await this.access.require(auth, job.project_id, need);
    return job;
  }

  /** The project's most recent finished job of a type, if any (read access to the project). */
  async latestFinished(auth: AuthContext, projectId: number, jobType: JobType): Promise<JobWithNames | undefined> {
    await this.access.require(auth, projectId, 'read');
    return this.jobs.latestFinished(projectId, jobType);
  }

  async get(auth: AuthContext, id: number): Promise<Job> {
    return toJob(await this.requireJob(auth, id, 'read'));
  }

  async list(auth: AuthContext, q: JobListQuery): Promise<JobList> {
    await this.access.require(auth, q.project_id, 'read');
    const { total, items } = await this.jobs.list(q.project_id, q.page, q.limit, q.job_type);
    return { total, items: items.map(toJob) };
  }

  async runningCount(auth: AuthContext, projectId?: number): Promise<number> {
    if (projectId !== undefined) {
      await this.access.require(auth, projectId, 'read');
      return this.jobs.countRunning([projectId]);
    }
    return this.jobs.countRunningByUser(auth.user.id);
  }

  /** Cancel is offered for running jobs (spec §4); a queued one may be withdrawn too. */
  async cancel(auth: AuthContext, id: number): Promise<void> {
    const job = await this.requireJob(auth, id, 'write');
    if (!['PRE_PROCESSING', 'RUNNING', 'POST_PROCESSING'].includes(job.status)) throw badRequest('jobNotRunning');
    if (!(await this.runner.cancel(id))) throw badRequest('jobNotRunning');
  }

  async comment(auth: AuthContext, id: number): Promise<string> {
    return (await this.requireJob(auth, id, 'read')).log;
  }

  async outputs(auth: AuthContext, id: number): Promise<ProjectFile[]> {
    await this.requireJob(auth, id, 'read');
    return (await this.files.listByJob(id)).map(toProjectFile);
  }

  /** Rows of the result dialog's extra table, as the executor recorded them. */
  async details(auth: AuthContext, id: number): Promise<unknown[]> {
    const job = await this.requireJob(auth, id, 'read');
    const provenance = job.provenance ? (JSON.parse(job.provenance) as { details?: unknown[] }) : {};
    return Array.isArray(provenance.details) ? provenance.details : [];
  }

  /** A zip of the job's outputs, with its log. */
  async export(auth: AuthContext, id: number): Promise<{ name: string; zip: Buffer }> {
    const job = await this.requireJob(auth, id, 'read');
    const outputs = await this.files.listByJob(id);
    const used = new Set<string>();
    const entries = [];
    for (const file of outputs) {
      let name = file.name;
      for (let n = 2; used.has(name); n++) name = `${n}_${file.name}`;
      used.add(name);
      entries.push({ name, content: await this.storage.getBuffer(file.storage_key), deflate: true });
    }
    entries.push({ name: 'job.log', content: Buffer.from(job.log), deflate: true });
    return { name: `job_${id}.zip`, zip: makeZip(entries) };
  }
}
