/**
 * Orders and payment (spec §4 "Checkout and payment", §7; DESIGN.md §4 "Money, stock and orders", "Payments").
 * The server builds every order from its own cart and prices; capture is idempotent and race-safe: it locks the
 * order row, takes stock with conditional UPDATEs, captures through the PaymentProvider and stores the outcome, so a
 * second or concurrent capture waits for the first and answers the stored result.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { toCents, type Order } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { addresses, cartItems, carts, orderItems, orders, products, users } from '../../db/schema.ts';
import { badRequest, HttpError, isUuid, notFound } from '../../lib/http-error.ts';
import { orderConfirmationMessage } from '../../mail/order-confirmation.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { CaptureResult, PaymentProvider } from '../../payments/provider.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { effectivePriceCents } from '../products/service.ts';
import { getOrder } from './order-view.ts';
import { restoreStock, takeStock } from './stock.ts';

export interface OrderDeps {
  db: Db;
  images: ImageStore;
  payments: PaymentProvider;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export const CAPTURED_MESSAGE = 'Payment captured successfully';

/**
 * Creates a Pending/pending order from the caller's cart and one of their saved addresses, then a payment awaiting
 * approval. 400 empty cart or unknown address, 409 a line above stock, 502 when the provider fails (the order is
 * then cancelled). Returns the order id and where to approve the payment.
 */
export async function createOrder(
  deps: OrderDeps,
  userId: string,
  addressId: string,
): Promise<{ orderId: string; approvalURL: string }> {
  const { db } = deps;
  const order = await db.transaction(async (tx) => {
    const lines = await tx
      .select({
        productId: products.id,
        title: products.title,
        imageKey: products.imageKey,
        description: products.description,
        unitPriceCents: effectivePriceCents,
        stock: products.totalStock,
        quantity: cartItems.quantity,
        cartId: carts.id,
      })
      .from(carts)
      .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(carts.userId, userId))
      .orderBy(asc(cartItems.addedAt), asc(cartItems.productId));
    if (lines.length === 0) throw badRequest('Your cart is empty');
    const [address] = isUuid(addressId)
      ? await tx
          .select()
          .from(addresses)
          .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      : [];
    if (!address) throw badRequest('Please select an address');
    const short = lines.find((l) => l.quantity > l.stock);
    if (short) {
      throw new HttpError(
        409,
        short.stock > 0
          ? `${short.title}: only ${short.stock} left in stock`
          : `${short.title} is out of stock`,
      );
    }
    const totalCents = lines.reduce((sum, l) => sum + Number(l.unitPriceCents) * l.quantity, 0);
    const [row] = await tx
      .insert(orders)
      .values({
        userId,
        cartId: lines[0]!.cartId,
        paymentProvider: deps.payments.name,
        totalCents,
        addressId: address.id,
        address: address.address,
        city: address.city,
        state: address.state,
        pincode: address.pincode,
        phone: address.phone,
        notes: address.notes,
      })
      .returning();
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        orderId: row!.id,
        productId: l.productId,
        title: l.title,
        imageKey: l.imageKey,
        description: l.description,
        unitPriceCents: Number(l.unitPriceCents),
        quantity: l.quantity,
      })),
    );
    return { id: row!.id, totalCents, count: lines.reduce((n, l) => n + l.quantity, 0) };
  });

  try {
    const payment = await deps.payments.createPayment(
      {
        orderId: order.id,
        amountCents: order.totalCents,
        currency: 'USD',
        returnUrl: `${deps.publicUrl}/shop/paypal-return`,
        cancelUrl: `${deps.publicUrl}/shop/checkout`,
        description: `Emporium order #${order.id.slice(-6)} (${order.count} item${order.count === 1 ? '' : 's'})`,
      },
      { db },
    );
    await db.update(orders).set({ paymentId: payment.paymentId }).where(eq(orders.id, order.id));
    return { orderId: order.id, approvalURL: payment.approvalUrl };
  } catch (err) {
    deps.log.error({ err, orderId: order.id }, 'payment creation failed');
    await cancelPendingOrder(db, order.id, 'Payment could not be started');
    throw new HttpError(502, 'Payment processing failed. Please try again.');
  }
}

/**
 * Cancels an order that is still pending (Cancelled/cancelled with `message`); a paid or already cancelled order is
 * left alone. Returns whether it changed.
 */
export async function cancelPendingOrder(db: Db, orderId: string, message: string): Promise<boolean> {
  const changed = await db
    .update(orders)
    .set({
      orderStatus: 'Cancelled',
      paymentStatus: 'cancelled',
      paymentMessage: message,
      orderUpdateDate: new Date(),
    })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending')))
    .returning({ id: orders.id });
  return changed.length > 0;
}

/** Message stored on orders the abandoned-order job cancels. */
export const ABANDONED_MESSAGE = 'Payment not completed in time';

/**
 * Cancels pending orders placed before `now - ttlMs` (DESIGN.md §4: abandoned orders). A capture in progress holds
 * the row lock, and the status is re-checked after the wait, so a paid order is never cancelled here.
 */
