import type { Kysely } from 'kysely';
import type { Database, JobRow } from '../../db/schema';

/** The only SQL of metering: a job's billing columns (lane is the engine's, the rest billing's). */
export class MeteringRepository {
  constructor(private readonly db: Kysely<Database>) {}

  job(id: number): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Records the metering once: false when the job was metered before. */
  async meter(id: number, coreSeconds: number, quotaCoreSeconds: number): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ core_seconds: coreSeconds, quota_core_seconds: quotaCoreSeconds })
      .where('id', '=', id)
      .where('core_seconds', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
