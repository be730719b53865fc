/**
 * Order creation (spec §4 "Checkout and payment", §7; DESIGN.md §4 "Money, stock and orders", "Payments"). The
 * server builds every order from its own cart and prices. Capture is in capture.ts, the reconciliation job in
 * reconcile.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LIMITS } from '@emporium/contract';
import { rowFromJson, selectRows, type Db } from '../../db/client.ts';
import type { CatalogChanges } from '../../lib/catalog-cache.ts';
import { addresses, orderItems, orders } from '../../db/schema.ts';
import { badRequest, HttpError, isUuid } from '../../lib/http-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import {
  assertOrderable,
  priceCart,
  pricingRulesColumns,
  pricingRulesOf,
  type PricingChoice,
  readCartLines,
  redeemCodeInTx,
  releaseCodeInTx,
} from '../pricing/service.ts';
import type { CodeAttempts } from '../pricing/code-attempts.ts';
import { assertEmailVerified } from '../account-recovery/service.ts';
import { FREE_PROVIDER, freePayment, runCapture } from './capture.ts';

const formatUsd = (dollars: number) =>
  dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Whether the order's lines are exactly these variants, quantities and unit prices. */
async function sameLines(
  tx: Db,
  orderId: string,
  lines: Array<{ variantId: string | null; quantity: number; unitPriceCents: number }>,
): Promise<boolean> {
  const key = (l: { variantId: string | null; quantity: number; unitPriceCents: number }) =>
    `${l.variantId}:${l.quantity}:${Number(l.unitPriceCents)}`;
  const rows = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  return rows.map(key).sort().join() === lines.map(key).sort().join();
}

export interface OrderDeps {
  db: Db;
  images: ImageStore;
  payments: PaymentProvider;
  mailer: Mailer;
  /** The API's origin (PUBLIC_URL): where the provider returns the shopper for the server to capture. */
  publicUrl: string;
  /** The web app's origin (config `storefrontUrl`): where the shopper's browser goes next. */
  storefrontUrl: string;
  log: FastifyBaseLogger;
  /** Told after a commit that moved stock (a capture's reservation, a cancellation that gave stock back). */
  catalog: CatalogChanges;
  /** Starts sending queued mail now (the outbox worker); the periodic pass sends it otherwise. */
  kickMail?: () => void;
  /** REQUIRE_EMAIL_VERIFICATION (issue 25): only shoppers with a verified address may place orders. */
  requireEmailVerification?: boolean;
  /** SHOP_COUNTRY (issue 27): the country of addresses saved without one (default US). */
  shopCountry?: string;
  /** SHOP_TIME_ZONE (issue 46): where the withdrawal period's last day ends (IANA; default UTC). */
  shopTimeZone?: string;
  /** The throttle of discount code guesses (issue 46, pricing/code-attempts.ts); none: not throttled. */
  codeAttempts?: CodeAttempts;
}

/**
 * Where the shopper lands after cancelling on the payment page (issue 40): the checkout, which then says "Payment
 * cancelled — your cart is still here".
 */
export function checkoutCancelUrl(storefrontUrl: string): string {
  return `${storefrontUrl}/shop/checkout?payment=cancelled`;
}

/** Where the provider returns the shopper after approval: the server captures there (capture.ts captureOnReturn). */
export function paymentReturnUrl(publicUrl: string): string {
  return `${publicUrl}/api/shop/order/payment-return`;
}

/** The row of createOrder's context statement: the address, the unpaid orders and the pricing rules. */
type OrderContextRow = Parameters<typeof pricingRulesOf>[0] & {
  address: Record<string, unknown>;
  open: Array<{
    id: string;
    approval_url: string | null;
    address_id: string | null;
    shipping_method_id: string | null;
    discount_code: string | null;
  }>;
};

/**
 * Creates a Pending/pending order from the caller's cart and one of their saved addresses, then a payment awaiting
 * approval. Placing the same cart again (same lines, prices and address) while its order is unpaid answers that
 * order again instead of another. An order a discount code makes free is paid at once without a provider (issue
 * 46: stock taken, confirmation queued) and its approval URL is the shop's return page. 400 empty cart, unknown
 * address or a total above `LIMITS.orderTotal.max`, 409 a line above stock or `LIMITS.pendingOrders.max` unpaid
 * orders already, 502 when the provider fails (the order is then cancelled). Returns the order id and where to
 * approve the payment.
 */
