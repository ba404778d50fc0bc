import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import { toCount } from '../../db/dialect';
import { preparedQuery, preparedShapes } from '../../db/prepared';
import type { Database, FileGroupRow, FileRow, NewFileRow } from '../../db/schema';

export type DbOrTx = Kysely<Database> | Transaction<Database>;

export interface FileSearch {
  projectId: number;
  fileTypes?: string[];
  query?: string;
  page: number;
  limit: number;
  orderBy: 'created_at' | 'name';
  sort: 'asc' | 'desc';
}

/** The only place that writes SQL for files, groups and uploads. */
export class FilesRepository {
  private readonly byId;
  private readonly plainPage;
  private readonly plainCount;

  constructor(readonly db: Kysely<Database>) {
    this.byId = preparedQuery(db, (v: { id: number }) => db.selectFrom('files').selectAll().where('id', '=', v.id));
    // The workspace's listing has no filter: its count and its page in each order are compiled once.
    const plain = (projectId: number) => this.matching({ projectId });
    this.plainCount = preparedQuery(db, (v: { projectId: number }) => this.counted(plain(v.projectId)));
    this.plainPage = preparedShapes((order: `${FileSearch['orderBy']} ${FileSearch['sort']}`) => {
      const [orderBy, sort] = order.split(' ') as [FileSearch['orderBy'], FileSearch['sort']];
      return preparedQuery(db, (v: { projectId: number; limit: number; offset: number }) =>
        this.paged(plain(v.projectId), orderBy, sort).limit(v.limit).offset(v.offset),
      );
    });
  }

  async findById(id: number): Promise<FileRow | undefined> {
    return (await this.byId({ id }))[0];
  }

