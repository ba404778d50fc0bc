/**
 * Where recharges are paid (docs/decisions.md "Billing"). A provider opens a hosted
 * checkout for an order and later calls back, signed, with what happened; the billing
 * service applies a verified callback once (payment_events) and only to the order it
 * names, for exactly its amount. Real providers (Alipay, WeChat Pay, Stripe) implement
 * this interface with their SDK's checkout call and signature check.
 */
export interface CheckoutRequest {
  orderNo: string;
  amountFen: number;
  description: string;
  /** This site's page the provider sends the browser back to (absolute). */
  returnUrl: string;
  /** This site's origin, for providers hosted by this server (the sandbox). */
  origin: string;
}

export interface Checkout {
  /** The provider's id of the checkout session (kept on the order). */
  ref: string;
  /** Where the browser goes to pay. */
  url: string;
}

export type PaymentOutcome = 'succeeded' | 'failed' | 'canceled';

/** A verified callback. */
export interface PaymentEvent {
  eventId: string;
  outcome: PaymentOutcome;
  ref: string;
  orderNo: string;
  amountFen: number;
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface PaymentProvider {
  readonly name: string;
  /** True for the sandbox: the UI and docs say no real money moves. */
  readonly sandbox: boolean;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Ends a checkout the user no longer wants (the order was canceled here). */
  voidCheckout(ref: string): Promise<void>;
  /** Checks the signature over the raw body and parses it; throws AppError 400 when it does not hold. */
  verify(headers: WebhookHeaders, rawBody: string): PaymentEvent;
}
