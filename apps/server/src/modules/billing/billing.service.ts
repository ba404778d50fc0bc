import { randomBytes } from 'node:crypto';
import type {
  BillingAccount,
  InstanceOrderRequest,
  LedgerList,
  LedgerQuery,
  LevelSpec,
  Order,
  OrderList,
  OrderQuery,
  RechargeCheckout,
} from '@medx/contract';
import { BILLING_LIMITS, formatFen } from '@medx/contract';
import type { UserRow } from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { type Clock, iso } from '../../lib/clock';
import { toLedgerEntry, toOrder } from './billing-dto';
import type { BillingStore } from './billing-store';
import type { InstancesService } from './instances.service';
import { LEVELS, levelSpec } from './levels';
import type { ComputeQuota } from './metering.service';
import type { PaymentEvent, PaymentProvider } from './payments/payment-provider';

/** MX + UTC yyyyMMddHHmmss + 6 random capitals or digits: sortable, unguessable enough to show. */
export function newOrderNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const tail = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('');
  return `MX${stamp}${tail}`;
}

/**
 * The account side of compute (docs/decisions.md "Billing"): balance, quota, orders,
 * recharges and the ledger. Every change of money is a ledger row written in the same
 * transaction as the order it belongs to; a balance never pays twice (conditional
 * update), and a provider's callback counts once.
 */
export class BillingService {
  constructor(
    private readonly store: BillingStore,
    private readonly instances: InstancesService,
    private readonly quota: ComputeQuota,
    private readonly provider: PaymentProvider,
    private readonly clock: Clock,
  ) {}

  levels(): readonly LevelSpec[] {
    return LEVELS;
  }

  private requireRegistered(auth: AuthContext): UserRow {
    if (auth.user.user_type === 'GUEST') throw forbidden('guestCannotPurchase');
    return auth.user;
  }

  async account(auth: AuthContext): Promise<BillingAccount> {
    const user = (await this.store.repos.accounts.findUser(auth.user.id)) ?? auth.user;
    const quota = await this.quota.of(user);
    return {
      balance_fen: Number(user.balance_fen ?? 0),
      quota_total_core_seconds: quota.total,
      quota_used_core_seconds: quota.used,
      instances: await this.instances.ofUser(user.id, true),
      payment_provider: this.provider.name,
      payment_sandbox: this.provider.sandbox,
    };
  }

  async ledger(userId: number, q: LedgerQuery): Promise<LedgerList> {
    const { total, items } = await this.store.repos.ledger.list(userId, q);
    return { total, items: items.map(toLedgerEntry) };
  }

  async orders(auth: AuthContext, q: OrderQuery): Promise<OrderList> {
    const { total, items } = await this.store.repos.orders.list(auth.user.id, q);
    return { total, items: items.map(toOrder) };
  }

  /**
   * A user holds at most BILLING_LIMITS.pendingOrdersMax unpaid orders (issue 9: no script opens
   * them by the thousand). Two requests at the very same moment may both pass the count: the
   * cap is a bound on abuse, not an exact number, so no lock is taken for it.
   */
  private async requirePendingRoom(userId: number): Promise<void> {
    if ((await this.store.repos.orders.countPending(userId)) >= BILLING_LIMITS.pendingOrdersMax) {
      throw new AppError(409, 'ordersPendingTooMany', { max: BILLING_LIMITS.pendingOrdersMax });
    }
  }

  private async ownOrder(auth: AuthContext, orderNo: string) {
    const order = await this.store.repos.orders.findByNo(orderNo);
    if (!order || order.user_id !== auth.user.id) throw notFound('orderNotFound');
    return order;
  }

  /** An instance order, pending until paid from the balance. */
  async createInstanceOrder(auth: AuthContext, input: InstanceOrderRequest): Promise<Order> {
    const user = this.requireRegistered(auth);
    await this.requirePendingRoom(user.id);
    const spec = levelSpec(input.level);
    const months = input.pay_type === 'prePaid' ? (input.months ?? 1) : null;
    const amount = months === null ? 0 : spec.month_price_fen * months;
    const now = this.clock.now();
    const row = await this.store.repos.orders.insert({
      order_no: newOrderNo(now),
      user_id: user.id,
      kind: 'INSTANCE',
      status: 'pending',
      amount_fen: amount,
      level: spec.level,
      pay_type: input.pay_type,
      months,
      instance_id: null,
      provider: 'balance',
      provider_ref: null,
      error: null,
      created_at: iso(now),
      paid_at: null,
      completed_at: null,
    });
    return toOrder(row);
  }

