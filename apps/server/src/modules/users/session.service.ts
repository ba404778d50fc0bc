import { SESSION_POLICY } from '@medx/contract';
import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared';
import type { Database, UserRow } from '../../db/schema';
import type { AuthContext } from '../../http/request-context';
import { type Clock, DAY, iso } from '../../lib/clock';
import { newToken, sha256 } from '../../lib/secrets';

/** Session tokens: random, stored as SHA-256 only, with an expiry; sign-out deletes the row. */
export class SessionService {
  /** Every authenticated request asks this: compiled once (db/prepared.ts). */
  private readonly byTokenHash;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {
    this.byTokenHash = preparedQuery(db, (v: { tokenHash: string }) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select(['sessions.id as session_id', 'sessions.expires_at as session_expires_at'])
        .where('sessions.token_hash', '=', v.tokenHash),
    );
  }

  async create(user: UserRow): Promise<string> {
    const token = newToken();
    const now = this.clock.now();
    const days = user.user_type === 'GUEST' ? SESSION_POLICY.guestDays : SESSION_POLICY.registeredDays;
    await this.db
      .insertInto('sessions')
      .values({
        user_id: user.id,
        token_hash: sha256(token),
        created_at: iso(now),
        expires_at: iso(new Date(now.getTime() + days * DAY)),
      })
      .execute();
    return token;
  }

  async resolve(token: string): Promise<AuthContext | null> {
    const [row] = await this.byTokenHash({ tokenHash: sha256(token) });
    // A disabled account's sessions are deleted when an admin disables it; this holds meanwhile.
    if (!row || row.session_expires_at <= iso(this.clock.now()) || row.disabled_at) return null;
    const { session_id, session_expires_at: _expires, ...user } = row;
    return { user, sessionId: session_id };
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  /** After a password change or reset: every other session of the user ends. */
  async revokeAllExcept(userId: number, keepSessionId: number | null): Promise<void> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
    await query.execute();
  }

  async deleteExpired(): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', iso(this.clock.now())).execute();
  }
}
