import type { Kysely } from 'kysely';
import type { Database, LoginFailuresTable, NewUserRow, UserRow, UserUpdate } from '../../db/schema';

/** The only place that writes SQL for users. */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findByPhone(region: string, phone: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('region', '=', region)
      .where('phone', '=', phone)
      .executeTakeFirst();
  }

  async insert(row: NewUserRow): Promise<UserRow> {
    return this.db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, patch: UserUpdate): Promise<UserRow> {
    return this.db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }

  loginFailures(account: string, client: string): Promise<LoginFailuresTable | undefined> {
    return this.db
      .selectFrom('login_failures')
      .selectAll()
      .where('account', '=', account)
      .where('client', '=', client)
      .executeTakeFirst();
  }

  /** Records a wrong password: the count and the time the next try is allowed. */
  async saveLoginFailures(row: LoginFailuresTable): Promise<void> {
    await this.db
      .insertInto('login_failures')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['account', 'client']).doUpdateSet({
          failures: row.failures,
          last_failed_at: row.last_failed_at,
          blocked_until: row.blocked_until,
        }),
      )
      .execute();
  }

  async clearLoginFailures(account: string, client: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('account', '=', account).where('client', '=', client).execute();
  }

  /** Housekeeping: backoff records with no failure since the cut-off. */
  async deleteLoginFailuresBefore(cutoff: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('last_failed_at', '<', cutoff).execute();
  }

  /** Guests created before the cut-off: their retention is over. */
  async guestIdsCreatedBefore(cutoff: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('user_type', '=', 'GUEST')
      .where('created_at', '<', cutoff)
      .execute();
    return rows.map((r) => r.id);
  }

  async insertFeedback(row: { user_id: number; email: string; content: string; created_at: string }): Promise<void> {
    await this.db.insertInto('feedback').values(row).execute();
  }

  async deleteMany(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('users').where('id', 'in', ids).execute();
  }
}
