import type { Kysely } from 'kysely';
import type { Database, JobSpaceItemsTable } from '../../db/schema';
import type { FilesRepository } from '../files/files.repository';
import type { ResolvedFile } from './tool-form';

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

/** The project files behind job-space ids (POST /v1/tools/import), only the given project's. */
export async function resolveJobSpace(
  repository: ToolsRepository,
  files: FilesRepository,
  projectId: number,
  ids: readonly string[],
): Promise<Map<string, ResolvedFile & { name: string }>> {
  const items = (await repository.findItems([...new Set(ids)])).filter((item) => item.project_id === projectId);
  const rows = await files.findManyByIds(items.map((item) => item.file_id));
  const byId = new Map(rows.filter((f) => f.project_id === projectId).map((f) => [f.id, f]));
  const resolved = new Map<string, ResolvedFile & { name: string }>();
  for (const item of items) {
    const file = byId.get(item.file_id);
    if (file) resolved.set(item.id, { file_id: file.id, ext: file.ext, name: file.name });
  }
  return resolved;
}
