import { LIMITS } from '@medx/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, DAY, iso } from '../../lib/clock';
import type { UsersRepository } from './users.repository';

/** Something that owns data per user and must drop it before the user goes (files, jobs, ...). */
export type UserPurgeHook = (userIds: number[]) => Promise<void>;

/**
 * Guest data is kept for one month (spec §1). Guests older than that are deleted
 * with everything they own: projects, memberships and sessions go by foreign-key
 * cascade; stores outside the database register a hook.
 */
export class GuestPurgeService {
  private readonly hooks: UserPurgeHook[] = [];

  constructor(
    private readonly users: UsersRepository,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  addHook(hook: UserPurgeHook): void {
    this.hooks.push(hook);
  }

  async purgeExpired(): Promise<number> {
    const cutoff = iso(new Date(this.clock.now().getTime() - LIMITS.guestRetentionDays * DAY));
    const ids = await this.users.guestIdsCreatedBefore(cutoff);
    if (ids.length === 0) return 0;
    for (const hook of this.hooks) await hook(ids);
    await this.users.deleteMany(ids);
    this.log.info({ count: ids.length }, 'purged expired guest accounts');
    return ids.length;
  }
}
