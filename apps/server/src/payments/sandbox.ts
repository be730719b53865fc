/**
 * The built-in `sandbox` payment provider (DESIGN.md §4 Payments, the default): a clearly labelled demo approval page
 * on our own server. Its payments live in `sandbox_payments`; no money moves. Creating a payment for an order twice
 * returns the same payment (idempotent, like PayPal-Request-Id); capturing twice returns the same capture;
 * a full refund marks it refunded; refunds of an amount (issue 26) are kept in `sandbox_refunds` by request id, never
 * above what was captured.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sandboxPayments, sandboxRefunds } from '../db/schema.ts';
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
  RefundRequest,
  RefundResult,
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
      // One payment per order: a repeated call answers the first one's (read only then).
      const [made] = await db
        .insert(sandboxPayments)
        .values({ orderId: input.orderId, amountCents: input.amountCents, description: input.description })
        .onConflictDoNothing({ target: sandboxPayments.orderId })
        .returning({ id: sandboxPayments.id });
      const [row] = made
        ? [made]
        : await db
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
        .returning({
          orderId: sandboxPayments.orderId,
          status: sandboxPayments.status,
          captureId: sandboxPayments.captureId,
          amountCents: sandboxPayments.amountCents,
        });
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

    async refundCapture(input: RefundRequest, { db }: PaymentContext): Promise<RefundResult> {
      const requestId = `refund-${input.refundId}`;
      const earlier = async () =>
        (await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.requestId, requestId)))[0];
      const done = await earlier();
      if (done) return { status: 'completed', providerRefundId: done.id };
      if (!isUuid(input.paymentId)) return { status: 'refused', message: 'Unknown payment' };
      // One statement: the payment's refunded total grows only while it stays within the capture, and the refund is
      // recorded under its request id; a concurrent copy of the same request conflicts and is answered from the row.
      const made = await db
        .transaction(async (tx) => {
          const [payment] = await tx
            .update(sandboxPayments)
            .set({
              refundedCents: sql`${sandboxPayments.refundedCents} + ${input.amountCents}`,
              status: sql`case when ${sandboxPayments.refundedCents} + ${input.amountCents} >= ${sandboxPayments.amountCents} then 'refunded' else ${sandboxPayments.status} end`,
            })
            .where(
              and(
                eq(sandboxPayments.id, input.paymentId),
                eq(sandboxPayments.captureId, input.captureId),
                sql`${sandboxPayments.status} in ('captured', 'refunded')`,
                sql`${sandboxPayments.refundedCents} + ${input.amountCents} <= ${sandboxPayments.amountCents}`,
              ),
            )
            .returning({ id: sandboxPayments.id });
          if (!payment) return undefined;
          const id = `SBX-R${randomBytes(8).toString('hex').toUpperCase()}`;
          const inserted = await tx
            .insert(sandboxRefunds)
            .values({ requestId, id, paymentId: input.paymentId, amountCents: input.amountCents })
            .onConflictDoNothing()
            .returning({ id: sandboxRefunds.id });
          if (inserted.length === 0) tx.rollback();
          return id;
        })
        .catch(async (err: unknown) => {
          if ((await earlier()) !== undefined) return undefined;
          throw err;
        });
      if (made) return { status: 'completed', providerRefundId: made };
      const again = await earlier();
      if (again) return { status: 'completed', providerRefundId: again.id };
      return { status: 'refused', message: 'The refund is more than is left of the payment' };
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
