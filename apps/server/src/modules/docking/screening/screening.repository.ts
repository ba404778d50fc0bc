import type { LigandStatus, ScreeningFilter } from '@medx/contract';
import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { type DialectName, toCount } from '../../../db/dialect';
import type {
  Database,
  NewScreeningLigandRecord,
  ScreeningJobRecord,
  ScreeningLigandRecord,
  ScreeningLigandsTable,
} from '../../../db/schema';

/** A finished ligand, as the chunk program reports it. */
export type LigandOutcome = Partial<
  Pick<
    ScreeningLigandsTable,
    | 'error'
    | 'score'
    | 'smiles'
    | 'mw'
    | 'logp'
    | 'hbd'
    | 'hba'
    | 'rotatable_bonds'
    | 'heavy_atoms'
    | 'valid'
    | 'checks'
    | 'failed_checks'
    | 'check_details'
    | 'residues'
    | 'pose_sdf'
  >
> & { status: 'DONE' | 'FAILED' };

export type LigandSort = 'score' | 'name' | 'index' | 'mw' | 'logp' | 'heavy_atoms' | 'rotatable_bonds';

type LigandQuery = SelectQueryBuilder<Database, 'screening_ligands', object>;

/** Rows of a listing: no source and no pose (those are read one ligand at a time). */
const LIST_COLUMNS = [
  'id',
  'idx',
  'name',
  'active',
  'status',
  'error',
  'score',
  'smiles',
  'mw',
  'logp',
  'hbd',
  'hba',
  'rotatable_bonds',
  'heavy_atoms',
  'valid',
  'checks',
  'check_details',
  'residues',
] as const;
export type ScreeningListRecord = Pick<ScreeningLigandRecord, (typeof LIST_COLUMNS)[number]> & { rank: number | null };

const INSERT_BATCH = 500;

