/**
 * Capture in steps with durable state (DESIGN.md §4 "Money, stock and orders"):
 * 1. reserve: one statement claims the order (pending, not capturing), takes its stock (product id order) and marks
 *    it capturing (`capturing_since`): stock.ts reserveStock, a database function, so that in a flash sale the
 *    product's row stays locked only for that statement (issue 29);
 * 2. the provider captures, outside any transaction (no pool connection or row lock is held while it answers),
 *    with the order's idempotency key;
 * 3. record: one statement stores a payment of the order's total (Processing/completed, the bought lines leave the
 *    cart, the confirmation mail is queued in the outbox); any other outcome is decided in a short transaction
 *    holding the order's row. Declined or the wrong amount: Cancelled/cancelled, stock back.
 * A crash or a provider time-out between the steps leaves the order pending and capturing with its stock held; a
 * retry, or the reconciliation job (reconcile.ts), asks the provider and finishes it. Record is conditional on the
 * order still being pending, so repeated and concurrent captures record once, and money taken for an order that
 * was cancelled meanwhile is refunded, never kept.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { isPaid, type Order } from '@emporium/contract';
import { recordOrderEvent } from './events.ts';
import { releaseCodeInTx } from '../pricing/service.ts';
import {
  preparedQuery,
  retryOnConflict,
  selectRows,
  transactionWithRetry,
  type Db,
} from '../../db/client.ts';
import { cartItems, carts, orderItems, orders, users } from '../../db/schema.ts';
import type { StockMove } from '../../lib/catalog-cache.ts';
import { badRequest, conflict, HttpError, isUuid, notFound } from '../../lib/http-error.ts';
import { queueOrderConfirmationsOf } from '../../mail/outbox.ts';
import type { CaptureResult } from '../../payments/provider.ts';
import { findOrder, getOrder } from './order-view.ts';
import type { OrderDeps } from './service.ts';
import { reserveStock, restoreStock } from './stock.ts';

export const CAPTURED_MESSAGE = 'Payment captured successfully';
/** Stored on the unpaid orders of an erased account, which are cancelled, never captured (issue 46). */
export const ERASED_ACCOUNT_MESSAGE = 'Cancelled: the customer deleted their account';
export const AMOUNT_MISMATCH_MESSAGE =
  'The amount paid does not match the order total. The order was not placed and the payment is being refunded.';

export type CaptureOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

type OrderRow = typeof orders.$inferSelect;

/** What a capture reads of its order (narrow: Drizzle builds a select of every column of `orders` slowly). */
const captureColumns = {
  id: orders.id,
  userId: orders.userId,
  paymentId: orders.paymentId,
  paymentStatus: orders.paymentStatus,
  paymentMessage: orders.paymentMessage,
  capturingSince: orders.capturingSince,
  payerId: orders.payerId,
  totalCents: orders.totalCents,
  /** Whether the buyer's account was erased (issue 46): such an order is never charged. */
  buyerErased: sql<boolean>`exists (select 1 from ${users} u where u.id = ${orders.userId} and u.deleted_at is not null)`,
};
type CaptureOrder = Pick<OrderRow, Exclude<keyof typeof captureColumns, 'buyerErased'>>;

// The order a capture is about, built once (preparedQuery): by the provider's payment id, or the caller's by id.
const orderByPayment = preparedQuery((db) =>
  db
    .select(captureColumns)
    .from(orders)
    .where(eq(orders.paymentId, sql.placeholder('paymentId')))
    .prepare('capture_order_by_payment'),
);
const ownOrder = preparedQuery((db) =>
  db
    .select(captureColumns)
    .from(orders)
    .where(and(eq(orders.id, sql.placeholder('orderId')), eq(orders.userId, sql.placeholder('userId'))))
    .prepare('capture_own_order'),
);
const anyOrder = preparedQuery((db) =>
  db
    .select(captureColumns)
    .from(orders)
    .where(eq(orders.id, sql.placeholder('orderId')))
    .prepare('capture_order'),
);

/**
 * Which order to capture: the caller's by id (the shop's capture call, with the payment id it was given, which must be
 * the order's) or by the provider's payment id (the provider's return).
 */
export type CaptureTarget =
  { orderId: string; userId?: string; expectedPaymentId?: string } | { paymentId: string };

