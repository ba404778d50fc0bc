import type { AdminInstanceQuery } from '@medx/contract';
import type { Insertable, Kysely } from 'kysely';
import { toCount } from '../../db/dialect';
import type { Database, InstanceRow, InstancesTable } from '../../db/schema';

export const LIVE_STATUSES: InstanceRow['status'][] = ['pending', 'initializing', 'starting', 'running'];

export interface InstanceWithOwner extends InstanceRow {
  username: string;
  order_no: string | null;
}

/** The only SQL of instances. */
export class InstancesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<InstancesTable>): Promise<InstanceRow> {
    return this.db.insertInto('instances').values(row).returningAll().executeTakeFirstOrThrow();
  }

  private withOwner() {
    return this.db
      .selectFrom('instances')
      .innerJoin('users', 'users.id', 'instances.user_id')
      .leftJoin('orders', 'orders.id', 'instances.order_id')
      .selectAll('instances')
      .select(['users.username', 'orders.order_no']);
  }

  find(id: number): Promise<InstanceWithOwner | undefined> {
    return this.withOwner().where('instances.id', '=', id).executeTakeFirst();
  }

  ofUser(userId: number, liveOnly: boolean): Promise<InstanceWithOwner[]> {
    return this.withOwner()
      .where('instances.user_id', '=', userId)
      .$if(liveOnly, (q) => q.where('instances.status', 'in', LIVE_STATUSES))
      .orderBy('instances.id', 'desc')
      .execute();
  }

  /** A user's running instances, oldest first (the one whose jobs go first). */
  running(userId: number): Promise<InstanceRow[]> {
    return this.db
      .selectFrom('instances')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'running')
      .orderBy('id')
      .execute();
  }

  withStatus(statuses: InstanceRow['status'][]): Promise<InstanceRow[]> {
    return this.db.selectFrom('instances').selectAll().where('status', 'in', statuses).orderBy('id').execute();
  }

  async list(q: AdminInstanceQuery): Promise<{ total: number; items: InstanceWithOwner[] }> {
    const live = q.status === 'live';
    const ended = q.status === 'ended';
    const count = await this.db
      .selectFrom('instances')
      .$if(live, (b) => b.where('status', 'in', LIVE_STATUSES))
      .$if(ended, (b) => b.where('status', 'not in', LIVE_STATUSES))
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    const items = await this.withOwner()
      .$if(live, (b) => b.where('instances.status', 'in', LIVE_STATUSES))
      .$if(ended, (b) => b.where('instances.status', 'not in', LIVE_STATUSES))
      .orderBy('instances.id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute();
    return { total: toCount(count?.n), items };
  }

  /** Cores held by instances that are activating or running (the capacity already sold). */
  async reservedCores(): Promise<number> {
    const row = await this.db
      .selectFrom('instances')
      .select((eb) => eb.fn.sum<string | number>('cores').as('cores'))
      .where('status', 'in', LIVE_STATUSES)
      .executeTakeFirst();
    return Number(row?.cores ?? 0);
  }

  async transition(id: number, from: InstanceRow['status'][], patch: Partial<InstanceRow>): Promise<boolean> {
    const result = await this.db
      .updateTable('instances')
      .set(patch)
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Jobs on each instance's lane: running now, and all that ran there. */
  async jobCounts(instanceIds: number[]): Promise<Map<number, { running: number; total: number }>> {
    if (instanceIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('jobs')
      .select([
        'lane',
        (eb) => eb.fn.countAll<string | number>().as('total'),
        (eb) =>
          eb.fn
            .sum<string | number>(eb.case().when('status', 'in', ['RUNNING', 'POST_PROCESSING']).then(1).else(0).end())
            .as('running'),
      ])
      .where(
        'lane',
        'in',
        instanceIds.map((id) => laneKey(id)),
      )
      .groupBy('lane')
      .execute();
    return new Map(
      rows.map((r) => [
        Number(String(r.lane).slice('instance:'.length)),
        { running: Number(r.running ?? 0), total: toCount(r.total) },
      ]),
    );
  }
}

/** The queue lane of an instance. */
export function laneKey(instanceId: number): string {
  return `instance:${instanceId}`;
}

export function instanceIdOfLane(lane: string | null | undefined): number | null {
  const match = /^instance:(\d+)$/.exec(lane ?? '');
  return match ? Number(match[1]) : null;
}
