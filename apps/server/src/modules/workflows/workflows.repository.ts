import type { Kysely } from 'kysely';
import type {
  Database,
  InvocationRow,
  InvocationStepRow,
  JobRow,
  UserRow,
  WorkflowInvocationsTable,
  WorkflowRow,
} from '../../db/schema';

export type InvocationWithProject = InvocationRow & { project_name: string };
export type StepJob = Pick<JobRow, 'id' | 'status' | 'job_type' | 'error' | 'provenance' | 'project_id'> & {
  step_index: number;
  element_index: number;
};

/** Imported workflows, invocations, their steps and the jobs the steps submitted. */
export class WorkflowsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // Imported workflows

  async insertWorkflow(row: WorkflowRow): Promise<void> {
    await this.db.insertInto('workflows').values(row).execute();
  }

  findWorkflow(id: string): Promise<WorkflowRow | undefined> {
    return this.db.selectFrom('workflows').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listWorkflows(userId: number): Promise<WorkflowRow[]> {
    return this.db.selectFrom('workflows').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  }

  async deleteWorkflow(id: string): Promise<void> {
    await this.db.deleteFrom('workflows').where('id', '=', id).execute();
  }

  async setWorkflowsPolicy(userId: number, policy: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ workflows_policy: policy })
      .where('id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  findUser(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  // Invocations

  /** The invocation and its steps, in one transaction: an invocation never exists without its steps. */
  async insertInvocation(
    row: Omit<WorkflowInvocationsTable, 'id'>,
    steps: { step_index: number; state: InvocationStepRow['state']; outputs: string }[],
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('workflow_invocations').values(row).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('workflow_invocation_steps')
        .values(steps.map((step) => ({ ...step, invocation_id: id, error: null })))
        .execute();
      return id;
    });
  }

  private invocations() {
    return this.db
      .selectFrom('workflow_invocations as w')
      .innerJoin('projects as p', 'p.id', 'w.project_id')
      .selectAll('w')
      .select('p.project_name as project_name');
  }

  findInvocation(id: number): Promise<InvocationWithProject | undefined> {
    return this.invocations().where('w.id', '=', id).executeTakeFirst();
  }

  async listInvocations(
    projectId: number,
    page: number,
    limit: number,
  ): Promise<{ total: number; items: InvocationWithProject[] }> {
    const { total } = await this.db
      .selectFrom('workflow_invocations')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    const items = await this.invocations()
      .where('w.project_id', '=', projectId)
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return { total: Number(total), items };
  }

  /** Invocations still running (NEW), oldest first: the engine advances them after a restart. */
  async activeInvocationIds(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('workflow_invocations')
      .select('id')
      .where('state', '=', 'NEW')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** The invocation a job belongs to, if any. */
  async invocationOfJob(jobId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('workflow_step_jobs')
      .select('invocation_id')
      .where('job_id', '=', jobId)
      .executeTakeFirst();
    return row?.invocation_id;
  }

  /** Ends an invocation if it is still running; false when something else ended it first. */
  async finishInvocation(
    id: number,
    patch: { state: InvocationRow['state']; error: string | null; finished_at: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('workflow_invocations')
      .set(patch)
      .where('id', '=', id)
      .where('state', '=', 'NEW')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  // Steps

  steps(invocationId: number): Promise<InvocationStepRow[]> {
    return this.db
      .selectFrom('workflow_invocation_steps')
      .selectAll()
      .where('invocation_id', '=', invocationId)
      .orderBy('step_index')
      .execute();
  }

  /** Moves a step from one of `from` to a new state; false when it was not in one of them. */
  async transitionStep(
    invocationId: number,
    stepIndex: number,
    from: InvocationStepRow['state'][],
    patch: { state: InvocationStepRow['state']; outputs?: string; error?: string | null },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('workflow_invocation_steps')
      .set(patch)
      .where('invocation_id', '=', invocationId)
      .where('step_index', '=', stepIndex)
      .where('state', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async linkJob(row: { job_id: number; invocation_id: number; step_index: number; element_index: number }) {
    await this.db.insertInto('workflow_step_jobs').values(row).execute();
  }

  /** Every job the invocation's steps submitted, in element order. */
  stepJobs(invocationId: number): Promise<StepJob[]> {
    return this.db
      .selectFrom('workflow_step_jobs as s')
      .innerJoin('jobs as j', 'j.id', 's.job_id')
      .select([
        'j.id',
        'j.status',
        'j.job_type',
        'j.error',
        'j.provenance',
        'j.project_id',
        's.step_index',
        's.element_index',
      ])
      .where('s.invocation_id', '=', invocationId)
      .orderBy('s.step_index')
      .orderBy('s.element_index')
      .execute();
  }

  /** Full job rows of a step (their outputs are read from them). */
  stepJobRows(invocationId: number, stepIndex: number): Promise<JobRow[]> {
    return this.db
      .selectFrom('workflow_step_jobs as s')
      .innerJoin('jobs as j', 'j.id', 's.job_id')
      .selectAll('j')
      .where('s.invocation_id', '=', invocationId)
      .where('s.step_index', '=', stepIndex)
      .orderBy('s.element_index')
      .execute();
  }
}
