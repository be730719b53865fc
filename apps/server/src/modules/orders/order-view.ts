/**
 * Orders as the API reads them (spec §3 "Order as read"): rows → contract `Order` with dollars, ISO dates, absolute
 * image URLs and the address copied at creation. Shared by the shopper routes and the admin routes.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { isPaid, toDollars, WITHDRAWAL_DAYS, type Order, type OrderEvent } from '@emporium/contract';
import { preparedQuery, rowFromJson, type Db } from '../../db/client.ts';
import { orderEvents, orderItems, orders, users, withdrawals } from '../../db/schema.ts';
import { isUuid, notFound } from '../../lib/http-error.ts';
import type { ImageStore } from '../../storage/image-store.ts';

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;
type OrderEventRow = typeof orderEvents.$inferSelect;
type WithdrawalRow = Pick<typeof withdrawals.$inferSelect, 'orderId' | 'requestedAt' | 'processedAt'>;

/**
 * Whether a paid order's whole total has been given back or is on its way back (refunds reserved, issue 40, item 13):
 * cancelling it would refund nothing. An order of $0 is never "refunded in full".
 */
export function isRefundedInFull(
  row: Pick<OrderRow, 'paymentStatus' | 'totalCents' | 'refundReservedCents'>,
): boolean {
  return isPaid(row.paymentStatus) && row.totalCents > 0 && row.refundReservedCents >= row.totalCents;
}

/**
 * Whether the shopper may cancel the order now (issue 26): Pending or Processing, no capture in flight, and not
 * refunded in full already (issue 40: the cancellation would refund nothing; `isRefundedInFull`).
 */
export function isCancellable(
  row: Pick<
    OrderRow,
    'orderStatus' | 'capturingSince' | 'paymentStatus' | 'totalCents' | 'refundReservedCents'
  >,
): boolean {
  return (
    (row.orderStatus === 'Pending' || row.orderStatus === 'Processing') &&
    row.capturingSince === null &&
    !isRefundedInFull(row)
  );
}

/**
 * SQL for the first instant after the withdrawal period of an order delivered at `deliveredAt` (issue 46): midnight
 * at the end of the `WITHDRAWAL_DAYS`th day after the day of delivery, in `timeZone` (IANA; the shop's,
 * SHOP_TIME_ZONE). The day of delivery does not count and a period in days ends at the end of its last day
 * (Regulation 1182/71 art. 3, which the Consumer Rights Directive's 14 days follow); PostgreSQL's time zone rules
 * place that midnight across a daylight-saving change. Delivered 16:00 on 1 June in Berlin: ends 16 June 00:00 Berlin.
 */
export function withdrawalEndSql(deliveredAt: Date | SQL, timeZone: string): SQL {
  const at = deliveredAt instanceof Date ? sql`${deliveredAt.toISOString()}::timestamptz` : deliveredAt;
  const zone = sql`${timeZone}::text`;
  return sql`(((${at}) at time zone ${zone})::date + ${WITHDRAWAL_DAYS + 1}::int)::timestamp at time zone ${zone}`;
}

/** The last instant the shopper may withdraw (1 ms before `withdrawal_ends_at`), or null when not delivered. */
export function withdrawalDeadline(row: Pick<OrderRow, 'withdrawalEndsAt'>): Date | null {
  return row.withdrawalEndsAt ? new Date(row.withdrawalEndsAt.getTime() - 1) : null;
}

/**
 * Maps an order row, its line rows and its withdrawal (if any) to the contract shape; `timeline` is added when given
 * (one order's answers).
 */
export function toOrder(
  row: OrderRow,
  items: OrderItemRow[],
  images: ImageStore,
  withdrawal?: WithdrawalRow,
  timeline?: OrderEvent[],
): Order {
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
      lineId: i.id,
      refundedQuantity: i.refundedQuantity,
      refundedAmount: toDollars(i.refundedCents),
      productId: i.productId,
      title: i.title,
      image: images.url(i.imageKey),
      description: i.description,
      price: toDollars(i.unitPriceCents),
      quantity: i.quantity,
      discount: toDollars(i.discountCents),
      variantId: i.variantId,
      sku: i.sku,
      options: i.options,
      tax: toDollars(i.taxCents),
    })),
    address: {
      addressId: row.addressId,
      address: row.address,
      city: row.city,
      state: row.state,
      pincode: row.pincode,
      phone: row.phone,
      notes: row.notes,
      ...(row.recipientName ? { name: row.recipientName } : {}),
      country: row.country,
    },
    shipment: row.shippedAt
      ? {
          carrier: row.carrier,
          trackingNumber: row.trackingNumber,
          trackingUrl: row.trackingUrl,
          shippedAt: row.shippedAt.toISOString(),
        }
      : null,
    pricing: {
      subtotal: toDollars(row.subtotalCents),
      discount: toDollars(row.discountCents),
      shipping: toDollars(row.shippingCents),
      tax: toDollars(row.taxCents),
      pricesIncludeTax: row.pricesIncludeTax,
      shippingMethod: row.shippingMethodName,
      discountCode: row.discountCode,
      country: row.country,
    },
    refundedTotal: toDollars(row.refundedCents),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    cancellable: isCancellable(row),
    withdrawableUntil: withdrawalDeadline(row)?.toISOString() ?? null,
    withdrawal: withdrawal
      ? {
          requestedAt: withdrawal.requestedAt.toISOString(),
          processedAt: withdrawal.processedAt?.toISOString() ?? null,
        }
      : null,
    ...(timeline ? { timeline } : {}),
  };
}

