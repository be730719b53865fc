/**
 * Orders as the API reads them (spec §3 "Order as read"): rows → contract `Order` with dollars, ISO dates, absolute
 * image URLs and the address copied at creation. Shared by the shopper routes and the admin routes.
 */
import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { toDollars, type Order } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { isUuid, notFound } from '../../lib/http-error.ts';
import type { ImageStore } from '../../storage/image-store.ts';

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

/** Maps an order row and its line rows to the contract shape. */
export function toOrder(row: OrderRow, items: OrderItemRow[], images: ImageStore): Order {
  return {
    _id: row.id,
    orderNumber: row.number,
    userId: row.userId,
    orderDate: row.orderDate.toISOString(),
    orderUpdateDate: row.orderUpdateDate.toISOString(),
    totalPrice: toDollars(row.totalCents),
    orderStatus: row.orderStatus,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    paymentId: row.paymentId,
    payerId: row.payerId,
    cartItems: items.map((i) => ({
      productId: i.productId,
      title: i.title,
      image: images.url(i.imageKey),
      description: i.description,
      price: toDollars(i.unitPriceCents),
      quantity: i.quantity,
    })),
    address: {
      addressId: row.addressId,
      address: row.address,
      city: row.city,
      state: row.state,
      pincode: row.pincode,
      phone: row.phone,
      notes: row.notes,
    },
    shipment: row.shippedAt
      ? {
          carrier: row.carrier,
          trackingNumber: row.trackingNumber,
          trackingUrl: row.trackingUrl,
          shippedAt: row.shippedAt.toISOString(),
        }
      : null,
  };
}

async function withItems(db: Db, images: ImageStore, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.title), asc(orderItems.id));
  return rows.map((r) =>
    toOrder(
      r,
      items.filter((i) => i.orderId === r.id),
      images,
    ),
  );
}

/**
 * One order; with `userId` only that user's (ownership in the WHERE) and never an archived one (a paid order the
 * shop deleted, issue 26). 404 "Order not found" otherwise. Without `userId` (mail, payment pages) archived orders
 * are still found.
 */
export async function getOrder(
  db: Db,
  images: ImageStore,
  where: { orderId: string; userId?: string },
): Promise<Order> {
  if (!isUuid(where.orderId)) throw notFound('Order not found');
  const conditions: SQL[] = [eq(orders.id, where.orderId)];
  if (where.userId) conditions.push(eq(orders.userId, where.userId), isNull(orders.archivedAt));
  const rows = await db
    .select()
    .from(orders)
    .where(and(...conditions));
  const [order] = await withItems(db, images, rows);
  if (!order) throw notFound('Order not found');
  return order;
}

/**
 * Orders newest first, archived ones left out (issue 26) unless `includeArchived` (the shopper's data export: the
 * shop still holds them); with `userId` only that user's. `limit`/`offset` page.
 */
export async function listOrders(
  db: Db,
  images: ImageStore,
  options: { userId?: string; limit?: number; offset?: number; includeArchived?: boolean } = {},
): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      options.includeArchived
        ? options.userId === undefined
          ? undefined
          : eq(orders.userId, options.userId)
        : visibleOrders(options.userId),
    )
    .orderBy(desc(orders.orderDate), desc(orders.id))
    .limit(options.limit ?? 1000)
    .offset(options.offset ?? 0);
  return withItems(db, images, rows);
}

/** How many orders there are, archived ones left out; with `userId` only that user's. */
export async function countOrders(db: Db, userId?: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(visibleOrders(userId));
  return Number(row?.n ?? 0);
}

/** Orders not archived (issue 26: a deleted paid order), with `userId` only that user's. */
function visibleOrders(userId?: string): SQL | undefined {
  const notArchived = isNull(orders.archivedAt);
  return userId ? and(eq(orders.userId, userId), notArchived) : notArchived;
}