/** What cancelling did: whether the order was cancelled, and the stock that came back (null: none). */
export interface CancelResult {
  cancelled: boolean;
  restocked: StockMove | null;
}

/**
 * Cancels a pending order inside `tx`: Cancelled/cancelled with `message`, its stock given back if it held any.
 * Changes nothing when it was no longer pending, nor, with `unlessCapturing`, while a capture holds it.
 */
export async function cancelOrderInTx(
  tx: Db,
  orderId: string,
  message: string,
  { unlessCapturing = false } = {},
): Promise<CancelResult> {
  const changed = await tx
    .update(orders)
    .set({
      orderStatus: 'Cancelled',
      paymentStatus: 'cancelled',
      paymentMessage: message,
      capturingSince: null,
      orderUpdateDate: new Date(),
    })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.paymentStatus, 'pending'),
        unlessCapturing ? isNull(orders.capturingSince) : undefined,
      ),
    )
    .returning({ id: orders.id });
  if (changed.length === 0) return { cancelled: false, restocked: null };
  await recordOrderEvent(tx, { orderId, kind: 'cancelled', note: message });
  await releaseCodeInTx(tx, orderId);
  return { cancelled: true, restocked: await restoreStock(tx, orderId) };
}

/**
 * Step 1: the stored outcome of a settled order, or the order with its stock reserved and marked capturing. The
 * order is read without a lock; reserveStock claims it only if it is still pending and not capturing, so a capture,
 * cancellation or payment that came first in between is read again and answered. Stock taken here is announced to
 * the catalog cache (it has committed). A line out of stock cancels the order (409 naming it), and so does an erased
 * buyer (409 {@link ERASED_ACCOUNT_MESSAGE}).
 */
async function reserve(
  deps: Pick<OrderDeps, 'db' | 'catalog'>,
  target: CaptureTarget,
  payerId: string | undefined,
): Promise<{ settled: CaptureOutcome } | { order: CaptureOrder }> {
  const read = () =>
    'paymentId' in target
      ? orderByPayment(deps.db).execute({ paymentId: target.paymentId })
      : target.userId
        ? ownOrder(deps.db).execute({ orderId: target.orderId, userId: target.userId })
        : anyOrder(deps.db).execute({ orderId: target.orderId });
  for (let attempt = 1; ; attempt++) {
    const [order] = await read();
    if (!order) throw notFound('Order not found');
    const expected = 'orderId' in target ? target.expectedPaymentId : undefined;
    if (expected !== undefined && order.paymentId && order.paymentId !== expected) {
      throw badRequest('Payment information does not match this order');
    }
    if (isPaid(order.paymentStatus)) {
      return { settled: { ok: true, message: order.paymentMessage ?? CAPTURED_MESSAGE } };
    }
    if (order.paymentStatus === 'cancelled') {
      return {
        settled: { ok: false, status: 409, message: order.paymentMessage ?? 'This order was cancelled' },
      };
    }
    if (!order.paymentId) throw badRequest('Payment information is missing. Please try again.');
    if (order.capturingSince) return { order };
    if (order.buyerErased) {
      // Erasure cancels its unpaid orders; one left pending (an account erased before that) is cancelled here.
      const { cancelled } = await transactionWithRetry(deps.db, (tx) =>
        cancelOrderInTx(tx, order.id, ERASED_ACCOUNT_MESSAGE, { unlessCapturing: true }),
      );
      if (cancelled) return { settled: { ok: false, status: 409, message: ERASED_ACCOUNT_MESSAGE } };
      if (attempt >= 3) throw conflict('This order is being updated. Please try again.');
      continue;
    }

    const reserved = await reserveStock(deps.db, order.id, payerId);
    if ('move' in reserved) {
      deps.catalog.stockMoved(reserved.move);
      const now = new Date();
      return { order: { ...order, capturingSince: now, payerId: payerId ?? order.payerId } };
    }
    if ('missing' in reserved) {
      const message = `${reserved.missing} is out of stock`;
      const { cancelled } = await transactionWithRetry(deps.db, (tx) =>
        cancelOrderInTx(tx, order.id, message, { unlessCapturing: true }),
      );
      if (cancelled) return { settled: { ok: false, status: 409, message } };
    }
    // The order changed between the read and the claim (another capture or a cancellation came first): its new
    // state answers. It cannot keep changing: each change moves it towards capturing, paid or cancelled.
    if (attempt >= 3) throw conflict('This order is being updated. Please try again.');
  }
}

