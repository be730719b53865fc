/**
 * Admin order management (spec §4 Orders, §7 Admin orders; DESIGN.md §4). Any of the five statuses may be set.
 * Cancelling a paid order gives its stock back exactly once (restoreStock); cancelling an unpaid one also cancels its
 * payment, so a late capture cannot fulfil it.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_EXPORT_MAX_ROWS,
  type AdminOrder,
  type AdminOrderFilters,
  type OrderStatus,
} from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, users } from '../../db/schema.ts';
import { isUuid, notFound } from '../../lib/http-error.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { toOrder } from '../orders/order-view.ts';
import { restoreStock } from '../orders/stock.ts';
import type { CatalogChanges } from '../../lib/catalog-cache.ts';
import { containsPattern } from '../admin-products/service.ts';
import type { CsvCell } from '../admin-products/csv.ts';

/** Characters of an order id as text (a UUID: hex digits and dashes). */
const ID_CHARS = /^[0-9a-f-]+$/;

/**
 * The WHERE clause of the admin order filters. `search` matches the start or the end of the order id (what the
 * admin list shows, `abcd1234...`, and what the shopper sees, `#a1b2c3`: a leading `#` and trailing dots are
 * dropped first) or a case-insensitive part of the customer's name or e-mail; every value is a bound parameter.
 */
function orderWhere(filters: AdminOrderFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    const matches: SQL[] = [ilike(users.userName, pattern), ilike(users.email, pattern)];
    const id = filters.search
      .replace(/^#/, '')
      .replace(/(\.|…)+$/, '')
      .trim()
      .toLowerCase();
    if (id && ID_CHARS.test(id)) {
      matches.push(sql`${orders.id}::text like ${`${id}%`}`, sql`${orders.id}::text like ${`%${id}`}`);
    }
    conditions.push(or(...matches)!);
  }
  if (filters.status) conditions.push(eq(orders.orderStatus, filters.status));
  if (filters.from) conditions.push(gte(orders.orderDate, filters.from));
  if (filters.to) conditions.push(lt(orders.orderDate, filters.to));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Orders (with their customer) matching `where`, newest first, with their lines. */
async function readAdminOrders(
  db: Db,
  images: ImageStore,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<AdminOrder[]> {
  const rows = await db
    .select({
      order: orders,
      userName: users.userName,
      email: users.email,
      verifiedAt: users.emailVerifiedAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.orderDate), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.order.id),
      ),
    )
    .orderBy(asc(orderItems.title), asc(orderItems.id));
  return rows.map((r) => ({
    ...toOrder(
      r.order,
      items.filter((i) => i.orderId === r.order.id),
      images,
    ),
    customer: { userName: r.userName, email: r.email, emailVerified: r.verifiedAt !== null },
  }));
}

/**
 * One page of the orders matching the filters, newest first, each with its customer, and how many match. With no
 * filters it is every order, as before the filters existed.
 */
export async function listAllOrders(
  db: Db,
  images: ImageStore,
  filters: AdminOrderFilters,
  page: number,
  limit: number,
): Promise<{ items: AdminOrder[]; total: number }> {
  const where = orderWhere(filters);
  const [items, [totals]] = await Promise.all([
    readAdminOrders(db, images, where, { limit, offset: (page - 1) * limit }),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { items, total: Number(totals?.n ?? 0) };
}

/** One order with its customer; 404 "Order not found" for an unknown or malformed id. */
export async function getAdminOrder(db: Db, images: ImageStore, orderId: string): Promise<AdminOrder> {
  if (!isUuid(orderId)) throw notFound('Order not found');
  const [order] = await readAdminOrders(db, images, eq(orders.id, orderId), { limit: 1, offset: 0 });
  if (!order) throw notFound('Order not found');
  return order;
}

/** Columns of the order export, in order. Money in dollars, dates ISO 8601 (UTC). */
export const ORDER_CSV_HEADER = [
  'Order ID',
  'Order Date',
  'Customer Name',
  'Customer Email',
  'Order Status',
  'Payment Status',
  'Payment Method',
  'Order Amount',
  'Items',
  'Address',
  'City',
  'State',
  'Pincode',
  'Phone',
  'Notes',
] as const;

const EXPORT_BATCH = 500;

/**
 * The orders matching the filters as CSV records, newest first, read in batches of EXPORT_BATCH, at most
 * ADMIN_EXPORT_MAX_ROWS. `Items` lists each line as `title × quantity`, separated by `; `.
 */
export async function* orderCsvRecords(
  db: Db,
  images: ImageStore,
  filters: AdminOrderFilters,
): AsyncGenerator<CsvCell[][]> {
  const where = orderWhere(filters);
  for (let offset = 0; offset < ADMIN_EXPORT_MAX_ROWS; offset += EXPORT_BATCH) {
    const batch = await readAdminOrders(db, images, where, { limit: EXPORT_BATCH, offset });
    yield batch.map((o) => [
      o._id,
      o.orderDate,
      o.customer.userName,
      o.customer.email,
      o.orderStatus,
      o.paymentStatus,
      o.paymentMethod,
      o.totalPrice.toFixed(2),
      o.cartItems.map((i) => `${i.title} × ${i.quantity}`).join('; '),
      o.address.address,
      o.address.city,
      o.address.state,
      o.address.pincode,
      o.address.phone,
      o.address.notes,
    ]);
    if (batch.length < EXPORT_BATCH) return;
  }
}

/**
 * Sets the order's status; 404 unknown order. Returns the updated order. Stock given back by a cancellation is
 * announced to `catalog` after the commit.
 */
export async function setOrderStatus(
  deps: { db: Db; images: ImageStore; catalog: CatalogChanges },
  orderId: string,
  status: OrderStatus,
): Promise<AdminOrder> {
  const { db, images } = deps;
  if (!isUuid(orderId)) throw notFound('Order not found');
  const restocked = await db.transaction(async (tx) => {
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
    return status === 'Cancelled' && (await restoreStock(tx, orderId));
  });
  if (restocked) deps.catalog.changed();
  return getAdminOrder(db, images, orderId);
}

/** Deletes the order and its lines; 404 unknown order. Stock is not changed. */
export async function deleteOrder(db: Db, orderId: string): Promise<void> {
  if (!isUuid(orderId)) throw notFound('Order not found');
  const deleted = await db.delete(orders).where(eq(orders.id, orderId)).returning({ id: orders.id });
  if (deleted.length === 0) throw notFound('Order not found');
}
