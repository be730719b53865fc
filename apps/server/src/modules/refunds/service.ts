/**
 * Refunds in steps with durable state (issue 26; DESIGN.md §4 "Money, stock and orders"), the model of capture.ts:
 * 1. reserve (`reserveRefundInTx`, in the caller's transaction: an admin refund, a cancellation, the admin's cancel):
 *    the order row is locked, the amount is taken from the balance by
 *    `UPDATE orders SET refund_reserved_cents = refund_reserved_cents + $n WHERE … + $n <= total_cents` and the
 *    refunded lines' units by the same rule on `order_items.refunded_quantity`, and a `pending` refund row is written;
 *    a line's units give back its cost allocated by units (contract `lineRefundCents`, issue 46), so its refunds
 *    sum to exactly what it cost;
 *    concurrent refunds can therefore never exceed what was captured;
 * 2. the provider refunds (`sendRefund`), outside any transaction, with the idempotency key `refund-<refund id>`;
 * 3. record (`recordRefund`): `completed` adds to the order's `refunded_cents` and sets its payment status
 *    (`partially_refunded`/`refunded`), returns the chosen units to stock (or records them as kept out of it, so that
 *    a later cancellation does not put them back), writes the timeline event and queues the
 *    refund e-mail; a refusal marks it `failed` and gives the reservation back.
 * A crash or a time-out between the steps leaves the refund `pending`; a retry or the reconciliation job
 * (reconcile.ts) sends the same request again, so the provider refunds once, and recording is conditional on the
 * refund still being pending, so it is recorded once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAID_PAYMENT_STATUSES, isPaid, lineRefundCents, toDollars } from '@emporium/contract';
import { transactionWithRetry, type Db } from '../../db/client.ts';
import { orderItems, orders, refunds, withdrawals } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { formatCents } from '../../lib/html.ts';
import { refundMessage } from '../../mail/after-sale.ts';
import { orderLinesForMail, queueOrderMail } from '../../mail/outbox.ts';
import type { StockMove } from '../../lib/catalog-cache.ts';
import type { RefundResult } from '../../payments/provider.ts';
import { recordOrderEvent } from '../orders/events.ts';
import type { OrderDeps } from '../orders/service.ts';
import { keepLines, restockLines } from '../orders/stock.ts';

/** Why a refund is made: a refund from the admin, a cancellation (shopper or admin), a withdrawal. */
export type RefundSource = (typeof refunds.$inferInsert)['source'];

/** What to refund. With neither `lines` nor `amountCents`: the whole balance (every line's units left). */
export interface RefundPlan {
  source: RefundSource;
  /** Lines and units; the amount is each line's unit price × units. */
  lines?: Array<{ orderItemId: string; quantity: number }>;
  /** An amount in cents, 1 up to the balance; no lines (nothing can go back to stock). */
  amountCents?: number;
  /** Return the refunded units to stock once the refund completes (lines or the whole balance only). */
  restock?: boolean;
  reason?: string;
  /** The admin or shopper who asked (their user id), for the timeline. */
  requestedBy?: string;
}

/** A line of a refund: its units and the cents they give back (issue 46: allocated by units, `lineRefundCents`). */
type RefundLine = { orderItemId: string; quantity: number; amountCents: number };

/** An order line row as the contract's `lineRefundCents` reads it. */
function asOrderLine(item: typeof orderItems.$inferSelect) {
  return {
    price: toDollars(item.unitPriceCents),
    quantity: item.quantity,
    discount: toDollars(item.discountCents),
    tax: toDollars(item.taxCents),
    refundedQuantity: item.refundedQuantity,
    refundedAmount: toDollars(item.refundedCents),
  };
}

/** A refund reserved by step 1, to be sent by step 2. */
export interface ReservedRefund {
  id: string;
  orderId: string;
  amountCents: number;
}

/** Where a refund stands after `sendRefund`: recorded, still in flight (sent again later), or refused. */
export type RefundOutcome =
  | { status: 'completed'; amountCents: number }
  | { status: 'pending'; amountCents: number }
  | { status: 'failed'; amountCents: number; message: string };

/**
 * Step 1, inside `tx`: checks the plan against the order and reserves it. Throws 404 unknown order; 409 not paid,
 * nothing left to refund, more units than are left of a line or more than the balance; 400 a line that is not the
 * order's, or `restock` with an amount.
 */