/**
 * The lines and withdrawals of `orderIds` (one query each), for assembling `Order`s: lines by title, then id.
 */
export async function orderParts(
  db: Db,
  orderIds: string[],
): Promise<{ items: Map<string, OrderItemRow[]>; withdrawals: Map<string, WithdrawalRow> }> {
  const items = new Map<string, OrderItemRow[]>();
  const byOrder = new Map<string, WithdrawalRow>();
  if (orderIds.length === 0) return { items, withdrawals: byOrder };
  const [lines, found] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(asc(orderItems.title), asc(orderItems.id)),
    db
      .select({
        orderId: withdrawals.orderId,
        requestedAt: withdrawals.requestedAt,
        processedAt: withdrawals.processedAt,
      })
      .from(withdrawals)
      .where(inArray(withdrawals.orderId, orderIds)),
  ]);
  for (const line of lines) {
    const list = items.get(line.orderId);
    if (list) list.push(line);
    else items.set(line.orderId, [line]);
  }
  for (const w of found) byOrder.set(w.orderId, w);
  return { items, withdrawals: byOrder };
}

/**
 * An order's parts beside its row, in the same statement: its lines (by title, then id), its withdrawal and its
 * events (oldest first), as JSON of whole rows (`rowFromJson`). The outer row's id is named with its table: Drizzle
 * leaves a single table's columns unqualified, and inside the subqueries `id` would be the child's.
 */
const OUTER_ORDER_ID = sql.raw('"orders"."id"');
const orderPartsJson = {
  lines: sql<Array<Record<string, unknown>>>`coalesce((select json_agg(i order by i.title, i.id)
    from ${orderItems} i where i.order_id = ${OUTER_ORDER_ID}), '[]'::json)`,
  withdrawal: sql<Record<string, unknown> | null>`(select row_to_json(w)
    from ${withdrawals} w where w.order_id = ${OUTER_ORDER_ID})`,
  events: sql<Array<Record<string, unknown>>>`coalesce((select json_agg(e order by e.created_at, e.id)
    from ${orderEvents} e where e.order_id = ${OUTER_ORDER_ID}), '[]'::json)`,
};

// One order with its parts, built once (preparedQuery): every checkout answers with its order.
const orderById = preparedQuery((db) =>
  db
    .select({ row: orders, ...orderPartsJson })
    .from(orders)
    .where(eq(orders.id, sql.placeholder('orderId')))
    .prepare('order_view_by_id'),
);
const ownOrderById = preparedQuery((db) =>
  db
    .select({ row: orders, ...orderPartsJson })
    .from(orders)
    .where(and(eq(orders.id, sql.placeholder('orderId')), eq(orders.userId, sql.placeholder('userId'))))
    .prepare('order_view_own_by_id'),
);
const eventsOfOrder = preparedQuery((db) =>
  db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, sql.placeholder('orderId')))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))
    .prepare('order_view_events'),
);
const orderWithBuyerById = preparedQuery((db) =>
  db
    .select({ row: orders, email: users.email, userName: users.userName, lines: orderPartsJson.lines })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .prepare('order_view_with_buyer'),
);

/**
 * The order's timeline (issue 26), oldest first: placed and paid from the row, then its recorded events. With
 * `forAdmin` each event names the admin or shopper who acted; the shopper's answers never carry names.
 */
export async function orderTimeline(db: Db, row: OrderRow, forAdmin: boolean): Promise<OrderEvent[]> {
  return timelineOf(row, await eventsOfOrder(db).execute({ orderId: row.id }), forAdmin);
}

