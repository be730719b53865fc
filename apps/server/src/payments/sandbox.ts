/**
 * The built-in `sandbox` payment provider (DESIGN.md §4 Payments, the default): a clearly labelled demo approval page
 * on our own server. Its payments live in `sandbox_payments`; no money moves. Creating a payment for an order twice
 * returns the same payment (idempotent, like PayPal-Request-Id); capturing twice returns the same capture;
 * a refund marks it refunded.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sandboxPayments } from '../db/schema.ts';
import { isUuid } from '../lib/http-error.ts';
import type {
  CapturePaymentInput,
  CaptureResult,
  CreatedPayment,
  CreatePaymentInput,
  PaymentContext,
  PaymentProvider,
  PaymentState,
  RefundInput,
} from './provider.ts';

/** The approval page of a sandbox payment. */
export function sandboxApprovalUrl(publicUrl: string, paymentId: string): string {
  return `${publicUrl}/sandbox/pay/${paymentId}`;
}

/** A payer id like PayPal's (13 upper-case letters and digits). */
export function newPayerId(): string {
  return randomBytes(10).toString('base64url').replace(/[-_]/g, 'X').slice(0, 13).toUpperCase();
}

export function createSandboxProvider(publicUrl: string): PaymentProvider {
  return {
    name: 'sandbox',

    async createPayment(input: CreatePaymentInput, { db }: PaymentContext): Promise<CreatedPayment> {
      await db
        .insert(sandboxPayments)
        .values({ orderId: input.orderId, amountCents: input.amountCents, description: input.description })
        .onConflictDoNothing({ target: sandboxPayments.orderId });
      const [row] = await db
        .select({ id: sandboxPayments.id })
        .from(sandboxPayments)
        .where(eq(sandboxPayments.orderId, input.orderId));
      return { paymentId: row!.id, approvalUrl: sandboxApprovalUrl(publicUrl, row!.id) };
    },

    async capturePayment(input: CapturePaymentInput, { db }: PaymentContext): Promise<CaptureResult> {
      // One conditional UPDATE moves approved → captured, so concurrent captures of one payment capture it once.
      const captured = await db
        .update(sandboxPayments)
        .set({ status: 'captured', captureId: `SBX-${randomBytes(8).toString('hex').toUpperCase()}` })
        .where(
          and(
            eq(sandboxPayments.id, input.paymentId),
            eq(sandboxPayments.orderId, input.orderId),
            eq(sandboxPayments.status, 'approved'),
          ),
        )
        .returning();
      const payment =
        captured[0] ??
        (await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, input.paymentId)))[0];
      if (!payment || payment.orderId !== input.orderId) {
        return { status: 'declined', message: 'Payment information is missing. Please try again.' };
      }
      if (payment.status === 'captured') {
        return {
          status: 'completed',
          captureId: payment.captureId!,
          amountCents: payment.amountCents,
          currency: 'USD',
        };
      }
      return { status: 'declined', message: 'The payment was not approved' };
    },

    async getPayment(paymentId: string, { db }: PaymentContext): Promise<PaymentState> {
      const [payment] = isUuid(paymentId)
        ? await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId))
        : [];
      switch (payment?.status) {
        case 'created':
          return { status: 'created' };
        case 'approved':
          return { status: 'approved', payerId: payment.payerId ?? undefined };
        case 'captured':
          return {
            status: 'completed',
            captureId: payment.captureId!,
            amountCents: payment.amountCents,
            currency: 'USD',
          };
        default:
          return { status: 'voided' };
      }
    },

    voidPayment: (paymentId: string, { db }: PaymentContext) => voidSandboxPayment(db, paymentId),

    async refundPayment(input: RefundInput, { db }: PaymentContext): Promise<void> {
      await db
        .update(sandboxPayments)
        .set({ status: 'refunded' })
        .where(and(eq(sandboxPayments.id, input.paymentId), eq(sandboxPayments.status, 'captured')));
    },
  };
}

/**
 * Voids a sandbox payment that the shopper has not approved yet (an abandoned order), so a late approval cannot
 * happen. Returns false when it was approved or captured meanwhile: the caller must then capture instead.
 */
export async function voidSandboxPayment(db: Db, paymentId: string): Promise<boolean> {
  if (!isUuid(paymentId)) return true;
  const voided = await db
    .update(sandboxPayments)
    .set({ status: 'cancelled' })
    .where(and(eq(sandboxPayments.id, paymentId), eq(sandboxPayments.status, 'created')))
    .returning({ id: sandboxPayments.id });
  if (voided.length > 0) return true;
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId));
  return !row || row.status === 'cancelled' || row.status === 'refunded';
}