export async function reserveRefundInTx(tx: Db, orderId: string, plan: RefundPlan): Promise<ReservedRefund> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('Order not found');
  if (!isPaid(order.paymentStatus) || !order.captureId) throw conflict('Only a paid order can be refunded.');
  const balance = order.totalCents - order.refundReservedCents;
  if (balance <= 0) throw conflict('This order has already been refunded in full.');
  if (plan.amountCents !== undefined && plan.restock) {
    throw badRequest('Only refunded items can go back to stock: refund items, not an amount.');
  }
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));

  let amountCents: number;
  let lines: RefundLine[];
  if (plan.lines) {
    const wanted = new Map<string, number>();
    for (const l of plan.lines) wanted.set(l.orderItemId, (wanted.get(l.orderItemId) ?? 0) + l.quantity);
    lines = [];
    for (const [orderItemId, quantity] of wanted) {
      const item = items.find((i) => i.id === orderItemId);
      if (!item) throw badRequest('That item is not part of this order.');
      const left = item.quantity - item.refundedQuantity;
      if (quantity > left) {
        throw conflict(
          left === 0
            ? `“${item.title}” has already been refunded.`
            : `Only ${left} of “${item.title}” ${left === 1 ? 'is' : 'are'} left to refund.`,
        );
      }
      lines.push({
        orderItemId,
        quantity,
        amountCents: lineRefundCents(asOrderLine(item), quantity, order.pricesIncludeTax),
      });
    }
    amountCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  } else if (plan.amountCents !== undefined) {
    amountCents = plan.amountCents;
    lines = [];
  } else {
    amountCents = balance;
    lines = items
      .filter((i) => i.quantity > i.refundedQuantity)
      .map((i) => ({
        orderItemId: i.id,
        quantity: i.quantity - i.refundedQuantity,
        amountCents: lineRefundCents(asOrderLine(i), i.quantity - i.refundedQuantity, order.pricesIncludeTax),
      }));
  }
  if (amountCents > balance) {
    throw conflict(
      `The refund of ${formatCents(amountCents)} is more than the ${formatCents(balance)} left to refund.`,
    );
  }

  // The rule in the WHERE clause (as the cart's limits): even without the row lock above, two refunds could not
  // take more than the order's total between them.
  const reserved = await tx
    .update(orders)
    .set({ refundReservedCents: sql`${orders.refundReservedCents} + ${amountCents}` })
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.paymentStatus, ['completed', 'partially_refunded']),
        sql`${orders.refundReservedCents} + ${amountCents} <= ${orders.totalCents}`,
      ),
    )
    .returning({ id: orders.id });
  if (reserved.length === 0) throw conflict('The refund is more than is left to refund.');
  for (const line of lines) {
    const taken = await tx
      .update(orderItems)
      .set({
        refundedQuantity: sql`${orderItems.refundedQuantity} + ${line.quantity}`,
        refundedCents: sql`${orderItems.refundedCents} + ${line.amountCents}`,
      })
      .where(
        and(
          eq(orderItems.id, line.orderItemId),
          eq(orderItems.orderId, orderId),
          sql`${orderItems.refundedQuantity} + ${line.quantity} <= ${orderItems.quantity}`,
        ),
      )
      .returning({ id: orderItems.id });
    if (taken.length === 0) throw conflict('Those items have already been refunded.');
  }
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId,
      amountCents,
      source: plan.source,
      lines,
      restock: plan.restock ?? false,
      reason: plan.reason ?? null,
      requestedBy: plan.requestedBy ?? null,
    })
    .returning({ id: refunds.id });
  return { id: refund!.id, orderId, amountCents };
}

/**
 * Step 2 and 3 for a pending refund: calls the provider with the refund's idempotency key, outside any
 * transaction, and records the answer. A provider that cannot be reached leaves the refund pending (the job sends it
 * again); never throws for that. A refund no longer pending answers where it stands.
 */
