/**
 * The shopper cancels their own order (issue 26) while it is Pending or Processing, i.e. not yet shipped: one
 * transaction moves it to Cancelled (the rule in the UPDATE's WHERE: the caller's, Pending or Processing,
 * no capture in flight), gives its stock back exactly once, reserves the refund of its whole balance when it was paid,
 * records the timeline event and queues the confirmation e-mail; the refund is sent to the provider after the commit
 * (refunds/service.ts; a crash in between leaves it pending for the reconciliation job).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isPaid, PAID_PAYMENT_STATUSES, type Order } from '@emporium/contract';
import { transactionWithRetry } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { conflict, isUuid, notFound } from '../../lib/http-error.ts';
import { cancelledOrderMessage } from '../../mail/after-sale.ts';
import { queueOrderMail } from '../../mail/outbox.ts';
import { recordOrderEvent } from '../orders/events.ts';
import { releaseCodeInTx } from '../pricing/service.ts';
import { getOrder, isRefundedInFull, ownedBy, ownerWhere, type OrderOwner } from '../orders/order-view.ts';
import type { OrderDeps } from '../orders/service.ts';
import { restoreStock } from '../orders/stock.ts';
import { reserveRefundInTx, sendRefund, type ReservedRefund } from '../refunds/service.ts';
import { formatCents } from '../../lib/html.ts';

/** Stored as the payment message of an unpaid order the shopper cancelled. */
export const SHOPPER_CANCELLED_MESSAGE = 'Order cancelled by the customer';

/** The 409 message for a Processing order already refunded in full (issue 40: a cancellation would refund nothing). */
export const REFUNDED_IN_FULL_MESSAGE =
  'This order has already been refunded in full, so there is nothing left to cancel. Please contact us if you have a question about it.';

/** Why an order the caller owns cannot be cancelled now (409). */
function refusal(
  order: Pick<
    typeof orders.$inferSelect,
    'orderStatus' | 'capturingSince' | 'paymentStatus' | 'totalCents' | 'refundReservedCents'
  >,
): string {
  if ((order.orderStatus === 'Pending' || order.orderStatus === 'Processing') && isRefundedInFull(order)) {
    return REFUNDED_IN_FULL_MESSAGE;
  }
  switch (order.orderStatus) {
    case 'Shipped':
    case 'Delivered':
      return 'This order has already shipped and can no longer be cancelled. You can withdraw from it once it is delivered.';
    case 'Cancelled':
      return 'This order is already cancelled.';
    default:
      return 'The payment for this order is being processed. Please try again in a minute.';
  }
}

/**
 * `POST /api/shop/order/cancel/:id` (and `/api/shop/order-link/:token/cancel`, issue 41, as `{guest: true}`): cancels
 * the owner's order. Returns the sentence to show and the order after it (with its timeline). 404 unknown, malformed
 * or someone else's order; 409 shipped, delivered, already cancelled, a capture in flight, or refunded in full
 * already (issue 40, REFUNDED_IN_FULL_MESSAGE; nothing changed).
 */
export async function cancelOwnOrder(
  deps: OrderDeps,
  owner: OrderOwner,
  orderId: string,
  reason?: string,
): Promise<{ message: string; order: Order }> {
  if (!isUuid(orderId)) throw notFound('Order not found');
  let refund: ReservedRefund | undefined;
  const restocked = await transactionWithRetry(deps.db, async (tx) => {
    refund = undefined;
    const owned = and(eq(orders.id, orderId), ownedBy(owner));
    const actor = 'userId' in owner ? owner : undefined;
    const [cancelled] = await tx
      .update(orders)
      .set({
        orderStatus: 'Cancelled',
        orderUpdateDate: new Date(),
        // An unpaid order's payment is cancelled with it, so a late approval cannot be captured.
        paymentStatus: sql`case when ${orders.paymentStatus} = 'pending' then 'cancelled' else ${orders.paymentStatus} end`,
        paymentMessage: sql`case when ${orders.paymentStatus} = 'pending' then ${SHOPPER_CANCELLED_MESSAGE} else ${orders.paymentMessage} end`,
      })
      .where(
        and(
          owned,
          inArray(orders.orderStatus, ['Pending', 'Processing']),
          isNull(orders.capturingSince),
          // Not refunded in full (isRefundedInFull), judged on the row this UPDATE locks: a refund reserved by the
          // admin a moment before wins and this cancel is refused.
          sql`not (${inArray(orders.paymentStatus, [...PAID_PAYMENT_STATUSES])} and ${orders.totalCents} > 0 and ${orders.refundReservedCents} >= ${orders.totalCents})`,
        ),
      )
      .returning();
    if (!cancelled) {
      const [order] = await tx.select().from(orders).where(owned);
      if (!order) throw notFound('Order not found');
      throw conflict(refusal(order));
    }
    await recordOrderEvent(tx, { orderId, kind: 'cancelled', actor, note: reason ?? null });
    if (cancelled.paymentStatus === 'cancelled') await releaseCodeInTx(tx, orderId);
    if (isPaid(cancelled.paymentStatus) && cancelled.totalCents > cancelled.refundReservedCents) {
      refund = await reserveRefundInTx(tx, orderId, {
        source: 'cancellation',
        reason: reason ?? 'Cancelled by the customer',
        requestedBy: actor?.userId,
      });
    }
    await queueOrderMail(tx, orderId, (customer) =>
      cancelledOrderMessage({
        ...customer,
        orderId,
        orderNumber: cancelled.number,
        shopUrl: deps.storefrontUrl,
        refundCents: refund?.amountCents ?? 0,
      }),
    );
    return restoreStock(tx, orderId);
  });
  if (restocked) deps.catalog.stockMoved(restocked);
  deps.kickMail?.();
  let message = 'Your order was cancelled.';
  if (refund) {
    const outcome = await sendRefund(deps, refund.id);
    const amount = formatCents(outcome.amountCents);
    if (outcome.status === 'failed') {
      deps.log.error(
        { orderId, refundId: refund.id },
        'REFUND NEEDED: the refund of a cancelled order was refused',
      );
    }
    message =
      outcome.status === 'completed'
        ? `Your order was cancelled and ${amount} was refunded to your PayPal account.`
        : outcome.status === 'pending'
          ? `Your order was cancelled. The refund of ${amount} is being processed; we will e-mail you when it is done.`
          : `Your order was cancelled, but PayPal did not accept the refund of ${amount}. Our team has been told and will refund you; we will e-mail you when it is done.`;
  }
  return { message, order: await getOrder(deps.db, deps.images, ownerWhere(owner, orderId)) };
}
