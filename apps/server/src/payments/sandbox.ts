/**
 * The built-in `sandbox` payment provider (DESIGN.md §4 Payments, the default): a clearly labelled demo approval page
 * on our own server. Its payments live in `sandbox_payments`; no money moves. Creating a payment for an order twice
 * returns the same payment (idempotent, like PayPal-Request-Id); capturing twice returns the same capture.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sandboxPayments } from '../db/schema.ts';
import type {
  CapturePaymentInput,
  CaptureResult,
  CreatedPayment,
  CreatePaymentInput,
  PaymentContext,
  PaymentProvider,
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
      const [payment] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.id, input.paymentId))
        .for('update');
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
      if (payment.status !== 'approved' || (input.payerId && input.payerId !== payment.payerId)) {
        return { status: 'declined', message: 'The payment was not approved' };
      }
      const captureId = `SBX-${randomBytes(8).toString('hex').toUpperCase()}`;
      await db
        .update(sandboxPayments)
        .set({ status: 'captured', captureId })
        .where(eq(sandboxPayments.id, payment.id));
      return { status: 'completed', captureId, amountCents: payment.amountCents, currency: 'USD' };
    },
  };
}
