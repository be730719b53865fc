/**
 * The reconciliation job (DESIGN.md §4; replaces blind cancelling of abandoned orders). For every order still
 * pending after a grace period it asks the payment provider for the truth and acts on it:
 * - captured (the shop crashed or lost the answer after the provider took the money): recorded as paid;
 * - approved but never captured (the shopper closed the tab on the way back): captured now;
 * - voided or expired: cancelled, stock given back;
 * - still awaiting approval after `pendingTtlMs`: the payment is voided where the provider can, then the order is
 *   cancelled; a payment approved at that very moment is captured instead.
 * A provider that cannot be reached leaves the order for the next run. It never cancels a payment that was taken.
 */
import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { transactionWithRetry } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import type { PaymentState } from '../../payments/provider.ts';
import { cancelOrderInTx, recordCapture, runCapture } from './capture.ts';
import type { OrderDeps } from './service.ts';

/** Message stored on orders cancelled because the shopper never approved the payment in time. */
export const ABANDONED_MESSAGE = 'Payment not completed in time';
/** Message stored on orders whose payment the provider reports voided or expired. */
export const VOIDED_MESSAGE = 'The payment was cancelled or expired';

export interface ReconcileOptions {
  /** Orders left unapproved this long are cancelled (ms; PENDING_ORDER_TTL_MINUTES). */
  pendingTtlMs: number;
  /** An order is looked at only once it is this old, and at most once per this period (ms). */
  graceMs?: number;
  /** Orders looked at per run. */
  batch?: number;
  now?: Date;
}

export interface ReconcileReport {
  checked: number;
  paid: number;
  cancelled: number;
  /** Orders left as they were (still awaiting approval, or the provider could not be reached). */
  left: number;
}

/** One run of the job; safe to run on several instances at once (every step is conditional). */
export async function reconcilePayments(
  deps: OrderDeps,
  options: ReconcileOptions,
): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const grace = new Date(now.getTime() - (options.graceMs ?? 60_000));
  const expired = new Date(now.getTime() - options.pendingTtlMs);
  const due = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'pending'),
        or(
          and(isNotNull(orders.capturingSince), lt(orders.capturingSince, grace)),
          and(isNull(orders.capturingSince), lt(orders.orderDate, grace)),
        ),
        or(isNull(orders.checkedAt), lt(orders.checkedAt, grace)),
      ),
    )
    .orderBy(asc(sql`coalesce(${orders.checkedAt}, ${orders.orderDate})`))
    .limit(options.batch ?? 50);

  const report: ReconcileReport = { checked: due.length, paid: 0, cancelled: 0, left: 0 };
  const count = (outcome: 'paid' | 'cancelled' | 'left') => report[outcome]++;
  for (const order of due) {
    await deps.db.update(orders).set({ checkedAt: now }).where(eq(orders.id, order.id));
    try {
      count(await reconcileOne(deps, order, order.orderDate < expired));
    } catch (err) {
      deps.log.warn({ err, orderId: order.id }, 'reconciliation left an order for the next run');
      count('left');
    }
  }
  return report;
}

async function cancel(deps: OrderDeps, orderId: string, message: string): Promise<'cancelled' | 'left'> {
  const done = await transactionWithRetry(deps.db, (tx) => cancelOrderInTx(tx, orderId, message));
  if (done.restocked) deps.catalog.stockMoved(done.restocked);
  return done.cancelled ? 'cancelled' : 'left';
}

async function reconcileOne(
  deps: OrderDeps,
  order: typeof orders.$inferSelect,
  pastTtl: boolean,
): Promise<'paid' | 'cancelled' | 'left'> {
  if (!order.paymentId) return pastTtl ? cancel(deps, order.id, ABANDONED_MESSAGE) : 'left';
  // An order that costs nothing, left pending by a crash after it was placed: completed, as it would have been.
  if (order.totalCents === 0) {
    const { outcome } = await runCapture(deps, { orderId: order.id });
    return outcome.ok ? 'paid' : 'cancelled';
  }
  const state: PaymentState = await deps.payments.getPayment(order.paymentId, { db: deps.db });
  switch (state.status) {
    case 'completed': {
      const outcome = await recordCapture(deps, order, state);
      if (outcome.ok) deps.kickMail?.();
      return outcome.ok ? 'paid' : 'cancelled';
    }
    case 'approved': {
      const { outcome } = await runCapture(deps, { orderId: order.id }, state.payerId);
      return outcome.ok ? 'paid' : 'cancelled';
    }
    case 'voided':
      return cancel(deps, order.id, VOIDED_MESSAGE);
    case 'created': {
      if (!pastTtl) return 'left';
      if (await deps.payments.voidPayment(order.paymentId, { db: deps.db })) {
        return cancel(deps, order.id, ABANDONED_MESSAGE);
      }
      const { outcome } = await runCapture(deps, { orderId: order.id });
      return outcome.ok ? 'paid' : 'cancelled';
    }
  }
}
