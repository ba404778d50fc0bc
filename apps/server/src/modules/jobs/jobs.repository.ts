import type { Kysely } from 'kysely';
import { toCount } from '../../db/dialect';
import type { Database, JobRow } from '../../db/schema';
import type { JobStore } from '../../jobs/job-context';

export interface JobWithNames extends JobRow {
  project_name: string;
  operator: string;
}

type Status = JobRow['status'];
const ACTIVE: Status[] = ['PRE_PROCESSING', 'RUNNING', 'POST_PROCESSING'];

/** The only place that writes SQL for jobs. */
export class JobsRepository implements JobStore {
  constructor(private readonly db: Kysely<Database>) {}

  private withNames() {
    return this.db
      .selectFrom('jobs')
      .innerJoin('projects', 'projects.id', 'jobs.project_id')
      .innerJoin('users', 'users.id', 'jobs.user_id')
      .selectAll('jobs')
      .select(['projects.project_name as project_name', 'users.username as operator']);
  }

  findById(id: number): Promise<JobWithNames | undefined> {
    return this.withNames().where('jobs.id', '=', id).executeTakeFirst();
  }

  async insert(row: {
    project_id: number;
    user_id: number;
    job_type: string;
    job_name: string | null;
    params: string;
    created_at: string;
  }): Promise<number> {
    const created = await this.db
      .insertInto('jobs')
      .values({ ...row, status: 'PRE_PROCESSING', log: '', attempts: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return created.id;
  }

  /** A page of the project's jobs, newest first; of one type when `jobType` is given. */
  async list(
    projectId: number,
    page: number,
    limit: number,
    jobType?: string,
  ): Promise<{ total: number; items: JobWithNames[] }> {
    const count = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('project_id', '=', projectId)
      .$if(jobType !== undefined, (q) => q.where('job_type', '=', jobType!))
      .executeTakeFirst();
    const items = await this.withNames()
      .where('jobs.project_id', '=', projectId)
      .$if(jobType !== undefined, (q) => q.where('jobs.job_type', '=', jobType!))
      .orderBy('jobs.created_at', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return { total: toCount(count?.n), items };
  }

  /** The project's most recent FINISHED job of a type (result windows show it by default). */
  latestFinished(projectId: number, jobType: string): Promise<JobWithNames | undefined> {
    return this.withNames()
      .where('jobs.project_id', '=', projectId)
      .where('jobs.job_type', '=', jobType)
      .where('jobs.status', '=', 'FINISHED')
      .orderBy('jobs.created_at', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Running jobs (RUNNING and POST_PROCESSING, spec §4) in the given projects. */
  async countRunning(projectIds: number[]): Promise<number> {
    if (projectIds.length === 0) return 0;
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('project_id', 'in', projectIds)
      .where('status', 'in', ['RUNNING', 'POST_PROCESSING'])
      .executeTakeFirst();
    return toCount(row?.n);
  }

  /** Running jobs the user submitted, in any project (the sidebar's counter). */
  async countRunningByUser(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', 'in', ['RUNNING', 'POST_PROCESSING'])
      .executeTakeFirst();
    return toCount(row?.n);
  }

  /** Moves a job from one status to another only if it is still in the first: no lost updates. */
  async transition(id: number, from: Status[], patch: Partial<JobRow> & { status: Status }): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set(patch)
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return toCount(result.numUpdatedRows) === 1;
  }

  async update(id: number, patch: Partial<JobRow>): Promise<void> {
    await this.db.updateTable('jobs').set(patch).where('id', '=', id).execute();
  }

  async appendLog(id: number, text: string): Promise<void> {
    const row = await this.db.selectFrom('jobs').select('log').where('id', '=', id).executeTakeFirst();
    // The log keeps its last 2 MB: tools can be chatty, the row must stay small.
    const log = `${row?.log ?? ''}${text}`;
    await this.db
      .updateTable('jobs')
      .set({ log: log.length > 2_000_000 ? log.slice(-2_000_000) : log })
      .where('id', '=', id)
      .execute();
  }

  /** Jobs left active by a runner other than the given one (a crash or restart). */
  orphans(runnerId: string, staleBefore?: string): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('status', 'in', ACTIVE)
      .where((eb) => eb.or([eb('runner_id', 'is', null), eb('runner_id', '!=', runnerId)]))
      .$if(staleBefore !== undefined, (q) =>
        q.where((eb) =>
          eb.or([eb('runner_id', 'is', null), eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', staleBefore!)]),
        ),
      )
      .orderBy('id')
      .execute();
  }
}
