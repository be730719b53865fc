/**
 * Withdrawal from the contract (issue 26; Directive (EU) 2023/2673, new Art. 11a of the Consumer Rights Directive
 * 2011/83/EU): within `WITHDRAWAL_DAYS` (14) days of delivery the shopper withdraws in two steps (the order details'
 * "Withdraw from contract", then a confirmation naming the order and its items, which sends `confirm: true`). The
 * shop records it (`withdrawals`, one per order, with what was confirmed), writes the timeline event and e-mails an
 * acknowledgement with its content, date and time, all in one transaction. The admin refunds it when the goods are
 * back (admin refund with restock); a refund of the whole balance marks it processed.
 */
import { and, eq } from 'drizzle-orm';
import { type Order } from '@emporium/contract';
import { transactionWithRetry } from '../../db/client.ts';
import { orderItems, orders, withdrawals } from '../../db/schema.ts';
import { conflict, isUuid, notFound } from '../../lib/http-error.ts';
import { formatDay } from '../../lib/html.ts';
import { withdrawalMessage } from '../../mail/after-sale.ts';
import { queueOrderMail } from '../../mail/outbox.ts';
import { recordOrderEvent } from '../orders/events.ts';
import { getOrder, ownedBy, ownerWhere, withdrawalDeadline, type OrderOwner } from '../orders/order-view.ts';
import { getReturnSettings } from '../shop-settings/service.ts';
import type { OrderDeps } from '../orders/service.ts';

/**
 * `POST /api/shop/order/withdraw/:id` (second step, `confirm: true`; and `/api/shop/order-link/:token/withdraw`, issue
 * 41, as `{guest: true}`): records the owner's withdrawal from a
 * delivered order (archived ones included: the shop deleting it from its list takes no right away). Returns the
 * sentence to show and the order (with `withdrawal` and its timeline). 404 unknown or someone else's order; 409 not delivered yet (Pending/Processing: cancel instead), the 14 days over, or
 * already withdrawn; nothing is recorded then. `now` is for tests.
 */
export async function withdrawFromOrder(
  deps: Pick<OrderDeps, 'db' | 'images' | 'storefrontUrl' | 'kickMail' | 'shopTimeZone'>,
  owner: OrderOwner,
  orderId: string,
  reason?: string,
  now = new Date(),
): Promise<{ message: string; order: Order }> {
  if (!isUuid(orderId)) throw notFound('Order not found');
  await transactionWithRetry(deps.db, async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), ownedBy(owner)))
      .for('update');
    if (!order) throw notFound('Order not found');
    const deadline = withdrawalDeadline(order);
    if (order.orderStatus === 'Pending' || order.orderStatus === 'Processing') {
      throw conflict('This order has not shipped yet: you can cancel it instead.');
    }
    if (order.orderStatus !== 'Delivered' || !deadline) {
      throw conflict('You can withdraw from this order once it has been delivered.');
    }
    if (now > deadline) {
      throw conflict(
        `The 14-day withdrawal period for this order ended on ${formatDay(deadline, deps.shopTimeZone)}.`,
      );
    }
    const lines = await tx
      .select({ title: orderItems.title, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.title);
    const [made] = await tx
      .insert(withdrawals)
      .values({
        orderId,
        userId: order.userId,
        content: { orderNumber: order.number, lines },
        reason: reason ?? null,
        requestedAt: now,
      })
      .onConflictDoNothing({ target: withdrawals.orderId })
      .returning();
    if (!made) throw conflict('You have already withdrawn from this order.');
    await recordOrderEvent(tx, {
      orderId,
      kind: 'withdrawal_requested',
      actor: 'userId' in owner ? owner : undefined,
      note: reason ?? null,
    });
    const returns = await getReturnSettings(tx);
    await queueOrderMail(tx, orderId, (customer) =>
      withdrawalMessage({
        ...customer,
        orderId,
        orderNumber: order.number,
        returns,
        shopUrl: deps.storefrontUrl,
        lines,
        receivedAt: made.requestedAt,
        reason: made.reason,
      }),
    );
  });
  deps.kickMail?.();
  return {
    message: 'We received your withdrawal and e-mailed you a confirmation.',
    order: await getOrder(deps.db, deps.images, ownerWhere(owner, orderId)),
  };
}
