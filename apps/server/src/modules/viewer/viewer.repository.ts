import type { Insertable, Kysely, Selectable } from 'kysely';
import { toCount } from '../../db/dialect';
import type { Database, UserRow, ViewerSessionsTable, ViewerStatesTable } from '../../db/schema';

export type ViewerStateRow = Selectable<ViewerStatesTable>;
export type ViewerSessionRow = Selectable<ViewerSessionsTable>;

/** Med View's rows: remote state access keys, remote states, project sessions. SQL only. */
export class ViewerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // --- access keys ---

  async insertKey(row: {
    project_id: number;
    user_id: number;
    key_hash: string;
    created_at: string;
    expires_at: string;
  }): Promise<void> {
    await this.db.insertInto('viewer_state_keys').values(row).execute();
  }

  /** Keeps the `keep` newest keys of (project, user) and the unexpired ones only. */
  async pruneKeys(projectId: number, userId: number, keep: number, now: string): Promise<void> {
    const newest = await this.db
      .selectFrom('viewer_state_keys')
      .select('id')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(keep)
      .execute();
    let query = this.db
      .deleteFrom('viewer_state_keys')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId);
    const ids = newest.map((r) => r.id);
    if (ids.length > 0) query = query.where((eb) => eb.or([eb('id', 'not in', ids), eb('expires_at', '<=', now)]));
    await query.execute();
  }

  /** The user holding an unexpired key of this project, with the key's id. */
  async keyHolder(projectId: number, keyHash: string, now: string): Promise<{ keyId: number; user: UserRow } | null> {
    const row = await this.db
      .selectFrom('viewer_state_keys')
      .innerJoin('users', 'users.id', 'viewer_state_keys.user_id')
      .selectAll('users')
      .select('viewer_state_keys.id as key_id')
      .where('viewer_state_keys.key_hash', '=', keyHash)
      .where('viewer_state_keys.project_id', '=', projectId)
      .where('viewer_state_keys.expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return null;
    const { key_id, ...user } = row;
    return { keyId: key_id, user };
  }

  async deleteKey(id: number): Promise<void> {
    await this.db.deleteFrom('viewer_state_keys').where('id', '=', id).execute();
  }

  // --- remote states ---

  listStates(projectId: number): Promise<ViewerStateRow[]> {
    return this.db.selectFrom('viewer_states').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
  }

  async countStates(projectId: number): Promise<number> {
    const row = await this.db
      .selectFrom('viewer_states')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return toCount(row?.n as string | number | undefined);
  }

  findState(projectId: number, stateId: string): Promise<ViewerStateRow | undefined> {
    return this.db
      .selectFrom('viewer_states')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('state_id', '=', stateId)
      .executeTakeFirst();
  }

  async insertState(row: Insertable<ViewerStatesTable>): Promise<void> {
    await this.db.insertInto('viewer_states').values(row).execute();
  }

  async deleteState(id: number): Promise<void> {
    await this.db.deleteFrom('viewer_states').where('id', '=', id).execute();
  }

  // --- project sessions ---

  findSession(projectId: number): Promise<ViewerSessionRow | undefined> {
    return this.db.selectFrom('viewer_sessions').selectAll().where('project_id', '=', projectId).executeTakeFirst();
  }

  /** The project's first session; false when another writer stored one first. */
  async insertSession(row: ViewerSessionRow): Promise<boolean> {
    const result = await this.db
      .insertInto('viewer_sessions')
      .values(row)
      .onConflict((oc) => oc.column('project_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /**
   * Points the project's session at a new object if it still is the one with `etag`
   * (in a transaction: the check and the swap are one); false when another writer came first.
   */
  swapSession(projectId: number, etag: string, next: Omit<ViewerSessionRow, 'project_id'>): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const result = await tx
        .updateTable('viewer_sessions')
        .set(next)
        .where('project_id', '=', projectId)
        .where('etag', '=', etag)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  // --- what a project that is gone left behind (the sweep) ---

  statesOfGoneProjects(limit: number): Promise<Pick<ViewerStateRow, 'id' | 'storage_key'>[]> {
    return this.db
      .selectFrom('viewer_states')
      .select(['id', 'storage_key'])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom('projects').select('projects.id').whereRef('projects.id', '=', 'viewer_states.project_id')),
        ),
      )
      .limit(limit)
      .execute();
  }

  async deleteStates(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('viewer_states').where('id', 'in', ids).execute();
  }

  sessionsOfGoneProjects(limit: number): Promise<Pick<ViewerSessionRow, 'project_id' | 'storage_key'>[]> {
    return this.db
      .selectFrom('viewer_sessions')
      .select(['project_id', 'storage_key'])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('projects').select('projects.id').whereRef('projects.id', '=', 'viewer_sessions.project_id'),
          ),
        ),
      )
      .limit(limit)
      .execute();
  }

  async deleteSessions(projectIds: number[]): Promise<void> {
    if (projectIds.length === 0) return;
    await this.db.deleteFrom('viewer_sessions').where('project_id', 'in', projectIds).execute();
  }
}
