import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { badRequest } from '../../../http/app-error';
import { type Clock, iso } from '../../../lib/clock';
import type { OrdersRepository } from '../orders.repository';
import type {
  Checkout,
  CheckoutRequest,
  PaymentEvent,
  PaymentOutcome,
  PaymentProvider,
  WebhookHeaders,
} from './payment-provider';
import { SANDBOX_SIGNATURE_HEADER, signSandbox, verifySandbox } from './sandbox-signature';

const SandboxEvent = z.object({
  id: z.string().regex(/^evt_[0-9a-f]{32}$/),
  type: z.enum(['payment.succeeded', 'payment.failed', 'payment.canceled']),
  ref: z.string().max(64),
  order_no: z.string().max(32),
  amount_fen: z.number().int().nonnegative(),
  created_at: z.string(),
});
type SandboxEvent = z.infer<typeof SandboxEvent>;

const OUTCOME_OF_ACTION = { pay: 'succeeded', fail: 'failed', cancel: 'canceled' } as const;
export type SandboxAction = keyof typeof OUTCOME_OF_ACTION;

/**
 * The sandbox provider: behaves like a hosted checkout (its own page on this server, pay
 * or cancel, a signed callback, a redirect back) but moves no money. Its page and its
 * side of the callback live in sandbox-checkout.routes.ts; here are the two halves the
 * billing service and that page share: sessions and signatures.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;

  constructor(
    private readonly orders: OrdersRepository,
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const ref = `cs_${randomBytes(16).toString('hex')}`;
    await this.orders.insertCheckout({
      ref,
      order_no: request.orderNo,
      amount_fen: request.amountFen,
      description: request.description,
      return_url: request.returnUrl,
      status: 'open',
      created_at: iso(this.clock.now()),
    });
    return { ref, url: `${request.origin}/sandbox-pay/${ref}` };
  }

  async voidCheckout(ref: string): Promise<void> {
    await this.orders.closeCheckout(ref, 'canceled');
  }

  verify(headers: WebhookHeaders, rawBody: string): PaymentEvent {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    const now = Math.floor(this.clock.now().getTime() / 1000);
    if (!verifySandbox(this.secret, typeof header === 'string' ? header : undefined, rawBody, now)) {
      throw badRequest('paymentSignatureInvalid');
    }
    let parsed: ReturnType<typeof SandboxEvent.safeParse>;
    try {
      parsed = SandboxEvent.safeParse(JSON.parse(rawBody));
    } catch {
      throw badRequest('paymentEventInvalid');
    }
    if (!parsed.success) throw badRequest('paymentEventInvalid');
    const event = parsed.data;
    return {
      eventId: event.id,
      outcome: event.type.slice('payment.'.length) as PaymentOutcome,
      ref: event.ref,
      orderNo: event.order_no,
      amountFen: event.amount_fen,
    };
  }

  /**
   * The provider's side of a button on its page: closes the session once and answers the
   * callback to deliver (body and signature) and where the browser goes back; null when the
   * session is unknown or already closed.
   */
  async act(
    ref: string,
    action: SandboxAction,
  ): Promise<{ body: string; signature: string; returnUrl: string } | { closed: true; returnUrl: string } | null> {
    const session = await this.orders.findCheckout(ref);
    if (!session) return null;
    const outcome = OUTCOME_OF_ACTION[action];
    const closedAs = outcome === 'succeeded' ? 'paid' : outcome === 'failed' ? 'failed' : 'canceled';
    if (!(await this.orders.closeCheckout(ref, closedAs))) return { closed: true, returnUrl: session.return_url };
    const event: SandboxEvent = {
      id: `evt_${randomBytes(16).toString('hex')}`,
      type: `payment.${outcome}`,
      ref,
      order_no: session.order_no,
      amount_fen: Number(session.amount_fen),
      created_at: iso(this.clock.now()),
    };
    const body = JSON.stringify(event);
    const signature = signSandbox(this.secret, body, Math.floor(this.clock.now().getTime() / 1000));
    return { body, signature, returnUrl: session.return_url };
  }

  findSession(ref: string) {
    return this.orders.findCheckout(ref);
  }
}

export { SANDBOX_SIGNATURE_HEADER };
