import type { AdminOrderQuery, OrderQuery } from '@medx/contract';
import type { Insertable, Kysely } from 'kysely';
import { toCount } from '../../db/dialect';
import type { Database, OrderRow, OrdersTable } from '../../db/schema';

export interface OrderWithUser extends OrderRow {
  username: string;
}

/** The only SQL of orders, payment callbacks and the sandbox provider's checkouts. */
export class OrdersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<OrdersTable>): Promise<OrderRow> {
    return this.db.insertInto('orders').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async countPending(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('orders')
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    return toCount(row?.n);
  }

  findByNo(orderNo: string): Promise<OrderRow | undefined> {
    return this.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  }

  findById(id: number): Promise<OrderRow | undefined> {
    return this.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Moves an order on only from the states given: false when another request moved it first. */
  async transition(id: number, from: OrderRow['status'][], patch: Partial<OrderRow>): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set(patch)
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async list(userId: number, q: OrderQuery): Promise<{ total: number; items: OrderRow[] }> {
    const base = this.db.selectFrom('orders').where('user_id', '=', userId).where('kind', '=', q.kind);
    const count = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const items = await base
      .selectAll()
      .orderBy(q.sort_by, q.order)
      .orderBy('id', q.order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute();
    return { total: toCount(count?.n), items };
  }

  async listAll(q: AdminOrderQuery): Promise<{ total: number; items: OrderWithUser[] }> {
    const base = this.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .$if(q.kind !== 'all', (b) => b.where('orders.kind', '=', q.kind as OrderRow['kind']))
      .$if(q.status !== 'all', (b) => b.where('orders.status', '=', q.status as OrderRow['status']));
    const count = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const items = await base
      .selectAll('orders')
      .select('users.username')
      .orderBy('orders.id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute();
    return { total: toCount(count?.n), items };
  }

  /**
   * Records a provider's callback by its event id: false when it was processed before (a
   * replay), so the caller changes nothing. Run in the transaction that applies it.
   */
  async recordEvent(provider: string, eventId: string, orderNo: string, kind: string, at: string): Promise<boolean> {
    const seen = await this.db
      .selectFrom('payment_events')
      .select('event_id')
      .where('provider', '=', provider)
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    if (seen) return false;
    await this.db
      .insertInto('payment_events')
      .values({ provider, event_id: eventId, order_no: orderNo, kind, received_at: at })
      .execute();
    return true;
  }

  async insertCheckout(row: Insertable<Database['sandbox_checkouts']>): Promise<void> {
    await this.db.insertInto('sandbox_checkouts').values(row).execute();
  }

  findCheckout(ref: string) {
    return this.db.selectFrom('sandbox_checkouts').selectAll().where('ref', '=', ref).executeTakeFirst();
  }

  /** Closes an open checkout: false when it was already closed (a double click). */
  async closeCheckout(ref: string, status: 'paid' | 'canceled' | 'failed'): Promise<boolean> {
    const result = await this.db
      .updateTable('sandbox_checkouts')
      .set({ status })
      .where('ref', '=', ref)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
