import type { AdminFeedbackQuery } from '@medx/contract';
import type { Kysely } from 'kysely';
import { toCount } from '../../db/dialect';
import type { Database } from '../../db/schema';

export interface FeedbackInboxRow {
  id: number;
  email: string;
  content: string;
  created_at: string;
  handled_at: string | null | undefined;
  user_id: number | null;
  username: string | null;
  user_type: 'GUEST' | 'REGISTERED' | null;
}

/** The only place with the feedback inbox's SQL. */
export class FeedbackInboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Feedback with its sender (null once the account is gone). */
  private rows() {
    return this.db
      .selectFrom('feedback')
      .leftJoin('users', 'users.id', 'feedback.user_id')
      .select([
        'feedback.id',
        'feedback.email',
        'feedback.content',
        'feedback.created_at',
        'feedback.handled_at',
        'feedback.user_id',
        'users.username',
        'users.user_type',
      ]);
  }

  async list(query: AdminFeedbackQuery): Promise<{ total: number; items: FeedbackInboxRow[] }> {
    const count = await this.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .$if(query.status === 'open', (q) => q.where('handled_at', 'is', null))
      .$if(query.status === 'handled', (q) => q.where('handled_at', 'is not', null))
      .executeTakeFirst();
    const items = await this.rows()
      .$if(query.status === 'open', (q) => q.where('feedback.handled_at', 'is', null))
      .$if(query.status === 'handled', (q) => q.where('feedback.handled_at', 'is not', null))
      .orderBy('feedback.id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    return { total: toCount(count?.n), items };
  }

  find(id: number): Promise<FeedbackInboxRow | undefined> {
    return this.rows().where('feedback.id', '=', id).executeTakeFirst();
  }

  async setHandled(id: number, handledAt: string | null, adminId: number | null): Promise<void> {
    await this.db
      .updateTable('feedback')
      .set({ handled_at: handledAt, handled_by: adminId })
      .where('id', '=', id)
      .execute();
  }
}