/**
 * The paid outcome in one statement (data-modifying WITH: one transaction, one round trip), applied only while the
 * order is pending and its total is what the provider captured (the rule in the WHERE clause): Processing/completed
 * with the capture id, the bought lines out of the buyer's cart, the confirmation queued. Returns whether it applied.
 */
async function recordPaid(
  db: Db,
  orderId: string,
  result: { captureId: string; amountCents: number },
): Promise<boolean> {
  const paid = await selectRows<{ id: string }>(
    db,
    sql`with paid as (
          update ${orders} set order_status = 'Processing', payment_status = 'completed',
            payment_message = ${CAPTURED_MESSAGE}, capture_id = ${result.captureId}, capturing_since = null,
            paid_at = now(), order_update_date = now()
          where id = ${orderId} and payment_status = 'pending' and total_cents = ${result.amountCents}
          returning id, user_id),
        bought as (
          delete from ${cartItems}
          where cart_id in (select c.id from ${carts} c join paid on c.user_id = paid.user_id)
            and variant_id in (select coalesce(i.variant_id, i.product_id) from ${orderItems} i
                               where i.order_id = ${orderId})),
        mail as (${queueOrderConfirmationsOf(sql`select id from paid`)})
        select id from paid`,
  );
  return paid.length > 0;
}

/**
 * Step 3: stores what the provider answered, if the order is still pending. Money captured for an order that was
 * cancelled or deleted meanwhile, or for the wrong amount, is refunded after the transaction.
 */
export async function recordCapture(
  deps: OrderDeps,
  order: Pick<OrderRow, 'id' | 'paymentId' | 'totalCents'>,
  result: CaptureResult,
): Promise<CaptureOutcome> {
  if (
    result.status === 'completed' &&
    result.currency === 'USD' &&
    (await retryOnConflict(() => recordPaid(deps.db, order.id, result)))
  ) {
    return { ok: true, message: CAPTURED_MESSAGE };
  }
  const { outcome, refund, restocked } = await transactionWithRetry(
    deps.db,
    async (tx): Promise<{ outcome: CaptureOutcome; refund?: string; restocked?: StockMove | null }> => {
      const captured = result.status === 'completed' ? result.captureId : undefined;
      const [now] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      if (!now) return { outcome: { ok: false, status: 404, message: 'Order not found' }, refund: captured };
      if (isPaid(now.paymentStatus)) {
        return { outcome: { ok: true, message: now.paymentMessage ?? CAPTURED_MESSAGE } };
      }
      if (now.paymentStatus === 'cancelled') {
        const message = now.paymentMessage ?? 'This order was cancelled';
        return { outcome: { ok: false, status: 409, message }, refund: captured };
      }
      if (result.status === 'declined') {
        const { restocked } = await cancelOrderInTx(tx, now.id, result.message);
        return { outcome: { ok: false, status: 402, message: result.message }, restocked };
      }
      // Pending and captured, but not the order's total in USD: recordPaid stores every payment that is.
      deps.log.error(
        { orderId: now.id, captured: result.amountCents, currency: result.currency, total: now.totalCents },
        'captured amount differs from the order total',
      );
      const { restocked } = await cancelOrderInTx(tx, now.id, AMOUNT_MISMATCH_MESSAGE);
      return {
        outcome: { ok: false, status: 402, message: AMOUNT_MISMATCH_MESSAGE },
        refund: captured,
        restocked,
      };
    },
  );
  if (restocked) deps.catalog.stockMoved(restocked);
  if (refund && order.paymentId) {
    try {
      await deps.payments.refundPayment(
        { orderId: order.id, paymentId: order.paymentId, captureId: refund },
        { db: deps.db },
      );
      deps.log.warn(
        { orderId: order.id, captureId: refund },
        'refunded a capture whose order was not fulfilled',
      );
    } catch (err) {
      deps.log.error(
        { err, orderId: order.id, captureId: refund },
        'REFUND NEEDED: money was captured for an order that was not fulfilled and the refund failed',
      );
    }
  }
  return outcome;
}

/** The provider recorded on orders that cost nothing (a code took the whole total): no provider is called. */
export const FREE_PROVIDER = 'none';

