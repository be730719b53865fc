/**
 * The payment provider seam (DESIGN.md §4 "Payments"). Two implementations: `sandbox` (built-in demo approval page,
 * the default) and `paypal` (PayPal REST Orders v2). Amounts are integer cents in USD.
 */

import type { Db } from '../db/client.ts';

export type PaymentProviderName = 'sandbox' | 'paypal';

/**
 * The database handle the caller is working in (often an open transaction). The sandbox keeps its payments in the
 * database and must use this handle; PayPal ignores it.
 */
export interface PaymentContext {
  db: Db;
}

export interface CreatePaymentInput {
  /** Our order id; providers derive their idempotency keys (PayPal-Request-Id) from it. */
  orderId: string;
  amountCents: number;
  /**
   * The amount's parts (issue 27), in cents: item total − discount + shipping + tax = `amountCents` exactly (PayPal
   * refuses any mismatch). Tax is 0 when prices include it.
   */
  breakdown?: { itemTotalCents: number; discountCents: number; shippingCents: number; taxCents: number };
  currency: 'USD';
  /** Where the shopper returns after approving (`/shop/paypal-return`). */
  returnUrl: string;
  /** Where the shopper returns after cancelling (`/shop/checkout`). */
  cancelUrl: string;
  description: string;
}

export interface CreatedPayment {
  /** The provider's payment id (PayPal order id, or the sandbox payment id). */
  paymentId: string;
  /** Where to send the shopper to approve the payment. */
  approvalUrl: string;
}

export interface CapturePaymentInput {
  orderId: string;
  paymentId: string;
  payerId?: string;
}

/**
 * Outcome of a capture. `completed` carries the amount the provider says it captured, which the caller compares
 * with the order total (a mismatch is never fulfilled). `declined` means no money moved; `message` says why in words
 * a shopper understands.
 */
export type CaptureResult =
  | { status: 'completed'; captureId: string; amountCents: number; currency: string }
  | { status: 'declined'; message: string };

/**
 * What the provider knows of a payment, for the reconciliation job (DESIGN.md §4): `created` awaits the shopper's
 * approval; `approved` may be captured; `completed` was captured (with what); `voided` can never be captured
 * (cancelled, expired or unknown to the provider).
 */
export type PaymentState =
  | { status: 'created' }
  | { status: 'approved'; payerId?: string }
  | { status: 'completed'; captureId: string; amountCents: number; currency: string }
  | { status: 'voided' };

export interface RefundInput {
  orderId: string;
  paymentId: string;
  captureId: string;
}

/** A refund of (part of) a capture (issue 26). Amounts in cents. */
export interface RefundRequest {
  /** Our refund id: the idempotency key is derived from it (`PayPal-Request-Id: refund-<id>`), so sending the same
   * refund again (a retry, the reconciliation job after a crash) never refunds twice. */
  refundId: string;
  orderId: string;
  paymentId: string;
  captureId: string;
  amountCents: number;
  currency: 'USD';
  /** A short note the provider shows the payer (PayPal `note_to_payer`, cut to 255 characters). */
  note?: string;
}

/**
 * What the provider did with a refund: `completed` (accepted; PayPal's PENDING refunds complete by themselves) with
 * its refund id, or `refused` (no money moved; e.g. more than is left of the capture) with the provider's reason.
 */
export type RefundResult =
  { status: 'completed'; providerRefundId: string } | { status: 'refused'; message: string };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Creates a payment awaiting the shopper's approval. Throws on provider failure (after its own retries). */
  createPayment(input: CreatePaymentInput, ctx: PaymentContext): Promise<CreatedPayment>;
  /**
   * Captures an approved payment. Repeating a capture for the same order must not charge twice, and may run
   * concurrently with another capture of it. Throws when the provider cannot be reached (outcome unknown).
   */
  capturePayment(input: CapturePaymentInput, ctx: PaymentContext): Promise<CaptureResult>;
  /** Asks the provider what became of a payment. Throws when the provider cannot be reached. */
  getPayment(paymentId: string, ctx: PaymentContext): Promise<PaymentState>;
  /**
   * Gives a captured payment back in full (money taken for an order that cannot be fulfilled). Idempotent per
   * order. Throws when the provider cannot be reached or refuses.
   */
  refundPayment(input: RefundInput, ctx: PaymentContext): Promise<void>;
  /**
   * Refunds `amountCents` of a capture (issue 26). Idempotent per `refundId`: the same request answers the same
   * refund. Throws when the provider cannot be reached (outcome unknown: send the same request again later).
   */
  refundCapture(input: RefundRequest, ctx: PaymentContext): Promise<RefundResult>;
  /**
   * Stops a payment the shopper has not approved from being approved later, where the provider can. Returns false
   * when it was approved or captured meanwhile (the caller must capture instead). Throws when unreachable.
   */
  voidPayment(paymentId: string, ctx: PaymentContext): Promise<boolean>;
}