  /**
   * Pays a pending instance order from the balance: the order turns paid, the balance
   * drops by its amount (ledger PURCHASE) and the instance starts activating, all in one
   * transaction. A balance too small refuses it and the order stays pending.
   */
  async payOrder(auth: AuthContext, orderNo: string): Promise<Order> {
    this.requireRegistered(auth);
    const order = await this.ownOrder(auth, orderNo);
    if (order.kind !== 'INSTANCE') throw badRequest('orderNotInstance');
    if (order.status !== 'pending') throw badRequest('orderNotPending');
    const spec = levelSpec(order.level as LevelSpec['level']);
    await this.instances.requireCapacity(spec);
    const now = iso(this.clock.now());
    const amount = Number(order.amount_fen);
    const paid = await this.store.atomic(async (repos) => {
      if (!(await repos.orders.transition(order.id, ['pending'], { paid_at: now, status: 'paid' }))) {
        throw badRequest('orderNotPending');
      }
      const instance = await this.instances.open(repos, order, spec);
      if (amount > 0) {
        const posted = await repos.ledger.post(
          {
            user_id: order.user_id,
            kind: 'PURCHASE',
            amount_fen: -amount,
            order_id: order.id,
            instance_id: instance.id,
            created_at: now,
          },
          0,
        );
        if (!posted) {
          const user = await repos.accounts.findUser(order.user_id);
          throw badRequest('balanceInsufficient', {
            balance: formatFen(Number(user?.balance_fen ?? 0)),
            amount: formatFen(amount),
          });
        }
      }
      await repos.orders.transition(order.id, ['paid'], { instance_id: instance.id });
      return repos.orders.findById(order.id);
    });
    this.instances.kick();
    return toOrder(paid!);
  }

  async cancelOrder(auth: AuthContext, orderNo: string): Promise<Order> {
    const order = await this.ownOrder(auth, orderNo);
    if (!(await this.store.repos.orders.transition(order.id, ['pending'], { status: 'canceled' }))) {
      throw badRequest('orderNotPending');
    }
    if (order.kind === 'RECHARGE' && order.provider_ref) await this.provider.voidCheckout(order.provider_ref);
    return toOrder((await this.store.repos.orders.findById(order.id))!);
  }

  /** A recharge order and the provider's checkout where the browser pays it. */
  async recharge(auth: AuthContext, amountFen: number, origin: string): Promise<RechargeCheckout> {
    const user = this.requireRegistered(auth);
    await this.requirePendingRoom(user.id);
    const now = this.clock.now();
    const row = await this.store.repos.orders.insert({
      order_no: newOrderNo(now),
      user_id: user.id,
      kind: 'RECHARGE',
      status: 'pending',
      amount_fen: amountFen,
      level: null,
      pay_type: null,
      months: null,
      instance_id: null,
      provider: this.provider.name,
      provider_ref: null,
      error: null,
      created_at: iso(now),
      paid_at: null,
      completed_at: null,
    });
    let checkout: { ref: string; url: string };
    try {
      checkout = await this.provider.createCheckout({
        orderNo: row.order_no,
        amountFen: amountFen,
        description: `MedX Workbench balance recharge ${formatFen(amountFen)}`,
        returnUrl: `${origin}/userCenter?tab=recharge-record&order=${row.order_no}`,
        origin,
      });
    } catch (err) {
      // No checkout: the order must not wait forever as pending.
      await this.store.repos.orders.transition(row.id, ['pending'], {
        status: 'payment_error',
        error: err instanceof Error ? err.message.slice(0, 500) : String(err),
      });
      throw err;
    }
    await this.store.repos.orders.transition(row.id, ['pending'], { provider_ref: checkout.ref });
    const order = (await this.store.repos.orders.findById(row.id))!;
    return { order: toOrder(order), checkout_url: checkout.url, sandbox: this.provider.sandbox };
  }

  /**
   * Applies a verified provider callback once. A replay (same event id) changes nothing; a
   * callback that does not match its order (provider, session, amount) is refused and not
   * recorded; one for an order no longer pending is recorded and ignored.
   */
  async applyPayment(providerName: string, event: PaymentEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
    if (providerName !== this.provider.name) throw notFound();
    const now = iso(this.clock.now());
    return this.store.atomic(async (repos) => {
      const order = await repos.orders.findByNo(event.orderNo);
      if (
        !order ||
        order.kind !== 'RECHARGE' ||
        order.provider !== providerName ||
        order.provider_ref !== event.ref ||
        Number(order.amount_fen) !== event.amountFen
      ) {
        throw badRequest('paymentEventInvalid');
      }
      if (!(await repos.orders.recordEvent(providerName, event.eventId, order.order_no, event.outcome, now))) {
        return 'duplicate';
      }
      if (event.outcome === 'succeeded') {
        if (
          !(await repos.orders.transition(order.id, ['pending'], {
            status: 'complete',
            paid_at: now,
            completed_at: now,
          }))
        ) {
          return 'ignored';
        }
        await repos.ledger.post({
          user_id: order.user_id,
          kind: 'RECHARGE',
          amount_fen: event.amountFen,
          order_id: order.id,
          created_at: now,
        });
        return 'applied';
      }
      const patch =
        event.outcome === 'failed'
          ? { status: 'payment_error' as const, error: 'The payment provider reported that the payment failed.' }
          : { status: 'canceled' as const };
      return (await repos.orders.transition(order.id, ['pending'], patch)) ? 'applied' : 'ignored';
    });
  }
}
