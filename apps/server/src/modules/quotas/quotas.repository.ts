import type { Kysely } from 'kysely';
import { toCount } from '../../db/dialect';
import type { Database, JobRow, UserRow } from '../../db/schema';

/** Jobs that hold a slot of their submitter: queued or running. */
const ACTIVE: JobRow['status'][] = ['PRE_PROCESSING', 'RUNNING', 'POST_PROCESSING'];

export type QuotaUser = Pick<UserRow, 'id' | 'user_type' | 'storage_quota_bytes'>;

/**
 * The only place with the quotas' SQL: what a user's projects hold (files and unfinished
 * uploads), how many projects the user created, how many of its jobs are active, and the
 * admin's per-user override.
 */
export class QuotasRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findUser(userId: number): Promise<QuotaUser | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'user_type', 'storage_quota_bytes'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** The creator of a project: whose storage its files and uploads count against. */
  ownerOfProject(projectId: number): Promise<QuotaUser | undefined> {
    return this.db
      .selectFrom('projects')
      .innerJoin('users', 'users.id', 'projects.creator_id')
      .select(['users.id as id', 'users.user_type as user_type', 'users.storage_quota_bytes as storage_quota_bytes'])
      .where('projects.id', '=', projectId)
      .executeTakeFirst();
  }

  /**
   * Bytes held by the projects a user created (the recycle bin included): stored files, and
   * the declared length of unfinished uploads (all but `exceptUpload`, which the caller is
   * turning into files).
   */
  async storageOf(ownerId: number, exceptUpload?: string): Promise<{ files: number; reserved: number }> {
    const files = await this.db
      .selectFrom('files')
      .innerJoin('projects', 'projects.id', 'files.project_id')
      .select((eb) => eb.fn.sum<string | number | null>('files.size').as('n'))
      .where('projects.creator_id', '=', ownerId)
      .executeTakeFirst();
    let uploads = this.db
      .selectFrom('uploads')
      .innerJoin('projects', 'projects.id', 'uploads.project_id')
      .select((eb) => eb.fn.sum<string | number | null>('uploads.upload_length').as('n'))
      .where('projects.creator_id', '=', ownerId);
    if (exceptUpload) uploads = uploads.where('uploads.id', '!=', exceptUpload);
    const reserved = await uploads.executeTakeFirst();
    return { files: toCount(files?.n), reserved: toCount(reserved?.n) };
  }

  async projectsCreatedBy(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('creator_id', '=', userId)
      .executeTakeFirst();
    return toCount(row?.n);
  }

  async activeJobsOf(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', 'in', ACTIVE)
      .executeTakeFirst();
    return toCount(row?.n);
  }

  async setStorageQuota(userId: number, bytes: number | null): Promise<void> {
    await this.db.updateTable('users').set({ storage_quota_bytes: bytes }).where('id', '=', userId).execute();
  }
}
