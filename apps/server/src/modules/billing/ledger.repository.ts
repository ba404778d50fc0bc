import type { LedgerQuery } from '@medx/contract';
import type { Kysely } from 'kysely';
import { toCount } from '../../db/dialect';
import type { Database, LedgerRow } from '../../db/schema';

/** A change to post: signed fen and/or quota core-seconds, and what it belongs to. */
export interface Posting {
  user_id: number;
  kind: LedgerRow['kind'];
  amount_fen: number;
  quota_core_seconds?: number;
  order_id?: number | null;
  job_id?: number | null;
  instance_id?: number | null;
  admin_id?: number | null;
  reason?: string | null;
  created_at: string;
}

export interface LedgerListRow extends LedgerRow {
  order_no: string | null;
  admin_username: string | null;
}

/**
 * The only SQL of balances and the ledger. A balance changes only through `post`, which
 * writes the ledger row in the same statement sequence; callers run it inside the
 * transaction that also changes the order, instance or job it is about.
 */
export class LedgerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Applies a posting: the balance (and extra quota) move in one conditional UPDATE, so two
   * concurrent spenders cannot both pass a check on the same money; with `floorFen` the
   * update happens only if the balance stays at or above it. Answers the ledger row's id and
   * the balance after, or null when refused (nothing written).
   */
  async post(p: Posting, floorFen: number | null = null): Promise<{ id: number; balance_after_fen: number } | null> {
    const quota = p.quota_core_seconds ?? 0;
    const updated = await this.db
      .updateTable('users')
      .set((eb) => ({
        balance_fen: eb('balance_fen', '+', p.amount_fen),
        quota_extra_core_seconds: eb('quota_extra_core_seconds', '+', quota),
      }))
      .where('id', '=', p.user_id)
      .$if(floorFen !== null, (q) => q.where((eb) => eb(eb('balance_fen', '+', p.amount_fen), '>=', floorFen!)))
      .returning('balance_fen')
      .executeTakeFirst();
    if (!updated) return null;
    const balance = Number(updated.balance_fen);
    const row = await this.db
      .insertInto('ledger_entries')
      .values({
        user_id: p.user_id,
        kind: p.kind,
        amount_fen: p.amount_fen,
        balance_after_fen: balance,
        quota_core_seconds: quota,
        order_id: p.order_id ?? null,
        job_id: p.job_id ?? null,
        instance_id: p.instance_id ?? null,
        admin_id: p.admin_id ?? null,
        reason: p.reason ?? null,
        created_at: p.created_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, balance_after_fen: balance };
  }

  async list(userId: number, q: LedgerQuery): Promise<{ total: number; items: LedgerListRow[] }> {
    const count = await this.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const items = await this.db
      .selectFrom('ledger_entries')
      .leftJoin('orders', 'orders.id', 'ledger_entries.order_id')
      .leftJoin('users as admins', 'admins.id', 'ledger_entries.admin_id')
      .selectAll('ledger_entries')
      .select(['orders.order_no', 'admins.username as admin_username'])
      .where('ledger_entries.user_id', '=', userId)
      .orderBy(`ledger_entries.${q.sort_by}`, q.order)
      .orderBy('ledger_entries.id', q.order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute();
    return { total: toCount(count?.n), items };
  }
}
