import type { QuotaUsage, SetStorageQuotaRequest } from '@medx/contract';
import type { UserRow } from '../../db/schema';
import { type IsAdmin, requireAdmin } from '../../http/admin-guard';
import { AppError, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import type { StorageClaim, StorageGuard } from '../files/file-records';
import type { QuotasRepository, QuotaUser } from './quotas.repository';

const MB = 1024 * 1024;

/** The limits of each kind of user (config.ts: STORAGE_QUOTA_MB, PROJECTS_MAX, ACTIVE_JOBS_MAX...). */
export interface QuotaLimits {
  storageBytes: { registered: number; guest: number };
  projects: { registered: number; guest: number };
  activeJobs: { registered: number; guest: number };
}

export function quotaLimitsOf(config: {
  storageQuotaMb: number;
  guestStorageQuotaMb: number;
  projectsMax: number;
  guestProjectsMax: number;
  activeJobsMax: number;
  guestActiveJobsMax: number;
}): QuotaLimits {
  return {
    storageBytes: {
      registered: Math.round(config.storageQuotaMb * MB),
      guest: Math.round(config.guestStorageQuotaMb * MB),
    },
    projects: { registered: config.projectsMax, guest: config.guestProjectsMax },
    activeJobs: { registered: config.activeJobsMax, guest: config.guestActiveJobsMax },
  };
}

/** 1536 → '1.5 KB', 209715200 → '200 MB' (binary units, as the MB of the settings). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
  return `${shown} ${units[unit]}`;
}

/** Runs work one at a time per key, so a check and the write it allows are not interleaved. */
class KeyedLock {
  private readonly tails = new Map<number, Promise<unknown>>();

  async run<T>(key: number, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const mine = before.catch(() => {}).then(work);
    const tail = mine.catch(() => {});
    this.tails.set(key, tail);
    try {
      return await mine;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

/**
 * Quotas (docs/decisions.md "Quotas"): storage per project owner (files + unfinished
 * uploads), projects per creator, active jobs per submitter. The files, projects and jobs
 * modules ask it through their ports (StorageGuard, ProjectAdmission, JobAdmission) before
 * they store, create or queue; checks and the writes they allow run under a per-user lock
 * (one server process: the job queue is in-process too).
 */
export class QuotasService implements StorageGuard {
  private readonly storageLock = new KeyedLock();
  private readonly projectLock = new KeyedLock();
  private readonly jobLock = new KeyedLock();

  constructor(
    private readonly repo: QuotasRepository,
    private readonly limits: QuotaLimits,
    private readonly isAdmin: IsAdmin,
  ) {}

  storageLimitOf(user: QuotaUser): number {
    if (user.storage_quota_bytes !== null && user.storage_quota_bytes !== undefined) {
      return Number(user.storage_quota_bytes);
    }
    return user.user_type === 'GUEST' ? this.limits.storageBytes.guest : this.limits.storageBytes.registered;
  }

  private projectsLimitOf(user: Pick<UserRow, 'user_type'>): number {
    return user.user_type === 'GUEST' ? this.limits.projects.guest : this.limits.projects.registered;
  }

  private jobsLimitOf(user: Pick<UserRow, 'user_type'>): number {
    return user.user_type === 'GUEST' ? this.limits.activeJobs.guest : this.limits.activeJobs.registered;
  }

  /** GET /v1/quotas: the caller's usage and limits. */
  async usage(userId: number): Promise<QuotaUsage> {
    const user = await this.repo.findUser(userId);
    if (!user) throw notFound('quotaUserNotFound', { id: userId });
    const [storage, projects, jobs] = await Promise.all([
      this.repo.storageOf(user.id),
      this.repo.projectsCreatedBy(user.id),
      this.repo.activeJobsOf(user.id),
    ]);
    return {
      user_id: user.id,
      storage_used: storage.files + storage.reserved,
      storage_reserved: storage.reserved,
      storage_limit: this.storageLimitOf(user),
      storage_custom: user.storage_quota_bytes !== null && user.storage_quota_bytes !== undefined,
      projects,
      projects_limit: this.projectsLimitOf(user),
      jobs_running: jobs,
      jobs_limit: this.jobsLimitOf(user),
    };
  }

  /**
   * StorageGuard: lets `work` store `claim.bytes` in a project if its owner has room, under the
   * owner's lock. Refused: 413 with the used and limit amounts; job outputs (`overQuota:
   * 'keep'`) are stored anyway and the first write beyond the limit is reported.
   */
  async claim<T>(projectId: number, claim: StorageClaim, work: () => Promise<T>): Promise<T> {
    const owner = await this.repo.ownerOfProject(projectId);
    // No such project: the work fails on its own (its rows reference the project).
    if (!owner) return work();
    return this.storageLock.run(owner.id, async () => {
      const limit = this.storageLimitOf(owner);
      const { files, reserved } = await this.repo.storageOf(owner.id, claim.uploadId);
      const used = files + reserved;
      const after = used - (claim.freed ?? 0) + claim.bytes;
      const grows = after > used;
      if (grows && after > limit && claim.overQuota !== 'keep') {
        const params = { used: formatBytes(used), limit: formatBytes(limit), needed: formatBytes(after - used) };
        const key =
          owner.id !== claim.userId
            ? 'ownerStorageQuotaExceeded'
            : owner.user_type === 'GUEST' && owner.storage_quota_bytes == null
              ? 'guestStorageQuotaExceeded'
              : 'storageQuotaExceeded';
        throw new AppError(413, key, params);
      }
      const result = await work();
      if (grows && used <= limit && after > limit) await claim.onExceeded?.({ used: after, limit });
      return result;
    });
  }

  /** ProjectAdmission: creates a project only while the creator is under its project limit. */
  admitProject<T>(auth: AuthContext, work: () => Promise<T>): Promise<T> {
    return this.projectLock.run(auth.user.id, async () => {
      const limit = this.projectsLimitOf(auth.user);
      const count = await this.repo.projectsCreatedBy(auth.user.id);
      if (count >= limit) {
        const key = auth.user.user_type === 'GUEST' ? 'guestProjectLimitReached' : 'projectLimitReached';
        throw new AppError(403, key, { count, limit });
      }
      return work();
    });
  }

  /**
   * JobAdmission: queues a job only while the submitter has fewer active jobs than its limit
   * (429, try again when one ends), and while the project's owner has storage left for the
   * outputs (413).
   */
  admitJob<T>(auth: AuthContext, projectId: number, work: () => Promise<T>): Promise<T> {
    return this.jobLock.run(auth.user.id, async () => {
      const limit = this.jobsLimitOf(auth.user);
      const count = await this.repo.activeJobsOf(auth.user.id);
      if (count >= limit) {
        const key = auth.user.user_type === 'GUEST' ? 'guestJobLimitReached' : 'jobLimitReached';
        throw new AppError(429, key, { count, limit });
      }
      const owner = await this.repo.ownerOfProject(projectId);
      if (owner) {
        const storageLimit = this.storageLimitOf(owner);
        const { files, reserved } = await this.repo.storageOf(owner.id);
        if (files + reserved >= storageLimit) {
          throw new AppError(413, 'jobStorageFull', {
            used: formatBytes(files + reserved),
            limit: formatBytes(storageLimit),
          });
        }
      }
      return work();
    });
  }

  /** PUT /v1/quotas/storage: an admin sets (or with null resets) a user's storage quota. */
  async setStorageQuota(auth: AuthContext, input: SetStorageQuotaRequest): Promise<QuotaUsage> {
    requireAdmin(auth, this.isAdmin, 'quotaAdminOnly');
    const user = await this.repo.findUser(input.user_id);
    if (!user) throw notFound('quotaUserNotFound', { id: input.user_id });
    await this.repo.setStorageQuota(user.id, input.storage_mb === null ? null : input.storage_mb * MB);
    return this.usage(user.id);
  }
}
