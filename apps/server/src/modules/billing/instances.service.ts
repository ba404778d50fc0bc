import type { Instance, LevelSpec } from '@medx/contract';
import { BILLING_LIMITS } from '@medx/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { InstanceRow, OrderRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { type Clock, DAY, iso } from '../../lib/clock';
import type { JobsService } from '../jobs/jobs.service';
import { toInstance } from './billing-dto';
import type { BillingRepos, BillingStore } from './billing-store';
import { LIVE_STATUSES } from './instances.repository';

const TICK_MS = 1000;

/** Activation passes through the spec's three states, each a third of the activation time. */
const PHASES: InstanceRow['status'][] = ['pending', 'initializing', 'starting'];

export interface InstanceSettings {
  capacityCores: number;
  activationSeconds: number;
}

/**
 * Instances: capacity a user bought (docs/decisions.md "Billing"). On this server an
 * instance is a lane of the job queue with its own slots (concurrent_jobs), reserved
 * from INSTANCE_CAPACITY_CORES; with the scale-out workers it becomes a worker tagged for
 * its owner. Activation walks pending → initializing → starting → running; a prepaid one
 * expires at the end of its months; stopping ends it at once. Whenever one opens or ends,
 * the queue re-routes the jobs that wait.
 */
export class InstancesService {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;