export async function sendRefund(deps: OrderDeps, refundId: string): Promise<RefundOutcome> {
  const [row] = await deps.db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1` })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  if (!row) return outcomeOf(deps.db, refundId);
  const [order] = await deps.db
    .select({ paymentId: orders.paymentId, captureId: orders.captureId })
    .from(orders)
    .where(eq(orders.id, row.orderId));
  let result: RefundResult;
  try {
    result = await deps.payments.refundCapture(
      {
        refundId: row.id,
        orderId: row.orderId,
        paymentId: order?.paymentId ?? '',
        captureId: order?.captureId ?? '',
        amountCents: row.amountCents,
        currency: 'USD',
        note: row.reason ?? undefined,
      },
      { db: deps.db },
    );
  } catch (err) {
    deps.log.warn(
      { err, refundId, orderId: row.orderId },
      'refund not confirmed by the provider; it stays pending',
    );
    await deps.db
      .update(refunds)
      .set({ lastError: String(err instanceof Error ? err.message : err).slice(0, 500) })
      .where(eq(refunds.id, refundId));
    return { status: 'pending', amountCents: row.amountCents };
  }
  return recordRefund(deps, refundId, result);
}

async function outcomeOf(db: Db, refundId: string): Promise<RefundOutcome> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!row) throw notFound('Refund not found');
  if (row.status === 'failed') {
    return { status: 'failed', amountCents: row.amountCents, message: row.lastError ?? 'The refund failed' };
  }
  return { status: row.status, amountCents: row.amountCents };
}

/**
 * Step 3: stores the provider's answer if the refund is still pending (once, however often it is called).
 * Completed: the order's refunded total and payment status, the chosen units back to stock, the timeline's
 * "refunded" event with who asked, an open withdrawal processed once nothing is left to refund, and the refund
 * e-mail queued. Refused: `failed`, the reserved amount and units given back. Stock moves are announced to the catalog
 * and the mail worker started after the commit.
 */
export async function recordRefund(
  deps: OrderDeps,
  refundId: string,
  result: RefundResult,
): Promise<RefundOutcome> {
  const { outcome, restocked, mailed } = await transactionWithRetry(deps.db, async (tx) => {
    if (result.status === 'refused') {
      const [failed] = await tx
        .update(refunds)
        .set({ status: 'failed', lastError: result.message })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
        .returning();
      if (!failed) return { outcome: await outcomeOf(tx, refundId) };
      await tx
        .update(orders)
        .set({ refundReservedCents: sql`${orders.refundReservedCents} - ${failed.amountCents}` })
        .where(eq(orders.id, failed.orderId));
      for (const line of failed.lines) {
        await tx
          .update(orderItems)
          .set({
            refundedQuantity: sql`${orderItems.refundedQuantity} - ${line.quantity}`,
            refundedCents: sql`greatest(0, ${orderItems.refundedCents} - ${line.amountCents ?? 0})`,
          })
          .where(eq(orderItems.id, line.orderItemId));
      }
      const outcome: RefundOutcome = {
        status: 'failed',
        amountCents: failed.amountCents,
        message: result.message,
      };
      return { outcome };
    }

    const [done] = await tx
      .update(refunds)
      .set({ status: 'completed', providerRefundId: result.providerRefundId, completedAt: new Date() })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
      .returning();
    if (!done) return { outcome: await outcomeOf(tx, refundId) };
    const [order] = await tx
      .update(orders)
      .set({
        refundedCents: sql`${orders.refundedCents} + ${done.amountCents}`,
        paymentStatus: sql`case when ${orders.refundedCents} + ${done.amountCents} >= ${orders.totalCents}
          then 'refunded' else 'partially_refunded' end`,
        orderUpdateDate: new Date(),
      })
      .where(and(eq(orders.id, done.orderId), inArray(orders.paymentStatus, [...PAID_PAYMENT_STATUSES])))
      .returning();
    if (!order) throw new Error(`refund ${refundId}: its order is no longer paid`);
    // Units refunded without a return to stock stay out of it: a later cancellation must not put them back.
    let restocked: StockMove | null = null;
    if (done.restock) restocked = await restockLines(tx, order.id, done.lines);
    else if (done.source !== 'cancellation') await keepLines(tx, order.id, done.lines);
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'refunded',
      amountCents: done.amountCents,
      actor: done.requestedBy ? { userId: done.requestedBy } : undefined,
      note: done.reason,
    });
    if (order.refundedCents >= order.totalCents) {
      await tx
        .update(withdrawals)
        .set({ processedAt: new Date() })
        .where(and(eq(withdrawals.orderId, order.id), sql`${withdrawals.processedAt} is null`));
    }
    const refunded = new Map(done.lines.map((l) => [l.orderItemId, l.quantity]));
    const lines = (await orderLinesForMail(tx, order.id))
      .filter((l) => refunded.has(l.id))
      .map((l) => ({ title: l.title, quantity: refunded.get(l.id)! }));
    const mailed = await queueOrderMail(tx, order.id, (customer) =>
      refundMessage({
        ...customer,
        orderId: order.id,
        orderNumber: order.number,
        shopUrl: deps.storefrontUrl,
        amountCents: done.amountCents,
        lines,
        reason: done.reason,
      }),
    );
    const outcome: RefundOutcome = { status: 'completed', amountCents: done.amountCents };
    return { outcome, restocked, mailed };
  });
  if (restocked) deps.catalog.stockMoved(restocked);
  if (mailed) deps.kickMail?.();
  return outcome;
}

/**
 * Reserves a refund in its own transaction and sends it (an admin's refund). Throws what `reserveRefundInTx` throws.
 */
export async function refundOrder(
  deps: OrderDeps,
  orderId: string,
  plan: RefundPlan,
): Promise<RefundOutcome> {
  const reserved = await transactionWithRetry(deps.db, (tx) => reserveRefundInTx(tx, orderId, plan));
  return sendRefund(deps, reserved.id);
}

/** The sentence an admin or shopper is told about a refund's outcome. */
export function refundSentence(outcome: RefundOutcome): string {
  const amount = formatCents(outcome.amountCents);
  switch (outcome.status) {
    case 'completed':
      return `Refunded ${amount}.`;
    case 'pending':
      return `The refund of ${amount} was sent and will complete shortly.`;
    case 'failed':
      return `The refund of ${amount} was refused: ${outcome.message}. Nothing was refunded.`;
  }
}