function timelineOf(row: OrderRow, events: OrderEventRow[], forAdmin: boolean): OrderEvent[] {
  const timeline: OrderEvent[] = [
    { kind: 'placed', at: row.orderDate.toISOString(), amount: null, actor: null, note: null },
  ];
  if (row.paidAt) {
    timeline.push({
      kind: 'paid',
      at: row.paidAt.toISOString(),
      amount: toDollars(row.totalCents),
      actor: null,
      note: null,
    });
  }
  for (const e of events) {
    timeline.push({
      kind: e.kind,
      at: e.createdAt.toISOString(),
      amount: e.amountCents === null ? null : toDollars(e.amountCents),
      actor: forAdmin ? e.actorName : null,
      note: e.note,
    });
  }
  return timeline;
}

/**
 * The order with its lines and the buyer's e-mail and name, for its confirmation e-mail (no timeline or withdrawal;
 * one query); null when the order or its buyer no longer exists.
 */
export async function orderWithBuyer(
  db: Db,
  images: ImageStore,
  orderId: string,
): Promise<{ order: Order; email: string; userName: string } | null> {
  const [found] = await orderWithBuyerById(db).execute({ orderId });
  if (!found) return null;
  const lines = found.lines.map((l) => rowFromJson(orderItems, l));
  return { order: toOrder(found.row, lines, images), email: found.email, userName: found.userName };
}

async function withItems(db: Db, images: ImageStore, rows: OrderRow[]): Promise<Order[]> {
  const parts = await orderParts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toOrder(r, parts.items.get(r.id) ?? [], images, parts.withdrawals.get(r.id)));
}

/**
 * One order; with `userId` only that user's (ownership in the WHERE), archived ones included (issue 46: a paid order
 * the shop deleted from its list stays the shopper's). 404 "Order not found" otherwise. One statement: the row and
 * its parts (`orderPartsJson`).
 */
export async function getOrder(
  db: Db,
  images: ImageStore,
  where: { orderId: string; userId?: string },
): Promise<Order> {
  const found = await findOrder(db, images, where);
  if (!found) throw notFound('Order not found');
  return found.order;
}

/** `getOrder`'s order with its row (payment status and message as stored), or undefined where it would 404. */
export async function findOrder(
  db: Db,
  images: ImageStore,
  where: { orderId: string; userId?: string },
): Promise<{ row: OrderRow; order: Order } | undefined> {
  if (!isUuid(where.orderId)) return undefined;
  const [found] = where.userId
    ? await ownOrderById(db).execute({ orderId: where.orderId, userId: where.userId })
    : await orderById(db).execute({ orderId: where.orderId });
  if (!found) return undefined;
  const { row } = found;
  const lines = found.lines.map((l) => rowFromJson(orderItems, l));
  const withdrawal = found.withdrawal ? rowFromJson(withdrawals, found.withdrawal) : undefined;
  const events = found.events.map((e) => rowFromJson(orderEvents, e));
  return { row, order: toOrder(row, lines, images, withdrawal, timelineOf(row, events, false)) };
}

/**
 * Orders that were paid (`paid_at` set by capture; issue 40): a checkout never paid (pending, or cancelled before
 * capture) is not an order, so the shopper's history, the admin's default list, its counts and export and the
 * dashboard leave it out. It stays reachable by id (the return page, the admin's "Unpaid checkouts").
 */
export const wasPaid: SQL = isNotNull(orders.paidAt);

/**
 * Paid orders (`wasPaid`) newest first. A user's (`userId`) are all theirs, archived ones included (issue 46: the
 * shop deleting a finished order from its list does not take it from the shopper, who keeps its details and
 * after-sale rights); otherwise archived ones are left out (issue 26: the admin's "latest orders"). `limit`/`offset`
 * page.
 */
export async function listOrders(
  db: Db,
  images: ImageStore,
  options: { userId?: string; limit?: number; offset?: number } = {},
): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(visibleOrders(options.userId))
    .orderBy(desc(orders.orderDate), desc(orders.id))
    .limit(options.limit ?? 1000)
    .offset(options.offset ?? 0);
  return withItems(db, images, rows);
}

/** How many paid orders there are, archived ones left out; with `userId` every paid one of that user's. */
export async function countOrders(db: Db, userId?: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(visibleOrders(userId));
  return Number(row?.n ?? 0);
}

/**
 * With `userId` every paid order of that user's; otherwise the paid orders not archived (issue 26: a deleted paid
 * order).
 */
function visibleOrders(userId?: string): SQL | undefined {
  return and(userId ? eq(orders.userId, userId) : isNull(orders.archivedAt), wasPaid);
}

/**
 * The id of the user's order whose provider payment id is `paymentId` (the return page's `paymentId`/`token`);
 * 404 "Order not found" when there is none (unknown or someone else's).
 */
export async function orderIdForPayment(db: Db, userId: string, paymentId: string): Promise<string> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentId, paymentId), eq(orders.userId, userId)));
  if (!row) throw notFound('Order not found');
  return row.id;
}