/** LIKE's wildcards in user text are literal. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The only place with SQL for screening (issue 14). */
export class ScreeningRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName = 'sqlite',
  ) {}

  async jobState(jobId: number): Promise<ScreeningJobRecord | undefined> {
    return this.db.selectFrom('screening_jobs').selectAll().where('job_id', '=', jobId).executeTakeFirst();
  }

  async ensureJobState(jobId: number, projectId: number, now: string): Promise<ScreeningJobRecord> {
    const found = await this.jobState(jobId);
    if (found) return found;
    await this.db
      .insertInto('screening_jobs')
      .values({ job_id: jobId, project_id: projectId, updated_at: now })
      .onConflict((oc) => oc.column('job_id').doNothing())
      .execute();
    return (await this.jobState(jobId))!;
  }

  async updateJobState(
    jobId: number,
    patch: Partial<Omit<ScreeningJobRecord, 'job_id' | 'project_id'>> & { updated_at: string },
  ): Promise<void> {
    await this.db.updateTable('screening_jobs').set(patch).where('job_id', '=', jobId).execute();
  }

  async deleteLigands(jobId: number): Promise<void> {
    await this.db.deleteFrom('screening_ligands').where('job_id', '=', jobId).execute();
  }

  async insertLigands(rows: NewScreeningLigandRecord[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await this.db
        .insertInto('screening_ligands')
        .values(rows.slice(i, i + INSERT_BATCH))
        .execute();
    }
  }

  /** Ligands left RUNNING by a runner that stopped go back to PENDING (their results were never written). */
  async releaseRunning(jobId: number, claim?: string): Promise<number> {
    let q = this.db
      .updateTable('screening_ligands')
      .set({ status: 'PENDING', claim: null, claimed_at: null })
      .where('job_id', '=', jobId)
      .where('status', '=', 'RUNNING');
    if (claim) q = q.where('claim', '=', claim);
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Takes up to `n` PENDING ligands (library order) for one chunk; answers them with their sources. */
  async claim(jobId: number, claim: string, n: number, now: string): Promise<ScreeningLigandRecord[]> {
    return this.db.transaction().execute(async (trx) => {
      let pick = trx
        .selectFrom('screening_ligands')
        .select('id')
        .where('job_id', '=', jobId)
        .where('status', '=', 'PENDING')
        .orderBy('idx')
        .limit(n);
      // Workers on many machines claim at once: each skips the rows another is taking.
      // SQLite has one writer at a time, so its transaction alone keeps claims apart.
      if (this.dialect === 'postgres') pick = pick.forUpdate().skipLocked();
      const ids = await pick.execute();
      if (ids.length === 0) return [];
      await trx
        .updateTable('screening_ligands')
        .set((eb) => ({ status: 'RUNNING', claim, claimed_at: now, attempts: eb('attempts', '+', 1) }))
        .where(
          'id',
          'in',
          ids.map((r) => r.id),
        )
        .where('status', '=', 'PENDING')
        .execute();
      return trx
        .selectFrom('screening_ligands')
        .selectAll()
        .where('job_id', '=', jobId)
        .where('claim', '=', claim)
        .where('status', '=', 'RUNNING')
        .orderBy('idx')
        .execute();
    });
  }

  /** A worker's heartbeat: its claimed rows are still being worked on. */
  async touchClaim(claim: string, now: string): Promise<void> {
    await this.db
      .updateTable('screening_ligands')
      .set({ claimed_at: now })
      .where('claim', '=', claim)
      .where('status', '=', 'RUNNING')
      .execute();
  }

  /** Rows whose worker stopped beating (claimed before `before`) go back to PENDING; answers how many. */
  async releaseStale(jobId: number, before: string): Promise<number> {
    const result = await this.db
      .updateTable('screening_ligands')
      .set({ status: 'PENDING', claim: null, claimed_at: null })
      .where('job_id', '=', jobId)
      .where('status', '=', 'RUNNING')
      .where('claimed_at', '<', before)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** A running screen whose receptor is staged for workers and that has ligands to dock (oldest first). */
  async nextStagedJob(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('screening_jobs')
      .innerJoin('jobs', 'jobs.id', 'screening_jobs.job_id')
      .select('screening_jobs.job_id')
      .where('screening_jobs.staged', '=', 1)
      .where('jobs.status', '=', 'RUNNING')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('screening_ligands')
            .select('screening_ligands.id')
            .whereRef('screening_ligands.job_id', '=', 'screening_jobs.job_id')
            .where('screening_ligands.status', '=', 'PENDING'),
        ),
      )
      .orderBy('screening_jobs.job_id')
      .limit(1)
      .executeTakeFirst();
    return row?.job_id;
  }

  /** Nothing left for a worker of this screen: it is not running, or no ligand is pending. */
  async nothingToClaim(jobId: number): Promise<boolean> {
    if ((await this.jobStatus(jobId)) !== 'RUNNING') return true;
    const pending = await this.db
      .selectFrom('screening_ligands')
      .select('id')
      .where('job_id', '=', jobId)
      .where('status', '=', 'PENDING')
      .limit(1)
      .executeTakeFirst();
    return pending === undefined;
  }

  /** The job's status (a worker stops a chunk whose job is no longer RUNNING). */
  async jobStatus(jobId: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('jobs').select('status').where('id', '=', jobId).executeTakeFirst();
    return row?.status;
  }

  /** The job's params (a worker reads the box and settings from them). */
  async jobParams(jobId: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('jobs').select('params').where('id', '=', jobId).executeTakeFirst();
    return row?.params;
  }

  /**
   * Records a ligand's outcome once: only a ligand still RUNNING under this claim is
   * written, so a chunk run twice (a runner thought dead) never writes a ligand twice.
   */
  async finish(jobId: number, idx: number, claim: string, outcome: LigandOutcome, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('screening_ligands')
      .set({ ...outcome, claim: null, claimed_at: null, finished_at: now })
      .where('job_id', '=', jobId)
      .where('idx', '=', idx)
      .where('status', '=', 'RUNNING')
      .where('claim', '=', claim)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async counts(jobId: number): Promise<Record<LigandStatus, number>> {
    const rows = await this.db
      .selectFrom('screening_ligands')
      .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('job_id', '=', jobId)
      .groupBy('status')
      .execute();
    const counts: Record<LigandStatus, number> = { PENDING: 0, RUNNING: 0, DONE: 0, FAILED: 0 };
    for (const row of rows) counts[row.status] = toCount(row.n);
    return counts;
  }

  async doneStats(
    jobId: number,
  ): Promise<{ valid: number; best: number | null; worst: number | null; last: string | null }> {
    const row = await this.db
      .selectFrom('screening_ligands')
      .select((eb) => [
        eb.fn.sum<string | number | null>(eb.case().when('valid', '=', 1).then(1).else(0).end()).as('valid'),
        eb.fn.min<number | null>('score').as('best'),
        eb.fn.max<number | null>('score').as('worst'),
        eb.fn.max<string | null>('finished_at').as('last'),
      ])
      .where('job_id', '=', jobId)
      .where('status', '=', 'DONE')
      .executeTakeFirst();
    return {
      valid: toCount(row?.valid ?? 0),
      best: row?.best === null || row?.best === undefined ? null : Number(row.best),
      worst: row?.worst === null || row?.worst === undefined ? null : Number(row.worst),
      last: row?.last ?? null,
    };
  }

  /**
   * Counts of docked scores per bin of equal width from edges[0] to the last edge (the last bin
   * includes its upper edge): one scan, each score's bin computed, not tested against every bin.
   */
  async histogram(jobId: number, edges: number[]): Promise<number[]> {
    const bins = edges.length - 1;
    if (bins < 1) return [];
    const from = edges[0]!;
    const width = (edges[bins]! - from) / bins;
    // Truncation is the floor here ((score - from) is never negative): CAST on SQLite truncates;
    // PostgreSQL's CAST rounds, so FLOOR first.
    const offset = sql<number>`(score - ${from}) / ${width}`;
    const bin =
      this.dialect === 'postgres'
        ? sql<number>`CAST(FLOOR(${offset}) AS INTEGER)`
        : sql<number>`CAST(${offset} AS INTEGER)`;
    const rows = await this.db
      .selectFrom('screening_ligands')
      .select([bin.as('bin'), (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('job_id', '=', jobId)
      .where('status', '=', 'DONE')
      .groupBy(sql`1`)
      .execute();
    const counts = new Array<number>(bins).fill(0);
    for (const row of rows) {
      const i = Math.min(bins - 1, Math.max(0, Number(row.bin)));
      counts[i]! += toCount(row.n);
    }
    return counts;
  }

  private filtered(jobId: number, filter: ScreeningFilter): LigandQuery {
    let q: LigandQuery = this.db.selectFrom('screening_ligands').where('job_id', '=', jobId);
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.name) q = q.where((eb) => likeInsensitive(eb, 'name', filter.name!));
    const range = (column: 'score' | 'mw' | 'logp', min?: number, max?: number) => {
      if (min !== undefined) q = q.where(column, '>=', min);
      if (max !== undefined) q = q.where(column, '<=', max);
    };
    range('score', filter.score_min, filter.score_max);
    range('mw', filter.mw_min, filter.mw_max);
    range('logp', filter.logp_min, filter.logp_max);
    if (filter.valid !== undefined) q = q.where('valid', '=', filter.valid ? 1 : 0);
    if (filter.failed_check) q = q.where('failed_checks', 'like', `% ${filter.failed_check} %`);
    if (filter.residue) {
      // The contract allows letters, digits and one ':' only, so the text has no LIKE wildcards.
      const residue = filter.residue.toUpperCase().replace('-', '');
      // "A:ASP86" is that chain's residue; "ASP86" the residue of any chain (or of none).
      q = residue.includes(':')
        ? q.where('residues', 'like', `% ${residue} %`)
        : q.where((eb) => eb.or([eb('residues', 'like', `%:${residue} %`), eb('residues', 'like', `% ${residue} %`)]));
    }
    if (filter.active !== undefined) q = q.where('active', '=', filter.active ? 1 : 0);
    return q;
  }

  async list(
    jobId: number,
    filter: ScreeningFilter,
    sort: LigandSort,
    order: 'asc' | 'desc',
    page: number,
    limit: number,
  ): Promise<{ total: number; items: ScreeningListRecord[] }> {
    const q = this.filtered(jobId, filter);
    const count = await q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const column = sort === 'index' ? 'idx' : sort;
    // The page's ids first, in order (ligands without a value, not docked or failed, last);
    // then those rows with their rank: SQLite would otherwise work out every skipped row's
    // columns, rank included, before the offset.
    const ids = await q
      .select('id')
      .orderBy(column, (ob) => (order === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsLast()))
      .orderBy('idx', 'asc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    const rows =
      ids.length === 0
        ? []
        : await this.db
            .selectFrom('screening_ligands')
            .select([...LIST_COLUMNS])
            .select('rank')
            .where(
              'id',
              'in',
              ids.map((r) => r.id),
            )
            .execute();
    // The stored rank once the job has ended (writeRanks); while it runs, counted for the page.
    const unranked = rows.filter((r) => r.status === 'DONE' && r.rank === null && r.score !== null);
    const counted = await this.ranksOf(
      jobId,
      unranked.map((r) => r.score!),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const items = ids.map((r) => byId.get(r.id)!).filter(Boolean);
    return {
      total: toCount(count?.n),
      items: items.map((r) => ({
        ...r,
        rank: r.status !== 'DONE' ? null : r.rank !== null ? Number(r.rank) : (counted.get(r.score!) ?? null),
      })) as ScreeningListRecord[],
    };
  }

  /**
   * The ranks of a page's docked scores (1 + the docked ligands scoring better; ties share a
   * rank) in one pass over the job's docked ligands, not one count per row: on PostgreSQL a
   * count walks every index entry it counts, so 50 rows of a 100,000-ligand screen sorted by
   * name took 0.9 s that way. Each docked score below the page's worst is put in the bucket
   * between two of the page's scores by a binary search written as nested CASEs (about
   * log2(page) comparisons a row), and the buckets are summed up.
   */
  private async ranksOf(jobId: number, scores: number[]): Promise<Map<number, number>> {
    const thresholds = [...new Set(scores)].sort((a, b) => a - b);
    const ranks = new Map<number, number>();
    if (thresholds.length === 0) return ranks;
    // bucket = how many thresholds are <= score, found in [lo, hi].
    type Eb = ExpressionBuilder<Database, 'screening_ligands'>;
    const bucket = (eb: Eb, lo: number, hi: number): ReturnType<typeof sql<number>> => {
      if (lo === hi) return sql<number>`${sql.lit(lo)}`;
      const mid = Math.ceil((lo + hi) / 2);
      return sql<number>`CASE WHEN ${eb.ref('score')} < ${thresholds[mid - 1]!} THEN ${bucket(eb, lo, mid - 1)} ELSE ${bucket(eb, mid, hi)} END`;
    };
    const rows = await this.db
      .selectFrom('screening_ligands')
      .select((eb) => [bucket(eb, 0, thresholds.length).as('b'), eb.fn.countAll<string | number>().as('n')])
      .where('job_id', '=', jobId)
      .where('status', '=', 'DONE')
      .where('score', '<', thresholds[thresholds.length - 1]!)
      .groupBy(sql`1`)
      .execute();
    const perBucket = new Map(rows.map((r) => [Number(r.b), toCount(r.n)]));
    // Scores below threshold j are those in buckets 0 .. j-1.
    let below = 0;
    thresholds.forEach((t, j) => {
      below += perBucket.get(j) ?? 0;
      ranks.set(t, below + 1);
    });
    return ranks;
  }

  async ligand(jobId: number, idx: number): Promise<ScreeningLigandRecord | undefined> {
    return this.db
      .selectFrom('screening_ligands')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('idx', '=', idx)
      .executeTakeFirst();
  }

  /**
   * Writes every docked ligand's rank once the job has ended (ties share a rank), so listing
   * 100,000 rows in any order needs no counting.
   */
  async writeRanks(jobId: number): Promise<void> {
    await sql`
      UPDATE screening_ligands SET rank = ranked.r
      FROM (
        SELECT id, RANK() OVER (ORDER BY score) AS r
        FROM screening_ligands WHERE job_id = ${jobId} AND status = 'DONE'
      ) AS ranked
      WHERE screening_ligands.id = ranked.id`.execute(this.db);
  }

  /** The rank a docked score has (1 = best). */
  async rankOf(jobId: number, score: number): Promise<number> {
    const row = await this.db
      .selectFrom('screening_ligands')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('job_id', '=', jobId)
      .where('status', '=', 'DONE')
      .where('score', '<', score)
      .executeTakeFirst();
    return toCount(row?.n) + 1;
  }

  /** The best `top` docked ligands passing the filter, in pages (keyset on score, idx): never all in memory. */
  async *exportRows(
    jobId: number,
    filter: ScreeningFilter,
    top: number,
    page = 500,
  ): AsyncGenerator<ScreeningLigandRecord> {
    let sent = 0;
    let after: { score: number; idx: number } | null = null;
    while (sent < top) {
      let q = this.filtered(jobId, { ...filter, status: 'DONE' });
      if (after) {
        const { score, idx } = after;
        q = q.where((eb) => eb.or([eb('score', '>', score), eb.and([eb('score', '=', score), eb('idx', '>', idx)])]));
      }
      const rows = await q
        .selectAll()
        .orderBy('score', 'asc')
        .orderBy('idx', 'asc')
        .limit(Math.min(page, top - sent))
        .execute();
      if (rows.length === 0) return;
      for (const row of rows) yield row;
      sent += rows.length;
      const last = rows[rows.length - 1]!;
      after = { score: Number(last.score), idx: last.idx };
    }
  }

  /** Score and activity of every labelled ligand that ended (failed ones rank last in the enrichment). */
  async labelled(jobId: number): Promise<{ idx: number; score: number | null; active: number }[]> {
    const rows = await this.db
      .selectFrom('screening_ligands')
      .select(['idx', 'score', 'active'])
      .where('job_id', '=', jobId)
      .where('active', 'is not', null)
      .where('status', 'in', ['DONE', 'FAILED'])
      .orderBy('idx')
      .execute();
    return rows.map((r) => ({ idx: r.idx, score: r.score === null ? null : Number(r.score), active: r.active! }));
  }

  /** Ranked best ligands, for the job's result rows. */
  async best(jobId: number, n: number): Promise<Pick<ScreeningLigandRecord, 'name' | 'score' | 'valid'>[]> {
    return this.db
      .selectFrom('screening_ligands')
      .select(['name', 'score', 'valid'])
      .where('job_id', '=', jobId)
      .where('status', '=', 'DONE')
      .orderBy('score', 'asc')
      .orderBy('idx', 'asc')
      .limit(n)
      .execute();
  }
}

/** Case-insensitive "contains" on both SQLite and PostgreSQL (LIKE is case-sensitive on PostgreSQL). */
function likeInsensitive(eb: ExpressionBuilder<Database, 'screening_ligands'>, column: 'name', text: string) {
  return eb(eb.fn('lower', [column]), 'like', sql<string>`${`%${likeText(text.toLowerCase())}%`} escape '\\'`);
}
