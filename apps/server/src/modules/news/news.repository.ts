import type { MessageType } from '@medx/contract';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { toCount } from '../../db/dialect';
import type { Database, MessageRow, MessagesTable } from '../../db/schema';

export type ReaderMessage = MessageRow & { acked: number | string | boolean };
export type AdminMessageRow = MessageRow & { read_count: number | string | bigint };

/** The job a settled-job notification is about, with what its text names. */
export interface SettledJob {
  id: number;
  project_id: number;
  project_name: string;
  job_type: string;
  job_name: string | null;
  status: string;
  started_at: string | null;
  created_at: string;
  finished_at: string | null;
  user_id: number;
  user_type: 'GUEST' | 'REGISTERED';
  email: string | null;
}

type MessagesEb = ExpressionBuilder<Database, 'messages'>;

/** What a user may read: published, and either for everyone or the user's own. */
const visibleTo = (userId: number) => (eb: MessagesEb) =>
  eb.and([
    eb('messages.status', '=', 'PUBLISHED'),
    eb.or([eb('messages.user_id', 'is', null), eb('messages.user_id', '=', userId)]),
  ]);

/** Whether the user has read the message (a correlated subquery on message_acks). */
const ackedBy = (userId: number) => (eb: MessagesEb) =>
  eb.exists(
    eb
      .selectFrom('message_acks')
      .select('message_acks.message_id')
      .whereRef('message_acks.message_id', '=', 'messages.id')
      .where('message_acks.user_id', '=', userId),
  );

/** The only place with the news' SQL: readers' lists and acks, admins' messages, events. */
export class NewsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async unreadCounts(userId: number): Promise<Map<MessageType, number>> {
    const rows = await this.db
      .selectFrom('messages')
      .select(['type', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where(visibleTo(userId))
      .where((eb) => eb.not(ackedBy(userId)(eb)))
      .groupBy('type')
      .execute();
    return new Map(rows.map((row) => [row.type, toCount(row.n)]));
  }

  list(userId: number, type: MessageType, page: number, limit: number): Promise<ReaderMessage[]> {
    return this.db
      .selectFrom('messages')
      .selectAll('messages')
      .select((eb) => ackedBy(userId)(eb).as('acked'))
      .where('type', '=', type)
      .where(visibleTo(userId))
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
  }

  findVisible(userId: number, id: number): Promise<MessageRow | undefined> {
    return this.db.selectFrom('messages').selectAll().where('id', '=', id).where(visibleTo(userId)).executeTakeFirst();
  }

  async ack(messageId: number, userId: number, at: string): Promise<void> {
    await this.db
      .insertInto('message_acks')
      .values({ message_id: messageId, user_id: userId, acked_at: at })
      .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
      .execute();
  }

  /** Marks every unread message of a type the user can see as read, in one statement. */
  async ackAll(userId: number, type: MessageType, at: string): Promise<void> {
    await this.db
      .insertInto('message_acks')
      .columns(['message_id', 'user_id', 'acked_at'])
      .expression(
        this.db
          .selectFrom('messages')
          .select(['messages.id', sql.lit(userId).as('user_id'), sql<string>`${at}`.as('acked_at')])
          .where('type', '=', type)
          .where(visibleTo(userId))
          .where((eb) => eb.not(ackedBy(userId)(eb))),
      )
      .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
      .execute();
  }

  async insert(values: Omit<MessagesTable, 'id'>): Promise<number> {
    const row = await this.db.insertInto('messages').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: Partial<Omit<MessagesTable, 'id'>>): Promise<void> {
    await this.db.updateTable('messages').set(values).where('id', '=', id).execute();
  }

  private adminRows() {
    return this.db
      .selectFrom('messages')
      .selectAll('messages')
      .select((eb) =>
        eb
          .selectFrom('message_acks')
          .select((inner) => inner.fn.countAll<string | number>().as('n'))
          .whereRef('message_acks.message_id', '=', 'messages.id')
          .as('read_count'),
      )
      .where('messages.user_id', 'is', null);
  }

  findAdminMessage(id: number): Promise<AdminMessageRow | undefined> {
    return this.adminRows().where('messages.id', '=', id).executeTakeFirst() as Promise<AdminMessageRow | undefined>;
  }

  async adminList(page: number, limit: number): Promise<{ total: number; items: AdminMessageRow[] }> {
    const count = await this.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', 'is', null)
      .executeTakeFirst();
    const items = (await this.adminRows()
      .orderBy('messages.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute()) as AdminMessageRow[];
    return { total: toCount(count?.n), items };
  }

  settledJob(jobId: number): Promise<SettledJob | undefined> {
    return this.db
      .selectFrom('jobs')
      .innerJoin('projects', 'projects.id', 'jobs.project_id')
      .innerJoin('users', 'users.id', 'jobs.user_id')
      .select([
        'jobs.id',
        'jobs.project_id',
        'projects.project_name',
        'jobs.job_type',
        'jobs.job_name',
        'jobs.status',
        'jobs.started_at',
        'jobs.created_at',
        'jobs.finished_at',
        'jobs.user_id',
        'users.user_type',
        'users.email',
      ])
      .where('jobs.id', '=', jobId)
      .executeTakeFirst();
  }

  username(userId: number): Promise<{ username: string; user_type: 'GUEST' | 'REGISTERED' } | undefined> {
    return this.db.selectFrom('users').select(['username', 'user_type']).where('id', '=', userId).executeTakeFirst();
  }
}