export async function createOrder(
  deps: OrderDeps,
  userId: string,
  addressId: string,
  choice: PricingChoice = {},
): Promise<{ orderId: string; approvalURL: string }> {
  const { db } = deps;
  // 403 "Please verify your e-mail address before placing an order." while REQUIRE_EMAIL_VERIFICATION is on.
  if (deps.requireEmailVerification) await assertEmailVerified(db, userId);
  const order = await db.transaction(async (tx) => {
    const lines = await readCartLines(tx, userId);
    if (lines.length === 0) throw badRequest('Your cart is empty');
    // The address, the caller's unpaid orders (locked, so that one shopper's orders are placed one at a time) and the
    // address's pricing rules, in one statement (issue 29: three round trips of every checkout).
    const [context] = isUuid(addressId)
      ? await selectRows<OrderContextRow>(
          tx,
          sql`select row_to_json(a) as address,
                (select coalesce(json_agg(o order by o.order_date desc), '[]')
                 from (select id, approval_url, address_id, shipping_method_id, discount_code, order_date
                       from ${orders}
                       where user_id = ${userId} and payment_status = 'pending' and capturing_since is null
                       order by order_date desc for update) o) as open,
                ${pricingRulesColumns(sql`coalesce(a.country, ${deps.shopCountry ?? 'US'})`, sql`lower(a.state)`)}
              from ${addresses} a where a.id = ${addressId} and a.user_id = ${userId}`,
        )
      : [];
    if (!context) throw badRequest('Please select an address');
    const address = rowFromJson(addresses, context.address);
    const short = lines.find((l) => l.quantity > l.stock);
    if (short) {
      throw new HttpError(
        409,
        short.stock > 0
          ? `${short.title}: only ${short.stock} left in stock`
          : `${short.title} is out of stock`,
      );
    }
    // The same cart placed again while its order is unpaid (same lines, prices, address, method and code) answers
    // that order, before the code is checked again: the order already holds its use.
    const open = context.open.map((o) => ({
      id: o.id,
      approvalUrl: o.approval_url,
      addressId: o.address_id,
      shippingMethodId: o.shipping_method_id,
      discountCode: o.discount_code,
    }));
    const wantedCode = choice.discountCode?.trim().toUpperCase() || null;
    const same = open.find(
      (o) =>
        o.addressId === address.id &&
        o.approvalUrl &&
        o.discountCode === wantedCode &&
        (choice.shippingMethodId === undefined || o.shippingMethodId === choice.shippingMethodId),
    );
    if (same && (await sameLines(tx, same.id, lines))) {
      return { id: same.id, totalCents: 0, count: 0, reuse: same.approvalUrl! };
    }
    // Issue 27: shipping, tax and the code, priced exactly as the checkout's quote showed them.
    const pricing = await priceCart(
      tx,
      userId,
      lines,
      { country: address.country ?? deps.shopCountry ?? 'US', region: address.state },
      choice,
      undefined,
      pricingRulesOf(context),
    );
    assertOrderable(pricing);
    const { priced } = pricing;
    const totalCents = priced.totalCents;
    if (totalCents > LIMITS.orderTotal.max * 100) {
      throw badRequest(
        `An order can total at most ${formatUsd(LIMITS.orderTotal.max)}. Please split it into smaller orders.`,
      );
    }
    if (open.length >= LIMITS.pendingOrders.max) {
      throw new HttpError(
        409,
        // Unpaid checkouts are in no list the shopper sees (issue 40); they expire after PENDING_ORDER_TTL_MINUTES.
        `You have ${open.length} unpaid checkouts. Pay for one of them, or try again later when they have expired.`,
      );
    }
    // The order and its lines in one statement (a data-modifying WITH); the id is made here so both can name it.
    const orderId = randomUUID();
    // An order a code makes free is paid by no provider (issue 46, as Shopify does): its payment is "free".
    const free = totalCents === 0 ? freePayment(orderId, deps.storefrontUrl) : undefined;
    const insertOrder = tx.insert(orders).values({
      id: orderId,
      userId,
      cartId: lines[0]!.cartId,
      paymentProvider: free ? FREE_PROVIDER : deps.payments.name,
      paymentId: free?.paymentId,
      approvalUrl: free?.approvalUrl,
      totalCents,
      addressId: address.id,
      address: address.address,
      city: address.city,
      state: address.state,
      pincode: address.pincode,
      phone: address.phone,
      notes: address.notes,
      country: address.country ?? deps.shopCountry ?? 'US',
      recipientName: address.name,
      subtotalCents: priced.subtotalCents,
      discountCents: priced.discountCents,
      shippingCents: priced.shippingCents,
      taxCents: priced.taxCents,
      pricesIncludeTax: pricing.pricesIncludeTax,
      shippingMethodId: pricing.method?.id ?? null,
      shippingMethodName: pricing.method?.name ?? null,
      discountCode: pricing.code?.code ?? null,
    });
    const insertLines = tx.insert(orderItems).values(
      priced.lines.map((l, i) => ({
        orderId,
        productId: l.productId,
        variantId: lines[i]!.variantId,
        sku: lines[i]!.sku,
        options: lines[i]!.options,
        title: l.title,
        imageKey: lines[i]!.imageKey,
        description: lines[i]!.description,
        unitPriceCents: l.unitPriceCents,
        quantity: l.quantity,
        discountCents: l.discountCents,
        taxCents: l.taxCents,
      })),
    );
    // `number` is assigned by the insert (the sequence, DESIGN.md §4) and read back with RETURNING.
    const [placed] = await selectRows<{ number: string | number }>(
      tx,
      sql`with placed as (${insertOrder.getSQL()} returning number), lined as (${insertLines.getSQL()})
          select number from placed`,
    );
    if (pricing.code) await redeemCodeInTx(tx, pricing.code, userId, orderId, priced.discountCents);
    return {
      id: orderId,
      number: Number(placed!.number),
      totalCents,
      breakdown: {
        itemTotalCents: priced.subtotalCents,
        discountCents: priced.discountCents,
        shippingCents: priced.shippingCents,
        taxCents: pricing.pricesIncludeTax ? 0 : priced.taxCents,
      },
      count: lines.reduce((n, l) => n + l.quantity, 0),
      reuse: undefined,
      free,
    };
  });
  if (order.reuse) return { orderId: order.id, approvalURL: order.reuse };
  if (order.free) {
    // Completed at once (stock taken, confirmation queued); the shopper's browser still goes through the return
    // page, which finds the order paid, as the spec's client expects after approvalURL.
    const { outcome } = await runCapture(deps, { orderId: order.id });
    if (!outcome.ok) throw new HttpError(outcome.status, outcome.message);
    return { orderId: order.id, approvalURL: order.free.approvalUrl };
  }

  try {
    const payment = await deps.payments.createPayment(
      {
        orderId: order.id,
        amountCents: order.totalCents,
        breakdown: order.breakdown,
        currency: 'USD',
        returnUrl: paymentReturnUrl(deps.publicUrl),
        cancelUrl: checkoutCancelUrl(deps.storefrontUrl),
        description: `Emporium order #${order.number} (${order.count} item${order.count === 1 ? '' : 's'})`,
      },
      { db },
    );
    await db
      .update(orders)
      .set({ paymentId: payment.paymentId, approvalUrl: payment.approvalUrl })
      .where(eq(orders.id, order.id));
    return { orderId: order.id, approvalURL: payment.approvalUrl };
  } catch (err) {
    deps.log.error({ err, orderId: order.id }, 'payment creation failed');
    await cancelPendingOrder(db, order.id, 'Payment could not be started');
    throw new HttpError(502, 'Payment processing failed. Please try again.');
  }
}

/**
 * Cancels an order that is still pending and not capturing (Cancelled/cancelled with `message`), e.g. when the
 * shopper presses Cancel on the payment page; a paid, cancelled or capturing order is left alone. Returns whether
 * it changed.
 */
export async function cancelPendingOrder(db: Db, orderId: string, message: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(orders)
      .set({
        orderStatus: 'Cancelled',
        paymentStatus: 'cancelled',
        paymentMessage: message,
        orderUpdateDate: new Date(),
      })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending'), isNull(orders.capturingSince)))
      .returning({ id: orders.id });
    // An unpaid order's discount code use is given back (issue 27).
    if (changed.length > 0) await releaseCodeInTx(tx, orderId);
    return changed.length > 0;
  });
}
