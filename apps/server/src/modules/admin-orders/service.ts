/**
 * Admin order management (spec §4 Orders, §7 Admin orders; DESIGN.md §4). A status change follows the transition
 * table (contract `ADMIN_ORDER_TRANSITIONS`, issue 26); anything else is a 409. Cancelling a paid order gives its
 * stock back exactly once (restoreStock); cancelling an unpaid one also cancels its payment, so a late capture cannot
 * fulfil it. Paid orders are archived (`archived_at`), never deleted: hidden from every list, kept for the accounts.
 */
import { and, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_EXPORT_MAX_ROWS,
  isPaid,
  titleWithOptions,
  toCents,
  type AdminRefundBody,
  adminSourceStatuses,
  statusRefusal,
  type AdminOrder,
  type AdminOrderFilters,
  type OrderStatus,
} from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { orders, orderStatusTotals, users, withdrawals } from '../../db/schema.ts';
import { conflict, isUuid, notFound } from '../../lib/http-error.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { orderParts, orderTimeline, toOrder, wasPaid, withdrawalEndSql } from '../orders/order-view.ts';
import { restoreStock } from '../orders/stock.ts';
import { recordOrderEvent } from '../orders/events.ts';
import { releaseCodeInTx } from '../pricing/service.ts';
import type { OrderDeps } from '../orders/service.ts';
import {
  refundOrder,
  refundSentence,
  reserveRefundInTx,
  sendRefund,
  type ReservedRefund,
} from '../refunds/service.ts';
import { containsPattern } from '../admin-products/service.ts';
import { orderLinesForMail, queueOrderMail } from '../../mail/outbox.ts';
import { shippedOrderMessage } from '../../mail/shipped-order.ts';
import type { CsvCell } from '../admin-products/csv.ts';

/** The tracking details an admin gives with Shipped (contract `OrderStatusBody`, issue 26); all optional. */
export interface ShipmentTracking {
  carrier?: string;
  trackingNumber?: string;
  trackingUrl?: string;
}

/**
 * A cancelled order that was paid and whose balance is neither refunded nor being refunded: its cancellation's refund
 * was refused by the provider (issue 26). The dashboard counts these; the admin refunds them from the order.
 */
export const refundDue = sql`(${orders.orderStatus} = 'Cancelled'
  and ${orders.paymentStatus} in ('completed', 'partially_refunded')
  and ${orders.refundReservedCents} < ${orders.totalCents})`;

/** Characters of an order id as text (a UUID: hex digits and dashes). */
const ID_CHARS = /^[0-9a-f-]+$/;
/** An order number as typed (`1001`): digits only, short enough to be an exact integer. */
const NUMBER_CHARS = /^\d{1,15}$/;

/** The lowest and highest uuid whose text starts with `prefix` (hex digits and dashes where a uuid has them). */
function uuidRange(prefix: string): [string, string] | undefined {
  const template = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';
  if (prefix.length > template.length) return undefined;
  for (let i = 0; i < prefix.length; i++) {
    if ((template[i] === '-') !== (prefix[i] === '-')) return undefined;
  }
  const rest = template.slice(prefix.length);
  return [prefix + rest.replace(/x/g, '0'), prefix + rest.replace(/x/g, 'f')];
}

/**
 * The WHERE clause of the admin order filters. `search` matches the start or the end of the order id (what the
 * admin list shows, `abcd1234...`, and what the shopper sees, `#a1b2c3`: a leading `#` and trailing dots are
 * dropped first), the order number (`1001` or `#1001`, issue 26) or a case-insensitive part of the customer's name
 * or e-mail; every value is a bound parameter. Each way of matching is a condition on `orders` alone that an index
 * answers (issue 29): the customers through the trigram indexes of `users` (their ids as an array, so the orders'
 * user index is used), the id's start as a range of the primary key, its end through the reversed-id index, the
 * number through its unique index; PostgreSQL ORs the index scans instead of joining every order to its customer.
 */