export async function cancelAbandonedOrders(db: Db, ttlMs: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ttlMs);
  const changed = await db
    .update(orders)
    .set({
      orderStatus: 'Cancelled',
      paymentStatus: 'cancelled',
      paymentMessage: ABANDONED_MESSAGE,
      orderUpdateDate: now,
    })
    .where(and(eq(orders.paymentStatus, 'pending'), lt(orders.orderDate, cutoff)))
    .returning({ id: orders.id });
  return changed.length;
}

type CaptureOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

/**
 * Captures the caller's pending order (spec §4; DESIGN.md §4). 404 unknown or someone else's order, 400 payment id
 * not this order's, 409 out of stock (order cancelled, cart kept), 402 declined or amount mismatch (order cancelled,
 * stock restored, never fulfilled). A paid order answers its stored success; a cancelled one its stored message.
 */
export async function captureOrder(
  deps: OrderDeps,
  userId: string,
  input: { orderId: string; paymentId: string; payerId?: string },
): Promise<{ message: string; order: Order }> {
  const { db } = deps;
  if (!isUuid(input.orderId)) throw notFound('Order not found');
  let paidNow = false;
  const outcome = await db.transaction(async (tx): Promise<CaptureOutcome> => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order) throw notFound('Order not found');
    if (order.paymentStatus === 'completed')
      return { ok: true, message: order.paymentMessage ?? CAPTURED_MESSAGE };
    if (order.paymentStatus === 'cancelled') {
      return { ok: false, status: 409, message: order.paymentMessage ?? 'This order was cancelled' };
    }
    if (!order.paymentId || order.paymentId !== input.paymentId) {
      throw badRequest('Payment information does not match this order');
    }

    const fail = async (status: number, message: string): Promise<CaptureOutcome> => {
      await restoreStock(tx, order.id);
      await tx
        .update(orders)
        .set({
          orderStatus: 'Cancelled',
          paymentStatus: 'cancelled',
          paymentMessage: message,
          orderUpdateDate: new Date(),
        })
        .where(eq(orders.id, order.id));
      return { ok: false, status, message };
    };

    const missing = await takeStock(tx, order.id);
    if (missing) return fail(409, `${missing} is out of stock`);

    let result: CaptureResult;
    try {
      result = await deps.payments.capturePayment(
        { orderId: order.id, paymentId: input.paymentId, payerId: input.payerId },
        { db: tx },
      );
    } catch (err) {
      // The provider could not be reached (after its retries): roll back the stock taken and leave the order
      // pending, so the shopper can try again; the request id makes the retry safe.
      deps.log.error({ err, orderId: order.id }, 'payment capture failed');
      throw new HttpError(502, 'Payment processing failed. Please try again.');
    }
    if (result.status === 'declined') return fail(402, result.message);
    if (result.amountCents !== order.totalCents || result.currency !== 'USD') {
      deps.log.error(
        { orderId: order.id, captured: result.amountCents, total: order.totalCents },
        'captured amount differs from the order total',
      );
      return fail(
        402,
        'The amount paid does not match the order total. The order was not placed; please contact support.',
      );
    }
    await tx
      .update(orders)
      .set({
        orderStatus: 'Processing',
        paymentStatus: 'completed',
        paymentMessage: CAPTURED_MESSAGE,
        captureId: result.captureId,
        payerId: input.payerId ?? order.payerId,
        paidAt: new Date(),
        orderUpdateDate: new Date(),
      })
      .where(eq(orders.id, order.id));
    const ordered = tx
      .select({ id: orderItems.productId })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    await tx
      .delete(cartItems)
      .where(
        and(
          inArray(cartItems.productId, ordered),
          eq(cartItems.cartId, sql`(select ${carts.id} from ${carts} where ${carts.userId} = ${userId})`),
        ),
      );
    paidNow = true;
    return { ok: true, message: CAPTURED_MESSAGE };
  });

  if (!outcome.ok) throw new HttpError(outcome.status, outcome.message);
  const order = await getOrder(db, deps.images, { orderId: input.orderId, userId });
  if (paidNow) await sendConfirmation(deps, order);
  return { message: outcome.message, order };
}

/** Mails the confirmation; a mail failure is logged and never undoes the payment. */
async function sendConfirmation(deps: OrderDeps, order: Order): Promise<void> {
  try {
    const [user] = await deps.db
      .select({ email: users.email, userName: users.userName })
      .from(users)
      .where(eq(users.id, order.userId));
    if (!user) return;
    const { address, city, state, pincode, phone, notes } = order.address;
    await deps.mailer.send(
      orderConfirmationMessage({
        to: user.email,
        userName: user.userName,
        orderId: order._id,
        orderDate: new Date(order.orderDate),
        items: order.cartItems.map((i) => ({
          title: i.title,
          quantity: i.quantity,
          unitPriceCents: toCents(i.price),
        })),
        totalCents: toCents(order.totalPrice),
        address: { address, city, state, pincode, phone, notes },
      }),
    );
  } catch (err) {
    deps.log.error({ err, orderId: order._id }, 'order confirmation mail failed');
  }
}