/**
 * The payment of an order that costs nothing (issue 46, item 11): `FREE-<order id>`, and the shop's own return page
 * as where to "approve" it, so that the spec's client, which always follows approvalURL and then calls capture,
 * finds the order paid.
 */
export function freePayment(
  orderId: string,
  storefrontUrl: string,
): { paymentId: string; approvalUrl: string } {
  const paymentId = `FREE-${orderId}`;
  return {
    paymentId,
    approvalUrl: `${storefrontUrl}/shop/paypal-return?paymentId=${paymentId}&PayerID=FREE`,
  };
}

/**
 * Runs the three steps for one order; an order that costs nothing is captured without the provider (its capture id
 * is its payment id). Throws 404 (unknown order), 400 (no payment yet), 502 when the provider
 * cannot be reached: the order then stays pending and capturing with its stock held, for a retry or the
 * reconciliation job. Returns the order id and the outcome.
 */
export async function runCapture(
  deps: OrderDeps,
  target: CaptureTarget,
  payerId?: string,
): Promise<{ orderId: string; outcome: CaptureOutcome }> {
  const reserved = await reserve(deps, target, payerId);
  if ('settled' in reserved) {
    const orderId = 'orderId' in target ? target.orderId : await orderIdOf(deps.db, target.paymentId);
    return { orderId, outcome: reserved.settled };
  }
  const { order } = reserved;
  let result: CaptureResult;
  try {
    result =
      order.totalCents === 0
        ? { status: 'completed', captureId: order.paymentId!, amountCents: 0, currency: 'USD' }
        : await deps.payments.capturePayment(
            { orderId: order.id, paymentId: order.paymentId!, payerId: order.payerId ?? undefined },
            { db: deps.db },
          );
  } catch (err) {
    deps.log.error({ err, orderId: order.id }, 'payment capture failed; the order stays capturing');
    throw new HttpError(502, 'Payment processing failed. Please try again.');
  }
  const outcome = await recordCapture(deps, order, result);
  if (outcome.ok) deps.kickMail?.();
  return { orderId: order.id, outcome };
}

async function orderIdOf(db: Db, paymentId: string): Promise<string> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, paymentId));
  return row?.id ?? '';
}

/**
 * The shop's capture call (spec §7 `POST /order/capture`): the caller's pending order. 404 unknown or someone
 * else's, 400 a payment id that is not this order's, 409 out of stock or cancelled, 402 declined or wrong amount,
 * 502 provider unreachable. A paid order answers its stored success, once captured by whoever came first (the
 * server on the provider's return, the reconciliation job or an earlier call). That common case (the provider's
 * return captures before the shop's page asks) is answered from one read of the order.
 */
export async function captureOrder(
  deps: OrderDeps,
  userId: string,
  input: { orderId: string; paymentId: string; payerId?: string },
): Promise<{ message: string; order: Order }> {
  if (!isUuid(input.orderId)) throw notFound('Order not found');
  const seen = await findOrder(deps.db, deps.images, { orderId: input.orderId, userId });
  if (seen && isPaid(seen.row.paymentStatus) && seen.row.paymentId === input.paymentId) {
    return { message: seen.row.paymentMessage ?? CAPTURED_MESSAGE, order: seen.order };
  }
  const { outcome } = await runCapture(
    deps,
    { orderId: input.orderId, userId, expectedPaymentId: input.paymentId },
    input.payerId,
  );
  if (!outcome.ok) throw new HttpError(outcome.status, outcome.message);
  return {
    message: outcome.message,
    order: await getOrder(deps.db, deps.images, { orderId: input.orderId, userId }),
  };
}

/**
 * The provider sent the shopper back after approving (`paymentId`: PayPal's `token` or the sandbox payment id): the
 * server captures at once, so the order is paid even if the browser never runs the shop's own capture call. Never
 * throws for an expected failure: the shop's return page then shows the stored outcome. Returns the order id, or
 * undefined for an unknown payment.
 */
export async function captureOnReturn(
  deps: OrderDeps,
  paymentId: string,
  payerId: string | undefined,
): Promise<string | undefined> {
  try {
    const { orderId } = await runCapture(deps, { paymentId }, payerId);
    return orderId || undefined;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500) return undefined;
    if (!(err instanceof HttpError)) deps.log.error({ err, paymentId }, 'capture on return failed');
    return undefined;
  }
}
