import type { Kysely } from 'kysely';
import type { Database, JobSpaceItemsTable } from '../../db/schema';

/** The job space (project files imported for tool jobs) and the tools policy column of users. */
export class ToolsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertItems(rows: JobSpaceItemsTable[]): Promise<void> {
    if (rows.length) await this.db.insertInto('job_space_items').values(rows).execute();
  }

  findItems(ids: string[]): Promise<JobSpaceItemsTable[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('job_space_items').selectAll().where('id', 'in', ids).execute();
  }

  async setToolsPolicy(userId: number, policy: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ tools_policy: policy })
      .where('id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
