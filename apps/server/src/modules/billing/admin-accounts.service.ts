import { availableParallelism, freemem, hostname, loadavg, totalmem } from 'node:os';
import type {
  AdminAdjustment,
  AdminInstance,
  AdminInstanceList,
  AdminInstanceQuery,
  AdminOrderList,
  AdminOrderQuery,
  AdminSystem,
  AdminUser,
  AdminUserList,
  AdminUserQuery,
  AdminUserUpdate,
  LedgerList,
  LedgerQuery,
  Permissions,
} from '@medx/contract';
import { formatFen } from '@medx/contract';
import type { UserRow } from '../../db/schema';
import { type IsAdmin, requireAdmin } from '../../http/admin-guard';
import { badRequest, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { type Clock, iso } from '../../lib/clock';
import type { JobsService } from '../jobs/jobs.service';
import type { QuotasService } from '../quotas/quotas.service';
import type { BillingService } from './billing.service';
import { toInstance, toOrder } from './billing-dto';
import type { BillingStore } from './billing-store';
import { instanceIdOfLane } from './instances.repository';
import type { InstancesService } from './instances.service';
import type { ComputeQuota } from './metering.service';

export interface AdminPlatform {
  isAdmin: IsAdmin;
  isAdminByConfig(user: UserRow): boolean;
  permissions(user: UserRow): Permissions;
  quotas: Pick<QuotasService, 'storageLimitOf'>;
  jobs: Pick<JobsService, 'lanes'>;
  capacityCores: number;
}

const KEY = 'adminOnly' as const;

/**
 * The admin area's accounts (issue 15 part 5): users (search, disable, Admin Panel),
 * balance and quota adjustments (ledger rows with the admin's id and reason), every
 * order and instance, and the system view. Every call checks the Admin Panel permission.
 */
export class AdminAccountsService {
  constructor(
    private readonly store: BillingStore,
    private readonly billing: BillingService,
    private readonly instances: InstancesService,
    private readonly quota: ComputeQuota,
    private readonly platform: AdminPlatform,
    private readonly clock: Clock,
  ) {}

  private async toAdminUser(user: UserRow, used?: number): Promise<AdminUser> {
    return {
      id: user.id,
      username: user.username,
      user_type: user.user_type,
      email: user.email,
      phone: user.phone,
      organization: user.organization,
      created_at: user.created_at,
      disabled: !!user.disabled_at,
      admin_panel: this.platform.isAdmin(user),
      admin_by_config: this.platform.isAdminByConfig(user),
      permissions: this.platform.permissions(user),
      balance_fen: Number(user.balance_fen ?? 0),
      quota_total_core_seconds: this.quota.totalOf(user),
      quota_used_core_seconds: used ?? (await this.store.repos.accounts.quotaUsed(user.id)),
      storage_limit_bytes: this.platform.quotas.storageLimitOf(user),
      storage_custom: user.storage_quota_bytes !== null && user.storage_quota_bytes !== undefined,
    };
  }

  private async user(id: number): Promise<UserRow> {
    const user = await this.store.repos.accounts.findUser(id);
    if (!user) throw notFound('userNotFound');
    return user;
  }

  async users(auth: AuthContext, q: AdminUserQuery): Promise<AdminUserList> {
    requireAdmin(auth, this.platform.isAdmin, KEY);
    const { total, items } = await this.store.repos.accounts.searchUsers(q);
    const used = await this.store.repos.accounts.quotaUsedOf(items.map((u) => u.id));
    return { total, items: await Promise.all(items.map((u) => this.toAdminUser(u, used.get(u.id) ?? 0))) };
  }

  async updateUser(auth: AuthContext, id: number, input: AdminUserUpdate): Promise<AdminUser> {
    requireAdmin(auth, this.platform.isAdmin, KEY);
    const user = await this.user(id);
    // An admin cannot lock itself out of the panel it is using.
    if (user.id === auth.user.id && (input.disabled === true || input.admin_panel === false)) {
      throw badRequest('cannotDisableSelf');
    }
    if (input.admin_panel === false && this.platform.isAdminByConfig(user)) throw badRequest('adminByConfig');
    if (input.admin_panel === true && user.user_type === 'GUEST') throw badRequest('invalidValue');
    if (input.disabled !== undefined) {
      await this.store.repos.accounts.setDisabled(user.id, input.disabled ? iso(this.clock.now()) : null);
    }
    if (input.admin_panel !== undefined) await this.store.repos.accounts.setAdminPanel(user.id, input.admin_panel);
    return this.toAdminUser(await this.user(id));
  }

  async adjust(auth: AuthContext, id: number, input: AdminAdjustment): Promise<AdminUser> {
    requireAdmin(auth, this.platform.isAdmin, KEY);
    const user = await this.user(id);
    const posted = await this.store.atomic((repos) =>
      repos.ledger.post(
        {
          user_id: user.id,
          kind: 'ADJUSTMENT',
          amount_fen: input.balance_fen,
          quota_core_seconds: input.quota_core_hours * 3600,
          admin_id: auth.user.id,
          reason: input.reason,
          created_at: iso(this.clock.now()),
        },
        // Taking money may not leave a negative balance; giving always goes through.
        input.balance_fen < 0 ? 0 : null,
      ),
    );
    if (!posted) {
      throw badRequest('adjustmentOverdraws', {
        balance: formatFen(Number(user.balance_fen ?? 0) + input.balance_fen),
      });
    }
    return this.toAdminUser(await this.user(id));
  }

  async ledger(auth: AuthContext, id: number, q: LedgerQuery): Promise<LedgerList> {
    requireAdmin(auth, this.platform.isAdmin, KEY);
    await this.user(id);
    return this.billing.ledger(id, q);
  }

  async orders(auth: AuthContext, q: AdminOrderQuery): Promise<AdminOrderList> {
    requireAdmin(auth, this.platform.isAdmin, KEY);
    const { total, items } = await this.store.repos.orders.listAll(q);
    return {
      total,
      items: items.map((row) => ({ ...toOrder(row), user: { id: row.user_id, username: row.username } })),
    };
  }

  async instanceList(auth: AuthContext, q: AdminInstanceQuery): Promise<AdminInstanceList> {
    requireAdmin(auth, this.platform.isAdmin, KEY);
    const { total, items } = await this.store.repos.instances.list(q);
    const running = await this.store.repos.instances.jobCounts(items.map((r) => r.id));
    return {
      total,
      items: items.map((row) => ({
        ...toInstance(row, running.get(row.id)),
        user: { id: row.user_id, username: row.username },
      })),
    };
  }

  async stopInstance(auth: AuthContext, id: number): Promise<AdminInstance> {
    requireAdmin(auth, this.platform.isAdmin, KEY);
    const row = await this.store.repos.instances.find(id);
    if (!row) throw notFound('instanceNotFound');
    if (!(await this.instances.end(row, 'stopped'))) throw badRequest('instanceAlreadyEnded');
    const after = (await this.store.repos.instances.find(id))!;
    return { ...toInstance(after), user: { id: after.user_id, username: after.username } };
  }

  async system(auth: AuthContext): Promise<AdminSystem> {
    requireAdmin(auth, this.platform.isAdmin, KEY);
    const lanes = this.platform.jobs.lanes();
    const owners = new Map<number, { id: number; username: string }>();
    for (const lane of lanes) {
      const instanceId = instanceIdOfLane(lane.key);
      if (instanceId === null) continue;
      const row = await this.store.repos.instances.find(instanceId);
      if (row) owners.set(instanceId, { id: row.user_id, username: row.username });
    }
    const [jobsByState, storage, users, reserved] = await Promise.all([
      this.store.repos.accounts.jobsByState(),
      this.store.repos.accounts.storage(),
      this.store.repos.accounts.userCounts(),
      this.store.repos.instances.reservedCores(),
    ]);
    return {
      workers: [
        {
          id: `${hostname()}:${process.pid}`,
          host: hostname(),
          kind: 'in-process',
          cpus: availableParallelism(),
          load: loadavg().map((v) => Math.round(v * 100) / 100),
          memory_total_bytes: totalmem(),
          memory_free_bytes: freemem(),
          lanes: lanes.map((lane) => {
            const instanceId = instanceIdOfLane(lane.key);
            return {
              key: lane.key,
              instance_id: instanceId,
              user: instanceId !== null ? (owners.get(instanceId) ?? null) : null,
              concurrency: lane.concurrency,
              running: lane.running,
              queued: lane.queued,
            };
          }),
        },
      ],
      queue_depth: lanes.reduce((sum, lane) => sum + lane.queued, 0),
      jobs_by_state: jobsByState,
      storage,
      users,
      capacity: { sellable_cores: this.platform.capacityCores, reserved_cores: reserved },
    };
  }
}