  findManyByIds(ids: number[]): Promise<FileRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('files').selectAll().where('id', 'in', ids).execute();
  }

  listByProject(projectId: number, onlyShown: boolean): Promise<FileRow[]> {
    let q = this.db.selectFrom('files').selectAll().where('project_id', '=', projectId);
    if (onlyShown) q = q.where('is_show_entry', '=', 1);
    return q.orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
  }

  listByJob(jobId: number): Promise<FileRow[]> {
    return this.db.selectFrom('files').selectAll().where('job_id', '=', jobId).orderBy('id', 'asc').execute();
  }

  listByGroups(groupIds: number[], fileTypes?: string[]): Promise<FileRow[]> {
    if (groupIds.length === 0) return Promise.resolve([]);
    let q = this.db.selectFrom('files').selectAll().where('group_id', 'in', groupIds);
    if (fileTypes?.length) q = q.where('file_type', 'in', fileTypes);
    return q.orderBy('id', 'asc').execute();
  }

  /** Files of a project matching a search's filters (no order, no page). */
  private matching(s: Pick<FileSearch, 'projectId' | 'fileTypes' | 'query'>) {
    let q = this.db.selectFrom('files').where('project_id', '=', s.projectId);
    if (s.fileTypes?.length) q = q.where('file_type', 'in', s.fileTypes);
    if (s.query) {
      const text = s.query.toLowerCase();
      const asId = /^\d+$/.test(text) ? Number(text) : null;
      q = q.where((eb) => {
        // `\` escapes % and _ in both databases: SQLite's LIKE has no escape character unless told.
        const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const byName = sql<SqlBool>`lower(${sql.ref('name')}) like ${pattern} escape ${sql.lit('\\')}`;
        return asId === null ? byName : eb.or([byName, eb('id', '=', asId)]);
      });
    }
    return q;
  }

  private counted(q: ReturnType<FilesRepository['matching']>) {
    return q.select((eb) => eb.fn.countAll<string | number>().as('n'));
  }

  private paged(q: ReturnType<FilesRepository['matching']>, orderBy: FileSearch['orderBy'], sort: FileSearch['sort']) {
    return q.selectAll().orderBy(orderBy, sort).orderBy('id', sort);
  }

  /**
   * A count and a page, not one query with `count(*) over ()`: SQLite then builds every
   * matching row before the limit (16 ms instead of 0.05 ms for a page of 10,000 files).
   */
  async search(s: FileSearch): Promise<{ total: number; items: FileRow[] }> {
    const offset = (s.page - 1) * s.limit;
    if (!s.fileTypes?.length && !s.query) {
      const [count, items] = await Promise.all([
        this.plainCount({ projectId: s.projectId }),
        this.plainPage(`${s.orderBy} ${s.sort}`)({ projectId: s.projectId, limit: s.limit, offset }),
      ]);
      return { total: toCount(count[0]?.n), items };
    }
    const q = this.matching(s);
    const count = await this.counted(q).executeTakeFirst();
    const items = await this.paged(q, s.orderBy, s.sort).limit(s.limit).offset(offset).execute();
    return { total: toCount(count?.n), items };
  }

  async insert(row: NewFileRow, db: DbOrTx = this.db): Promise<FileRow> {
    return db.insertInto('files').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async update(
    id: number,
    patch: Partial<
      Pick<
        FileRow,
        'name' | 'is_show_entry' | 'group_id' | 'storage_key' | 'size' | 'sha256' | 'updated_at' | 'source_type'
      >
    >,
    db: DbOrTx = this.db,
  ): Promise<void> {
    await db.updateTable('files').set(patch).where('id', '=', id).execute();
  }

  async delete(id: number, db: DbOrTx = this.db): Promise<void> {
    await db.deleteFrom('files').where('id', '=', id).execute();
  }

  /** Storage keys of every file a set of users' projects hold (for the guest purge). */
  async storageKeysOfCreators(userIds: number[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('files')
      .innerJoin('projects', 'projects.id', 'files.project_id')
      .select('files.storage_key')
      .where('projects.creator_id', 'in', userIds)
      .execute();
    return rows.map((r) => r.storage_key);
  }

  // groups
  findGroup(id: number): Promise<FileGroupRow | undefined> {
    return this.db.selectFrom('file_groups').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findGroups(ids: number[]): Promise<FileGroupRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('file_groups').selectAll().where('id', 'in', ids).execute();
  }

  listGroups(projectId: number): Promise<FileGroupRow[]> {
    return this.db
      .selectFrom('file_groups')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  async insertGroup(projectId: number, name: string, now: string, db: DbOrTx = this.db): Promise<FileGroupRow> {
    return db
      .insertInto('file_groups')
      .values({ project_id: projectId, name, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async renameGroup(id: number, name: string): Promise<void> {
    await this.db.updateTable('file_groups').set({ name }).where('id', '=', id).execute();
  }

  async deleteGroup(id: number, db: DbOrTx = this.db): Promise<void> {
    await db.deleteFrom('file_groups').where('id', '=', id).execute();
  }

  async setGroup(fileIds: number[], groupId: number | null, db: DbOrTx = this.db): Promise<void> {
    if (fileIds.length === 0) return;
    await db.updateTable('files').set({ group_id: groupId }).where('id', 'in', fileIds).execute();
  }

  /** Groups left without files disappear: an empty group has no meaning in the entry list. */
  async deleteEmptyGroups(projectId: number, db: DbOrTx = this.db): Promise<void> {
    await db
      .deleteFrom('file_groups')
      .where('project_id', '=', projectId)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('files').select('files.id').whereRef('files.group_id', '=', 'file_groups.id'))),
      )
      .execute();
  }

  async ungroupAndHide(groupId: number, db: DbOrTx = this.db): Promise<void> {
    await db.updateTable('files').set({ group_id: null, is_show_entry: 0 }).where('group_id', '=', groupId).execute();
  }

  // uploads
  async insertUpload(row: {
    id: string;
    user_id: number;
    project_id: number;
    filename: string;
    created_at: string;
    upload_length: number;
  }) {
    await this.db.insertInto('uploads').values(row).execute();
  }

  findUpload(id: string) {
    return this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async deleteUpload(id: string, db: DbOrTx = this.db): Promise<void> {
    await db.deleteFrom('uploads').where('id', '=', id).execute();
  }

  uploadsOlderThan(cutoff: string) {
    return this.db.selectFrom('uploads').selectAll().where('created_at', '<', cutoff).execute();
  }
}
