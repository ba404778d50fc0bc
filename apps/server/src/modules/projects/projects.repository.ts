import type { ProjectRole } from '@medx/contract';
import type { Kysely } from 'kysely';
import { toCount } from '../../db/dialect';
import { preparedQuery, preparedShapes } from '../../db/prepared';
import type { Database, ProjectRow } from '../../db/schema';

export interface ProjectWithCreator extends ProjectRow {
  creator_username: string;
  creator_email: string | null;
}

export type ListScope = 'all' | 'owner' | 'shared' | 'recycled';

/** The only place that writes SQL for projects, memberships and join attempts. */
export class ProjectsRepository {
  private readonly byId;
  private readonly count;
  private readonly page;
  private readonly membership;

  constructor(private readonly db: Kysely<Database>) {
    this.byId = preparedQuery(db, (v: { id: number }) => this.withCreator().where('projects.id', '=', v.id));
    // The listing's count and page of each scope are compiled once (see files.repository's search
    // for why they stay two queries).
    this.count = preparedShapes((scope: ListScope) =>
      preparedQuery(db, (v: { userId: number }) =>
        this.visible(scope, v.userId)
          .clearSelect()
          .select((eb) => eb.fn.countAll<string | number>().as('count')),
      ),
    );
    this.page = preparedShapes((scope: ListScope) =>
      preparedQuery(db, (v: { userId: number; limit: number; offset: number }) =>
        this.visible(scope, v.userId)
          .orderBy('projects.updated_at', 'desc')
          .orderBy('projects.id', 'desc')
          .limit(v.limit)
          .offset(v.offset),
      ),
    );
    this.membership = preparedQuery(db, (v: { projectId: number; userId: number }) =>
      db
        .selectFrom('project_members')
        .select('user_id')
        .where('project_id', '=', v.projectId)
        .where('user_id', '=', v.userId),
    );
  }

  private withCreator() {
    return this.db
      .selectFrom('projects')
      .innerJoin('users as creator', 'creator.id', 'projects.creator_id')
      .selectAll('projects')
      .select(['creator.username as creator_username', 'creator.email as creator_email']);
  }

  async findById(id: number): Promise<ProjectWithCreator | undefined> {
    return (await this.byId({ id }))[0];
  }

  findByShareId(shareId: string): Promise<ProjectWithCreator | undefined> {
    return this.withCreator().where('projects.share_id', '=', shareId).executeTakeFirst();
  }

  /** Visible projects of one scope, filtered: the page query and the count query share it. */
  private visible(scope: ListScope, userId: number) {
    return this.withCreator().where((eb) => {
      const own = eb.and([eb('projects.creator_id', '=', userId), eb('projects.deleted_at', 'is', null)]);
      const joined = eb.and([
        eb('projects.creator_id', '!=', userId),
        eb('projects.deleted_at', 'is', null),
        eb('projects.is_shared', '=', 1),
        eb.exists(
          eb
            .selectFrom('project_members')
            .select('project_members.user_id')
            .whereRef('project_members.project_id', '=', 'projects.id')
            .where('project_members.user_id', '=', userId),
        ),
      ]);
      if (scope === 'owner') return own;
      if (scope === 'shared') return joined;
      if (scope === 'recycled')
        return eb.and([eb('projects.creator_id', '=', userId), eb('projects.deleted_at', 'is not', null)]);
      return eb.or([own, joined]);
    });
  }

  /**
   * Projects visible to a user: own live projects, and projects of others that the
   * user joined while they are shared and not in the recycle bin.
   */
  async list(
    userId: number,
    scope: ListScope,
    page: number,
    limit: number,
  ): Promise<{ total: number; items: ProjectWithCreator[] }> {
    const [count, items] = await Promise.all([
      this.count(scope)({ userId }),
      this.page(scope)({ userId, limit, offset: (page - 1) * limit }),
    ]);
    return { total: toCount(count[0]?.count), items };
  }

  async insert(name: string, creatorId: number, now: string): Promise<number> {
    const row = await this.db
      .insertInto('projects')
      .values({
        project_name: name,
        creator_id: creatorId,
        is_shared: 0,
        share_code: null,
        share_type: null,
        share_id: null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    id: number,
    patch: Partial<
      Pick<
        ProjectRow,
        'project_name' | 'is_shared' | 'share_code' | 'share_type' | 'share_id' | 'updated_at' | 'deleted_at'
      >
    >,
  ): Promise<void> {
    await this.db.updateTable('projects').set(patch).where('id', '=', id).execute();
  }

  async isMember(projectId: number, userId: number): Promise<boolean> {
    return (await this.membership({ projectId, userId })).length > 0;
  }

  async addMember(projectId: number, userId: number, now: string): Promise<void> {
    await this.db
      .insertInto('project_members')
      .values({ project_id: projectId, user_id: userId, joined_at: now })
      .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
      .execute();
  }

  /**
   * Runs `work` in a transaction that holds the project's row lock (a no-op update): joins
   * of one project take their turn, so each counts every failure committed before it. On
   * PostgreSQL ids alone do not give that order: a try can commit after a later id's count.
   */
  async withProjectLock<T>(projectId: number, work: (locked: ProjectsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('projects')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', projectId)
        .execute();
      return work(new ProjectsRepository(tx));
    });
  }

  /** Records a join attempt and answers its id (attempts are numbered in the order they arrive). */
  async recordJoinAttempt(projectId: number, userId: number, succeeded: boolean, now: string): Promise<number> {
    const row = await this.db
      .insertInto('join_attempts')
      .values({ project_id: projectId, user_id: userId, succeeded: succeeded ? 1 : 0, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async markJoinAttemptSucceeded(attemptId: number): Promise<void> {
    await this.db.updateTable('join_attempts').set({ succeeded: 1 }).where('id', '=', attemptId).execute();
  }

  async deleteJoinAttempt(attemptId: number): Promise<void> {
    await this.db.deleteFrom('join_attempts').where('id', '=', attemptId).execute();
  }

  /**
   * Failed joins of one user on the project since a moment, up to and including one
   * attempt: how many, and the newest.
   */
  async failedJoinsSince(
    projectId: number,
    userId: number,
    since: string,
    upToAttemptId: number,
  ): Promise<{ count: number; newest: string | null }> {
    const row = await this.db
      .selectFrom('join_attempts')
      .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.max('created_at').as('newest')])
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('succeeded', '=', 0)
      .where('created_at', '>', since)
      .where('id', '<=', upToAttemptId)
      .executeTakeFirst();
    return { count: toCount(row?.count), newest: (row?.newest as string | null | undefined) ?? null };
  }
}

export type { ProjectRole };
