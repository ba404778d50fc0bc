import type { Kysely } from 'kysely';
import { toCount } from '../../db/dialect';
import type { Database, DockingResultRecord, NewDockingResultRecord } from '../../db/schema';

/** The only place with SQL for docking results. */
export class DockingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertMany(rows: NewDockingResultRecord[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insertInto('docking_results').values(rows).execute();
  }

  async deleteByJob(jobId: number): Promise<void> {
    await this.db.deleteFrom('docking_results').where('job_id', '=', jobId).execute();
  }

  /**
   * Ranked rows of a project (optionally one job): successes first by score (lowest,
   * i.e. best, first), then failed ligands in submission order. 'SUCCESS' sorts after
   * 'FAILED', hence descending status.
   */
  async list(
    scope: { projectId: number; jobId?: number },
    page: number,
    limit: number,
  ): Promise<{ total: number; items: DockingResultRecord[] }> {
    let q = this.db.selectFrom('docking_results').where('project_id', '=', scope.projectId);
    if (scope.jobId !== undefined) q = q.where('job_id', '=', scope.jobId);
    const count = await q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const items = await q
      .selectAll()
      .orderBy('status', 'desc')
      .orderBy('score', 'asc')
      .orderBy('job_id', 'desc')
      .orderBy('ligand_index', 'asc')
      .orderBy('pose', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return { total: toCount(count?.n), items };
  }
}
