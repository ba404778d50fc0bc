import { coreHours, translate } from '@medx/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRow, UserRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import type { Lane } from '../../jobs/job-queue';
import { type Clock, iso } from '../../lib/clock';
import type { JobsService } from '../jobs/jobs.service';
import type { BillingStore } from './billing-store';
import { instanceIdOfLane, laneKey } from './instances.repository';
import { usageFen } from './levels';

const HOUR_S = 3600;
/** A job in the shared pool holds one core (the pool runs one job per core). */
const SHARED_CORES = 1;

export interface QuotaDefaults {
  registeredCoreHours: number;
  guestCoreHours: number;
}

/** A user's compute quota in core-seconds: the default of its type plus what admins added. */
export class ComputeQuota {
  constructor(
    private readonly store: BillingStore,
    private readonly defaults: QuotaDefaults,
  ) {}

  totalOf(user: UserRow): number {
    const base = user.user_type === 'GUEST' ? this.defaults.guestCoreHours : this.defaults.registeredCoreHours;
    return Math.max(0, Math.round(base * HOUR_S) + Number(user.quota_extra_core_seconds ?? 0));
  }

  async of(user: UserRow): Promise<{ total: number; used: number }> {
    return { total: this.totalOf(user), used: await this.store.repos.accounts.quotaUsed(user.id) };
  }
}

/**
 * Where jobs run and what they cost (docs/decisions.md "Billing"): a job of a user with a
 * running instance goes to that instance's lane (a post-paid one only while the balance is
 * above zero); others go to the shared pool, which needs compute quota left, checked at
 * submit (402, no job row) and again just before a queued job starts (it fails with the
 * reason, never half-run). At its end a job is metered: cores of its slot × seconds;
 * shared time counts against the quota, post-paid instance time is charged to the
 * balance (ledger USAGE, once per job).
 */
export class MeteringService {
  constructor(
    private readonly store: BillingStore,
    private readonly quota: ComputeQuota,
    private readonly jobs: Pick<JobsService, 'appendLog'>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The user's instance that takes jobs now, if any. */
  private async usableInstance(userId: number) {
    const user = await this.store.repos.accounts.findUser(userId);
    if (!user) return undefined;
    const balance = Number(user.balance_fen ?? 0);
    return (await this.store.repos.instances.running(userId)).find((i) => i.pay_type === 'prePaid' || balance > 0);
  }

  /** The queue's router. */
  async laneOf(jobId: number): Promise<Lane> {
    const job = await this.store.repos.metering.job(jobId);
    const instance = job ? await this.usableInstance(job.user_id) : undefined;
    return instance
      ? { key: laneKey(instance.id), concurrency: instance.concurrent_jobs }
      : { key: 'shared', concurrency: 0 };
  }

  private async exhausted(user: UserRow): Promise<{ used: string; total: string } | null> {
    const { total, used } = await this.quota.of(user);
    return used >= total ? { used: coreHours(used), total: coreHours(total) } : null;
  }

  /** Submit check: without an instance, shared capacity needs quota left. */
  async checkSubmit(auth: AuthContext): Promise<void> {
    if (await this.usableInstance(auth.user.id)) return;
    const user = (await this.store.repos.accounts.findUser(auth.user.id)) ?? auth.user;
    const over = await this.exhausted(user);
    if (over) throw new AppError(402, 'computeQuotaExhausted', over);
  }

  /** Start gate: the same check for a job that waited in the shared pool. */
  async checkStart(job: JobRow, lane: string): Promise<string | null> {
    const instanceId = instanceIdOfLane(lane);
    if (instanceId !== null) {
      const instance = await this.store.repos.instances.find(instanceId);
      if (instance?.status === 'running') return null;
    }
    const user = await this.store.repos.accounts.findUser(job.user_id);
    if (!user) return null;
    const over = await this.exhausted(user);
    return over ? translate('computeQuotaExhausted', 'en', over) : null;
  }

  /** Meters a job that ended (once; a job refused before it started costs nothing). */
  async settle(jobId: number): Promise<void> {
    const job = await this.store.repos.metering.job(jobId);
    // Only the run that ended counts: a run a restart interrupted was the server's loss.
    if (!job?.attempt_started_at || !job.finished_at || job.core_seconds !== null) return;
    const started = Date.parse(job.attempt_started_at);
    const finished = Date.parse(job.finished_at);
    const seconds = Math.max(0, Math.ceil((finished - started) / 1000));
    const instanceId = instanceIdOfLane(job.lane);
    const instance = instanceId !== null ? await this.store.repos.instances.find(instanceId) : undefined;
    if (!instance) {
      await this.store.repos.metering.meter(job.id, seconds * SHARED_CORES, seconds * SHARED_CORES);
      return;
    }
    // An instance that ended while the job ran: the rest of the run was on shared capacity.
    const endedAt = instance.ended_at ? Date.parse(instance.ended_at) : null;
    const onInstance =
      endedAt !== null && endedAt < finished ? Math.max(0, Math.ceil((endedAt - started) / 1000)) : seconds;
    const shared = seconds - onInstance;
    const coresPerJob = instance.cores / instance.concurrent_jobs;
    const instanceCoreSeconds = Math.round(onInstance * coresPerJob);
    const total = instanceCoreSeconds + shared * SHARED_CORES;
    const charge = instance.pay_type === 'postPaid' ? usageFen(instanceCoreSeconds, Number(instance.price_fen)) : 0;
    const now = iso(this.clock.now());
    await this.store.atomic(async (repos) => {
      if (!(await repos.metering.meter(job.id, total, shared * SHARED_CORES))) return;
      if (charge > 0) {
        await repos.ledger.post({
          user_id: job.user_id,
          kind: 'USAGE',
          amount_fen: -charge,
          job_id: job.id,
          instance_id: instance.id,
          created_at: now,
        });
      }
    });
    if (shared > 0) {
      await this.jobs.appendLog(
        job.id,
        `\n[${now}] Instance #${instance.id} ${instance.end_reason === 'stopped' ? 'was stopped' : 'expired'} at ${instance.ended_at} while this job ran; it finished on shared capacity (${shared} s counted against the compute quota).\n`,
      );
    }
    this.log.debug({ jobId, total, charge }, 'job metered');
  }
}