function orderWhere(filters: AdminOrderFilters): SQL | undefined {
  // Archived (deleted paid) orders are not listed, searched or exported (issue 26), except under the filters of
  // orders that still owe money (refunds due, withdrawals to process), where they must not hide (issue 46).
  const owesMoney = filters.refund === 'due' || filters.withdrawal === 'open';
  const conditions: SQL[] = owesMoney ? [] : [isNull(orders.archivedAt)];
  // A checkout never paid is not an order (issue 40): only "Unpaid checkouts" (payment=unpaid) lists it.
  conditions.push(filters.payment === 'unpaid' ? isNull(orders.paidAt) : wasPaid);
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    const matches: SQL[] = [
      sql`${orders.userId} = any(array(select u.id from ${users} u where u.user_name ilike ${pattern} or u.email ilike ${pattern}))`,
      // A guest's order (issue 41) by the address given at checkout (its own trigram index, migration 0043).
      sql`${orders.guestEmail} ilike ${pattern}`,
    ];
    const id = filters.search
      .replace(/^#/, '')
      .replace(/(\.|…)+$/, '')
      .trim()
      .toLowerCase();
    if (id && ID_CHARS.test(id)) {
      const range = uuidRange(id);
      if (range) matches.push(sql`${orders.id} between ${range[0]}::uuid and ${range[1]}::uuid`);
      matches.push(sql`reverse(${orders.id}::text) like ${`${[...id].reverse().join('')}%`}`);
    }
    if (NUMBER_CHARS.test(id)) matches.push(eq(orders.number, Number(id)));
    conditions.push(or(...matches)!);
  }
  if (filters.status) conditions.push(eq(orders.orderStatus, filters.status));
  if (filters.from) conditions.push(gte(orders.orderDate, filters.from));
  if (filters.to) conditions.push(lt(orders.orderDate, filters.to));
  if (filters.refund === 'due') conditions.push(refundDue);
  if (filters.withdrawal === 'open') {
    conditions.push(
      sql`exists (select 1 from ${withdrawals} w where w.order_id = ${orders.id} and w.processed_at is null)`,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * How many orders match the filters. Without a filter, or with the status and the payment filter alone, it is a sum
 * over `order_status_totals` (migrations 0021, 0036), exact, instead of counting a year of orders; otherwise a count.
 */
async function countOrders(db: Db, filters: AdminOrderFilters): Promise<number> {
  const { status, payment, ...others } = filters;
  if (Object.values(others).every((v) => v === undefined || v === '')) {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${orderStatusTotals.orders}), 0)::int` })
      .from(orderStatusTotals)
      .where(
        and(
          eq(orderStatusTotals.archived, false),
          eq(orderStatusTotals.unpaid, payment === 'unpaid'),
          status ? eq(orderStatusTotals.orderStatus, status) : undefined,
        ),
      );
    return Number(row?.n ?? 0);
  }
  const [row] = await db.select({ n: count() }).from(orders).where(orderWhere(filters));
  return Number(row?.n ?? 0);
}

/**
 * Orders (with their customer) matching `where`, newest first, with their lines. The page's ids are found first, on
 * orders alone, and only its rows are joined to their customers: page 500 used to join 12,000 orders to theirs.
 */
async function readAdminOrders(
  db: Db,
  images: ImageStore,
  where: SQL | undefined,
  page: { limit: number; offset: number; timeline?: boolean },
): Promise<AdminOrder[]> {
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.orderDate), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  const rows = await db
    .select({
      order: orders,
      userName: users.userName,
      email: users.email,
      verifiedAt: users.emailVerifiedAt,
      refundDue: sql<boolean>`${refundDue}`,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, pageIds))
    .orderBy(desc(orders.orderDate), desc(orders.id));
  if (rows.length === 0) return [];
  const parts = await orderParts(
    db,
    rows.map((r) => r.order.id),
  );
  const timelines = page.timeline
    ? await Promise.all(rows.map((r) => orderTimeline(db, r.order, true)))
    : undefined;
  return rows.map((r, i) => ({
    ...toOrder(
      r.order,
      parts.items.get(r.order.id) ?? [],
      images,
      parts.withdrawals.get(r.order.id),
      timelines?.[i],
    ),
    customer: customerOf(r),
    refundDue: r.refundDue,
    archived: r.order.archivedAt !== null,
  }));
}

/**
 * The order's customer as the admin sees it: the account's name and address, or for a guest's order (issue 41) "Guest"
 * and the address given at checkout (`guest: true`; the admin shows "Guest · <e-mail>").
 */
function customerOf(r: {
  order: { guestEmail: string | null };
  userName: string | null;
  email: string | null;
  verifiedAt: Date | null;
}): AdminOrder['customer'] {
  if (r.order.guestEmail !== null) {
    return { userName: 'Guest', email: r.order.guestEmail, emailVerified: false, guest: true };
  }
  return { userName: r.userName ?? '', email: r.email ?? '', emailVerified: r.verifiedAt !== null };
}

/**
 * One page of the orders matching the filters, newest first, each with its customer, and how many match. With no
 * filters it is every paid order not archived; `payment: 'unpaid'` lists the checkouts never paid instead (issue 40).
 */
export async function listAllOrders(
  db: Db,
  images: ImageStore,
  filters: AdminOrderFilters,
  page: number,
  limit: number,
): Promise<{ items: AdminOrder[]; total: number }> {
  const [items, total] = await Promise.all([
    readAdminOrders(db, images, orderWhere(filters), { limit, offset: (page - 1) * limit }),
    countOrders(db, filters),
  ]);
  return { items, total };
}

/**
 * One order with its customer and its timeline (acting admins named), archived ones included (`archived`; issue 46:
 * reachable for refunds and withdrawals); 404 "Order not found" for an unknown or malformed id.
 */
export async function getAdminOrder(db: Db, images: ImageStore, orderId: string): Promise<AdminOrder> {
  if (!isUuid(orderId)) throw notFound('Order not found');
  const [order] = await readAdminOrders(db, images, eq(orders.id, orderId), {
    limit: 1,
    offset: 0,
    timeline: true,
  });
  if (!order) throw notFound('Order not found');
  return order;
}

/** Columns of the order export, in order. Money in dollars, dates ISO 8601 (UTC). */
export const ORDER_CSV_HEADER = [
  'Order ID',
  /** The short sequential number (`1001`, shown as `#1001`; issue 26). */
  'Number',
  'Order Date',
  'Customer Name',
  'Customer Email',
  'Order Status',
  'Payment Status',
  'Payment Method',
  /** The breakdown (issue 27): lines, discount, shipping and tax, in dollars; Order Amount is what was charged. */
  'Subtotal',
  'Discount',
  'Shipping',
  'Tax',
  'Order Amount',
  /** Dollars given back by completed refunds (issue 26). */
  'Refunded Amount',
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
      o.orderNumber,
      o.orderDate,
      o.customer.userName,
      o.customer.email,
      o.orderStatus,
      o.paymentStatus,
      o.paymentMethod,
      o.pricing.subtotal.toFixed(2),
      o.pricing.discount.toFixed(2),
      o.pricing.shipping.toFixed(2),
      o.pricing.tax.toFixed(2),
      o.totalPrice.toFixed(2),
      o.refundedTotal.toFixed(2),
      o.cartItems.map((i) => `${titleWithOptions(i.title, i.options)} × ${i.quantity}`).join('; '),
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
 * Sets the order's status if the transition table allows it (issue 26, DESIGN.md §4). The rule is enforced by the
 * UPDATE itself (`where id = $1 and order_status in (<allowed sources>)`), so two admins
 * changing the same order at once cannot both pass it. Returns the updated order.
 * - Setting the status the order already has: no-op, the order as it is.
 * - Cancelled: stock back exactly once; an unpaid order's payment is cancelled too, so a late capture cannot fulfil
 *   it. Stock given back is announced to `catalog` after the commit.
 * - Shipped (issue 26): `shippedAt` and the tracking details given (carrier, tracking number, URL; none when the
 *   spec's client sends only the status) are stored in the same UPDATE, and the "your order has shipped" e-mail is
 *   queued in the outbox in the same transaction (so it goes out once, and only if the change commits); `kickMail`
 *   is called after the commit. Delivered sends no e-mail and fixes the end of the withdrawal period (`withdrawalEndSql`, issue 46).
 * - Cancelled on a paid order (issue 26): its balance is refunded (reserved in the same transaction, sent after the
 *   commit); `message` then says what became of the refund, including a refusal by the provider.
 * - 404 unknown or malformed order; 409 "An order that is X cannot be set to Y." for any other change, with
 *   nothing changed (and no e-mail).
 * Returns the order after the change and, when a refund was made, the sentence to show.
 */
export async function setOrderStatus(
  deps: OrderDeps,
  orderId: string,
  status: OrderStatus,
  tracking: ShipmentTracking = {},
  /** The admin making the change (their user id), named in the order's timeline. */
  actorId?: string,
): Promise<{ order: AdminOrder; message?: string }> {
  const { db, images } = deps;
  if (!isUuid(orderId)) throw notFound('Order not found');
  const sources = adminSourceStatuses(status);
  const now = new Date();
  const shipping =
    status === 'Shipped'
      ? {
          shippedAt: now,
          carrier: tracking.carrier ?? null,
          trackingNumber: tracking.trackingNumber ?? null,
          trackingUrl: tracking.trackingUrl ?? null,
        }
      : status === 'Delivered'
        ? { deliveredAt: now, withdrawalEndsAt: withdrawalEndSql(now, deps.shopTimeZone ?? 'UTC') }
        : {};
  let shippedMail = false;
  let refund: ReservedRefund | undefined;
  const restocked = await db.transaction(async (tx) => {
    const moved =
      sources.length === 0
        ? []
        : await tx
            .update(orders)
            .set({ orderStatus: status, orderUpdateDate: now, ...shipping })
            .where(and(eq(orders.id, orderId), inArray(orders.orderStatus, sources)))
            .returning({
              id: orders.id,
              number: orders.number,
              userId: orders.userId,
              paymentStatus: orders.paymentStatus,
              balance: sql<number>`${orders.totalCents} - ${orders.refundReservedCents}`,
            });
    const [shipped] = moved;
    if (shipped && status !== 'Pending' && status !== 'Processing') {
      await recordOrderEvent(tx, {
        orderId,
        kind: status === 'Shipped' ? 'shipped' : status === 'Delivered' ? 'delivered' : 'cancelled',
        actor: actorId ? { userId: actorId } : undefined,
        note:
          status === 'Shipped' && shipping.carrier
            ? `${shipping.carrier} · ${shipping.trackingNumber}`
            : null,
      });
    }
    if (status === 'Shipped' && shipped) {
      const items = await orderLinesForMail(tx, shipped.id);
      shippedMail = await queueOrderMail(tx, shipped.id, (customer) =>
        shippedOrderMessage({
          ...customer,
          orderId: shipped.id,
          orderNumber: shipped.number,
          items,
          carrier: shipping.carrier ?? null,
          trackingNumber: shipping.trackingNumber ?? null,
          trackingUrl: shipping.trackingUrl ?? null,
          shopUrl: deps.storefrontUrl,
        }),
      );
    }
    if (moved.length === 0) {
      const [order] = await tx
        .select({ status: orders.orderStatus })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!order) throw notFound('Order not found');
      if (order.status !== status) throw conflict(statusRefusal(order.status, status));
      return null;
    }
    if (status !== 'Cancelled') return null;
    // The row is locked by the UPDATE above, so the payment read here is the one the cancellation applies to.
    await tx
      .update(orders)
      .set({
        paymentStatus: 'cancelled',
        paymentMessage: 'Order cancelled by the shop',
        capturingSince: null,
      })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending')));
    if (shipped && shipped.paymentStatus === 'pending') await releaseCodeInTx(tx, orderId);
    // A paid order's balance goes back to the shopper (issue 26): reserved here, sent after the commit; a crash in
    // between leaves it pending for the reconciliation job.
    if (shipped && isPaid(shipped.paymentStatus) && Number(shipped.balance) > 0) {
      refund = await reserveRefundInTx(tx, orderId, {
        source: 'cancellation',
        reason: 'Order cancelled by the shop',
        requestedBy: actorId,
      });
    }
    return restoreStock(tx, orderId);
  });
  if (restocked) deps.catalog.stockMoved(restocked);
  if (shippedMail) deps.kickMail?.();
  const refunded = refund ? await sendRefund(deps, refund.id) : undefined;
  const order = await getAdminOrder(db, images, orderId);
  if (refunded?.status === 'failed') {
    deps.log.error(
      { orderId, refundId: refund!.id },
      'REFUND NEEDED: the refund of a cancelled order was refused',
    );
    return {
      order,
      message: `The order is cancelled, but ${refundSentence(refunded).replace(/^The /, 'the ')} Refund it again from the order.`,
    };
  }
  return { order, message: refunded ? `The order is cancelled. ${refundSentence(refunded)}` : undefined };
}

/**
 * `POST /orders/refund/:id` (issue 26): refunds the whole balance, chosen lines, or an amount (contract
 * `AdminRefundBody`, dollars converted to cents here), optionally returning the refunded items to stock. Returns the
 * sentence to show (refunded, in flight, or refused by the provider) and the order after it. 404 unknown order
 * (archived ones are refunded too: issue 46); 409 not paid, more than is left; 400 a line not in the order. A
 * refusal by the provider is a 409.
 */
export async function refundFromAdmin(
  deps: OrderDeps,
  orderId: string,
  body: AdminRefundBody,
  actorId: string,
): Promise<{ message: string; order: AdminOrder }> {
  const visible = await getAdminOrder(deps.db, deps.images, orderId);
  const outcome = await refundOrder(deps, visible._id, {
    source: 'admin',
    lines: body.lines?.map((l) => ({ orderItemId: l.lineId, quantity: l.quantity })),
    amountCents: body.amount === undefined ? undefined : toCents(body.amount),
    restock: body.restock,
    reason: body.reason,
    requestedBy: actorId,
  });
  if (outcome.status === 'failed') throw conflict(refundSentence(outcome));
  return { message: refundSentence(outcome), order: await getAdminOrder(deps.db, deps.images, orderId) };
}

/** Why a paid order cannot be deleted yet (409, issue 46), or null when it is finished and may be archived. */
function deleteRefusal(
  order: Pick<typeof orders.$inferSelect, 'orderStatus' | 'capturingSince' | 'refundedCents' | 'totalCents'>,
): string | null {
  if (order.capturingSince !== null) {
    return 'The payment for this order is being processed. Try again in a minute.';
  }
  switch (order.orderStatus) {
    case 'Delivered':
      return null;
    case 'Cancelled':
      return order.refundedCents >= order.totalCents
        ? null
        : 'This order was paid and is not fully refunded yet. Refund it before deleting it.';
    default:
      return 'This order is paid and not finished. Cancel it (which refunds it) or wait until it is delivered before deleting it.';
  }
}

/**
 * `DELETE /orders/delete/:id` (DESIGN.md §4 "paid orders are never destroyed"). An order never paid is deleted with
 * its lines (its discount use given back), as before. A paid order is archived (`archived_at = now`: it leaves the
 * admin's list, search and CSV, stays in the dashboard's figures, the shopper's history and every route that acts
 * on it) once it is finished: Delivered, or Cancelled and refunded in full. A paid order still owed something (it
 * holds stock, waits to ship, or money is still to go back) is refused with 409 and a message that says what to do
 * first (issue 46: archiving it stranded it). An order already archived answers as deleted. Stock is not changed.
 * 404 unknown or malformed id.
 */
export async function deleteOrder(db: Db, orderId: string): Promise<void> {
  if (!isUuid(orderId)) throw notFound('Order not found');
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        paymentStatus: orders.paymentStatus,
        paidAt: orders.paidAt,
        capturingSince: orders.capturingSince,
        orderStatus: orders.orderStatus,
        refundedCents: orders.refundedCents,
        totalCents: orders.totalCents,
        archivedAt: orders.archivedAt,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw notFound('Order not found');
    if (order.archivedAt) return;
    const paid = isPaid(order.paymentStatus) || order.paidAt !== null || order.capturingSince !== null;
    if (paid) {
      const refusal = deleteRefusal(order);
      if (refusal) throw conflict(refusal);
      await tx.update(orders).set({ archivedAt: new Date() }).where(eq(orders.id, orderId));
    } else {
      await releaseCodeInTx(tx, orderId);
      await tx.delete(orders).where(eq(orders.id, orderId));
    }
  });
}
