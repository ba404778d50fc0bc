import type { Kysely } from 'kysely';
import { toCount } from '../../db/dialect';
import type { Database, ToolBuilderVersionRecord, ToolSubmissionsTable } from '../../db/schema';

export interface SubmissionRow {
  id: number;
  user_id: number;
  tool_id: string;
  tool_name: string;
  version: string;
  status: ToolSubmissionsTable['status'];
  test_status: ToolSubmissionsTable['test_status'];
  test_report: string;
  category: string | null;
  reason: string | null;
  created_at: string;
  reviewed_at: string | null;
  username: string;
  email: string | null;
}

type Page = { page: number; limit: number };

/** The only place with the parameter builder's SQL: saved versions and submissions. */
export class ToolBuilderRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // ---- versions ----

  async insertVersion(row: Omit<ToolBuilderVersionRecord, 'id'>): Promise<number> {
    const inserted = await this.db
      .insertInto('tool_builder_versions')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  async countVersions(userId: number, toolId: string): Promise<number> {
    const row = await this.db
      .selectFrom('tool_builder_versions')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('tool_id', '=', toolId)
      .executeTakeFirst();
    return toCount(row?.n);
  }

  async listVersions(
    userId: number,
    toolId: string | undefined,
    { page, limit }: Page,
  ): Promise<{ total: number; items: Omit<ToolBuilderVersionRecord, 'draft'>[] }> {
    const base = this.db
      .selectFrom('tool_builder_versions')
      .where('user_id', '=', userId)
      .$if(toolId !== undefined, (q) => q.where('tool_id', '=', toolId!));
    const count = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const items = await base
      .select(['id', 'user_id', 'tool_id', 'version', 'note', 'created_at'])
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return { total: toCount(count?.n), items };
  }

  findVersion(userId: number, id: number): Promise<ToolBuilderVersionRecord | undefined> {
    return this.db
      .selectFrom('tool_builder_versions')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async deleteVersion(userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('tool_builder_versions')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // ---- submissions ----

  private submissions() {
    return this.db
      .selectFrom('tool_submissions')
      .innerJoin('users', 'users.id', 'tool_submissions.user_id')
      .select([
        'tool_submissions.id',
        'tool_submissions.user_id',
        'tool_submissions.tool_id',
        'tool_submissions.tool_name',
        'tool_submissions.version',
        'tool_submissions.status',
        'tool_submissions.test_status',
        'tool_submissions.test_report',
        'tool_submissions.category',
        'tool_submissions.reason',
        'tool_submissions.created_at',
        'tool_submissions.reviewed_at',
        'users.username',
        'users.email',
      ]);
  }

  findSubmission(id: number): Promise<SubmissionRow | undefined> {
    return this.submissions().where('tool_submissions.id', '=', id).executeTakeFirst();
  }

  /** Submissions of a tool id that still count: under review or published (a rejected one frees its version). */
  liveSubmissionsOf(toolId: string): Promise<SubmissionRow[]> {
    return this.submissions()
      .where('tool_submissions.tool_id', '=', toolId)
      .where('tool_submissions.status', '!=', 'REJECTED')
      .execute();
  }

  async listSubmissions(
    filter: { userId?: number; status?: ToolSubmissionsTable['status'] },
    { page, limit }: Page,
  ): Promise<{ total: number; items: SubmissionRow[] }> {
    const count = await this.db
      .selectFrom('tool_submissions')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .$if(filter.userId !== undefined, (q) => q.where('user_id', '=', filter.userId!))
      .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status!))
      .executeTakeFirst();
    const items = await this.submissions()
      .$if(filter.userId !== undefined, (q) => q.where('tool_submissions.user_id', '=', filter.userId!))
      .$if(filter.status !== undefined, (q) => q.where('tool_submissions.status', '=', filter.status!))
      .orderBy('tool_submissions.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return { total: toCount(count?.n), items };
  }

  async insertSubmission(row: {
    user_id: number;
    tool_id: string;
    tool_name: string;
    version: string;
    created_at: string;
  }): Promise<number> {
    const inserted = await this.db
      .insertInto('tool_submissions')
      .values({ ...row, status: 'SUBMITTED', test_status: 'NOT_RUN', test_report: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  async deleteSubmission(id: number): Promise<void> {
    await this.db.deleteFrom('tool_submissions').where('id', '=', id).execute();
  }

  /** Sets the test state; `from` guards the change (a test starts only when none runs). */
  async setTest(
    id: number,
    patch: { test_status: ToolSubmissionsTable['test_status']; test_report: string },
    from?: ToolSubmissionsTable['test_status'][],
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('tool_submissions')
      .set(patch)
      .where('id', '=', id)
      .$if(from !== undefined, (q) => q.where('test_status', 'in', from!))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Ends the review once: only a SUBMITTED row whose tests are not running changes. */
  async review(
    id: number,
    patch: { status: 'PUBLISHED' | 'REJECTED'; category: string | null; reason: string | null },
    reviewedAt: string,
    adminId: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('tool_submissions')
      .set({ ...patch, reviewed_at: reviewedAt, reviewed_by: adminId })
      .where('id', '=', id)
      .where('status', '=', 'SUBMITTED')
      .where('test_status', '!=', 'RUNNING')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Tests interrupted by a restart are not running any more. */
  async resetRunningTests(): Promise<void> {
    await this.db
      .updateTable('tool_submissions')
      .set({ test_status: 'NOT_RUN', test_report: '' })
      .where('test_status', '=', 'RUNNING')
      .execute();
  }
}
