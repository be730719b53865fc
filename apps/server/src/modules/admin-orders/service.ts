/**
 * Admin order management (spec §4 Orders, §7 Admin orders; DESIGN.md §4). Any of the five statuses may be set.
 * Cancelling a paid order gives its stock back exactly once (restoreStock); cancelling an unpaid one also cancels its
 * payment, so a late capture cannot fulfil it.
 */
import { eq } from 'drizzle-orm';
import type { Order, OrderStatus } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { isUuid, notFound } from '../../lib/http-error.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { countOrders, getOrder, listOrders } from '../orders/order-view.ts';
import { restoreStock } from '../orders/stock.ts';

/** All orders newest first, one page at a time. */
export async function listAllOrders(
  db: Db,
  images: ImageStore,
  page: number,
  limit: number,
): Promise<{ items: Order[]; total: number }> {
  const [items, total] = await Promise.all([
    listOrders(db, images, { limit, offset: (page - 1) * limit }),
    countOrders(db),
  ]);
  return { items, total };
}

/** Sets the order's status; 404 unknown order. Returns the updated order. */
export async function setOrderStatus(
  db: Db,
  images: ImageStore,
  orderId: string,
  status: OrderStatus,
): Promise<Order> {
  if (!isUuid(orderId)) throw notFound('Order not found');
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('Order not found');
    const cancelPayment = status === 'Cancelled' && order.paymentStatus === 'pending';
    await tx
      .update(orders)
      .set({
        orderStatus: status,
        orderUpdateDate: new Date(),
        ...(cancelPayment
          ? {
              paymentStatus: 'cancelled' as const,
              paymentMessage: 'Order cancelled by the shop',
              capturingSince: null,
            }
          : {}),
      })
      .where(eq(orders.id, orderId));
    if (status === 'Cancelled') await restoreStock(tx, orderId);
  });
  return getOrder(db, images, { orderId });
}

/** Deletes the order and its lines; 404 unknown order. Stock is not changed. */
export async function deleteOrder(db: Db, orderId: string): Promise<void> {
  if (!isUuid(orderId)) throw notFound('Order not found');
  const deleted = await db.delete(orders).where(eq(orders.id, orderId)).returning({ id: orders.id });
  if (deleted.length === 0) throw notFound('Order not found');
}