  constructor(
    private readonly store: BillingStore,
    private readonly jobs: Pick<JobsService, 'reroute'>,
    private readonly settings: InstanceSettings,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), TICK_MS);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }

  /** Runs a tick soon (after a payment), never two at once. */
  kick(): void {
    if (this.ticking) return;
    this.ticking = this.tick()
      .catch((err: unknown) => this.log.error({ err }, 'the instance tick failed'))
      .finally(() => {
        this.ticking = null;
      });
  }

  async ofUser(userId: number, liveOnly: boolean): Promise<Instance[]> {
    const rows = await this.store.repos.instances.ofUser(userId, liveOnly);
    const running = await this.store.repos.instances.jobCounts(rows.map((r) => r.id));
    return rows.map((row) => toInstance(row, running.get(row.id)));
  }

  async freeCores(): Promise<number> {
    return this.settings.capacityCores - (await this.store.repos.instances.reservedCores());
  }

  /** POST /v1/billing/instances/{id}/stop: the owner stops its instance at once. */
  async stopOwn(auth: AuthContext, id: number): Promise<Instance> {
    const row = await this.store.repos.instances.find(id);
    if (!row || row.user_id !== auth.user.id) throw notFound('instanceNotFound');
    if (!(await this.end(row, 'stopped'))) throw badRequest('instanceAlreadyEnded');
    return toInstance((await this.store.repos.instances.find(id))!);
  }

  /** Refuses a purchase the deployment cannot host now (409, with what is free). */
  async requireCapacity(spec: LevelSpec): Promise<void> {
    const free = await this.freeCores();
    if (spec.cores > free) {
      throw new AppError(409, 'capacityUnavailable', { level: spec.level, cores: spec.cores, free: Math.max(0, free) });
    }
  }

  /** The instance a paid order opens (inside the payment's transaction). */
  open(repos: BillingRepos, order: OrderRow, spec: LevelSpec): Promise<InstanceRow> {
    const now = this.clock.now();
    return repos.instances.insert({
      user_id: order.user_id,
      order_id: order.id,
      level: spec.level,
      pay_type: order.pay_type as InstanceRow['pay_type'],
      status: 'pending',
      cores: spec.cores,
      memory_gb: spec.memory_gb,
      concurrent_jobs: spec.concurrent_jobs,
      price_fen: order.pay_type === 'prePaid' ? spec.month_price_fen : spec.core_hour_price_fen,
      months: order.months,
      created_at: iso(now),
      activate_after: iso(new Date(now.getTime() + this.settings.activationSeconds * 1000)),
      activated_at: null,
      expires_at: null,
      ended_at: null,
      end_reason: null,
    });
  }

  /** Moves activating instances on, activates those due, expires those past their months. */
  async tick(): Promise<void> {
    const now = this.clock.now();
    let changed = false;
    for (const instance of await this.store.repos.instances.withStatus(LIVE_STATUSES)) {
      if (instance.status === 'running') {
        if (instance.expires_at && instance.expires_at <= iso(now)) {
          changed = (await this.end(instance, 'expired')) || changed;
        }
        continue;
      }
      const start = Date.parse(instance.created_at);
      const due = Date.parse(instance.activate_after);
      if (now.getTime() >= due) {
        changed = (await this.activate(instance)) || changed;
        continue;
      }
      const phase = PHASES[Math.min(2, Math.floor(((now.getTime() - start) / Math.max(1, due - start)) * 3))]!;
      if (PHASES.indexOf(phase) > PHASES.indexOf(instance.status)) {
        await this.store.repos.instances.transition(instance.id, [instance.status], { status: phase });
      }
    }
    if (changed) await this.jobs.reroute();
  }

  /**
   * Running, if the capacity is still there (two payments can race for the last cores):
   * otherwise failed, and the payment goes back to the balance.
   */
  private async activate(instance: InstanceRow): Promise<boolean> {
    const now = this.clock.now();
    const running = await this.store.repos.instances.withStatus(['running']);
    const used = running.reduce((sum, r) => sum + r.cores, 0);
    if (used + instance.cores > this.settings.capacityCores) {
      await this.fail(instance, 'no capacity');
      return false;
    }
    const expires =
      instance.pay_type === 'prePaid'
        ? iso(new Date(now.getTime() + (instance.months ?? 1) * BILLING_LIMITS.daysPerMonth * DAY))
        : null;
    return this.store.atomic(async (repos) => {
      const ok = await repos.instances.transition(instance.id, PHASES, {
        status: 'running',
        activated_at: iso(now),
        expires_at: expires,
      });
      if (ok && instance.order_id !== null) {
        await repos.orders.transition(instance.order_id, ['paid'], { status: 'complete', completed_at: iso(now) });
      }
      return ok;
    });
  }

  private async fail(instance: InstanceRow, reason: string): Promise<void> {
    const now = iso(this.clock.now());
    await this.store.atomic(async (repos) => {
      if (
        !(await repos.instances.transition(instance.id, PHASES, {
          status: 'failed',
          ended_at: now,
          end_reason: reason,
        }))
      ) {
        return;
      }
      await this.refund(repos, instance, now);
      if (instance.order_id !== null) {
        await repos.orders.transition(instance.order_id, ['paid'], { error: 'Activation failed; refunded.' });
      }
    });
  }

  /** Whatever the order took goes back, as a REFUND row. */
  private async refund(repos: BillingRepos, instance: InstanceRow, now: string): Promise<void> {
    if (instance.order_id === null) return;
    const order = await repos.orders.findById(instance.order_id);
    const amount = Number(order?.amount_fen ?? 0);
    if (amount <= 0) return;
    await repos.ledger.post({
      user_id: instance.user_id,
      kind: 'REFUND',
      amount_fen: amount,
      order_id: instance.order_id,
      instance_id: instance.id,
      created_at: now,
    });
  }

  /**
   * Ends an instance (expired, or stopped by its owner or an admin). Jobs running on it
   * finish on shared capacity (metering says so in their logs); waiting ones move to the
   * shared pool. Stopped before it ever ran, a prepaid instance is refunded in full.
   */
  async end(instance: InstanceRow, reason: 'expired' | 'stopped'): Promise<boolean> {
    const now = iso(this.clock.now());
    const patch = { status: 'expired' as const, ended_at: now, end_reason: reason };
    const ended = await this.store.atomic(async (repos) => {
      if (await repos.instances.transition(instance.id, PHASES, patch)) {
        await this.refund(repos, instance, now);
        if (instance.order_id !== null) {
          await repos.orders.transition(instance.order_id, ['paid'], {
            status: 'canceled',
            error: 'Stopped before activation; refunded.',
          });
        }
        return true;
      }
      return repos.instances.transition(instance.id, ['running'], patch);
    });
    if (ended) await this.jobs.reroute();
    return ended;
  }
}
