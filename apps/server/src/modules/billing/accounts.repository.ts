import type { AdminUserQuery } from '@medx/contract';
import type { Kysely } from 'kysely';
import { toCount } from '../../db/dialect';
import type { Database, UserRow } from '../../db/schema';

/** The only SQL of account money and compute facts, and of the admin's user list. */
export class AccountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findUser(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Core-seconds of shared capacity the user's jobs used (jobs on a paid instance do not count). */
  async quotaUsed(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.sum<string | number>('quota_core_seconds').as('used'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.used ?? 0);
  }

  async quotaUsedOf(userIds: number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('jobs')
      .select(['user_id', (eb) => eb.fn.sum<string | number>('quota_core_seconds').as('used')])
      .where('user_id', 'in', userIds)
      .groupBy('user_id')
      .execute();
    return new Map(rows.map((r) => [r.user_id, Number(r.used ?? 0)]));
  }

  async searchUsers(q: AdminUserQuery): Promise<{ total: number; items: UserRow[] }> {
    const text = q.query.trim();
    const base = this.db
      .selectFrom('users')
      .$if(q.user_type !== 'all', (b) => b.where('user_type', '=', q.user_type as UserRow['user_type']))
      .$if(q.status === 'active', (b) => b.where('disabled_at', 'is', null))
      .$if(q.status === 'disabled', (b) => b.where('disabled_at', 'is not', null))
      .$if(text !== '', (b) =>
        b.where((eb) => {
          // Wildcards typed by the admin are dropped rather than escaped (escapes differ by dialect).
          const like = `%${text.toLowerCase().replace(/[\\%_]/g, '')}%`;
          const ors = [
            eb(eb.fn('lower', ['username']), 'like', like),
            eb(eb.fn('lower', ['email']), 'like', like),
            eb('phone', 'like', like),
            eb(eb.fn('lower', ['organization']), 'like', like),
          ];
          if (/^\d+$/.test(text) && Number(text) <= 2_147_483_647) ors.push(eb('id', '=', Number(text)));
          return eb.or(ors);
        }),
      );
    const count = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const items = await base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute();
    return { total: toCount(count?.n), items };
  }

  async setDisabled(userId: number, disabledAt: string | null): Promise<void> {
    await this.db.updateTable('users').set({ disabled_at: disabledAt }).where('id', '=', userId).execute();
    // A disabled account is signed out everywhere at once.
    if (disabledAt) await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  async setAdminPanel(userId: number, granted: boolean): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ admin_panel: granted ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
  }

  /** The system view's counts. */
  async jobsByState(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, toCount(r.n)]));
  }

  async storage(): Promise<{ files: number; bytes: number }> {
    const row = await this.db
      .selectFrom('files')
      .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.sum<string | number>('size').as('bytes')])
      .executeTakeFirst();
    return { files: toCount(row?.n), bytes: Number(row?.bytes ?? 0) };
  }

  async userCounts(): Promise<{ registered: number; guests: number; disabled: number }> {
    const rows = await this.db
      .selectFrom('users')
      .select([
        'user_type',
        (eb) => eb.fn.countAll<string | number>().as('n'),
        (eb) => eb.fn.count<string | number>('disabled_at').as('disabled'),
      ])
      .groupBy('user_type')
      .execute();
    const of = (type: string) => rows.find((r) => r.user_type === type);
    return {
      registered: toCount(of('REGISTERED')?.n),
      guests: toCount(of('GUEST')?.n),
      disabled: rows.reduce((sum, r) => sum + toCount(r.disabled), 0),
    };
  }
}
