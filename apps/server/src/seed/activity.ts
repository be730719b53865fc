/**
 * Demo activity, so that a fresh embedded demo looks like a shop in use: the demo shoppers' paid orders spread over
 * the last 30 days (Delivered, Shipped or Processing by age) and reviews by the buyers of what they received. Rows are
 * written as the orders and reviews services would leave them: prices from the products, totals in cents, a captured
 * sandbox payment, stock taken from the variant sold (the one with most stock; lines snapshot its SKU and options,
 * issue 28) and held (`stock_held`), verified reviews and each product's averageRating/reviewsCount equal
 * to a recount. Runs only right after the demo catalog was seeded, only when the demo shoppers' accounts exist, and
 * only into a database without orders; choices are made by a seeded PRNG, so every fresh demo tells the same story.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  orderItems,
  orders,
  productOptions,
  products,
  productVariants,
  reviews,
  sandboxPayments,
  users,
} from '../db/schema.ts';
import { CAPTURED_MESSAGE } from '../modules/orders/capture.ts';
import { newPayerId } from '../payments/sandbox.ts';
import { CATALOG, KIND_FAMILY, REVIEW_COMMENTS, type Kind, type ReviewFamily } from './catalog-data.ts';

/** The demo shoppers (seed.ts DEMO_ACCOUNTS) and the delivery address their orders were shipped to. */
export const DEMO_SHOPPERS = [
  {
    email: 'alice@emporium.test',
    address: {
      address: '12 Orchard Lane',
      city: 'Springfield',
      state: 'IL',
      pincode: '62704',
      phone: '555-0142',
      notes: 'Leave at the front door',
    },
  },
  {
    email: 'bob@emporium.test',
    address: {
      address: '48 Harbor Street, Apt 3B',
      city: 'Portland',
      state: 'OR',
      pincode: '97205',
      phone: '555-0187',
      notes: 'Ring the bell twice',
    },
  },
] as const;

/** How many demo orders, on that many distinct days of the last 30. */
export const DEMO_ORDER_COUNT = 22;
/** Products left as they are (no sales, no reviews): the cheapest and the first by name, which the demo shows first. */
const UNTOUCHED_CHEAPEST = 6;
const UNTOUCHED_FIRST_BY_NAME = 6;
/** Only products with at least this much stock are sold, and at least KEEP_STOCK stays, so low stock stays low. */
const MIN_STOCK = 20;
const KEEP_STOCK = 15;
/** Demo shoppers buy everyday things, not the luxury and large-appliance end of the catalog. */
const MAX_UNIT_CENTS = 150_000;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KIND_BY_TITLE = new Map<string, Kind>(
  Object.values(CATALOG).flatMap((entries) => entries.map((e) => [e[1], e[5]] as [string, Kind])),
);

/** Order status by age in days, as a shop's fulfilment would have moved it. */
function statusForAge(days: number): 'Delivered' | 'Shipped' | 'Processing' {
  if (days >= 6) return 'Delivered';
  if (days >= 2) return 'Shipped';
  return 'Processing';
}

/**
 * Seeds the demo shoppers' orders and reviews (see above). Returns how many it added; nothing when the demo accounts
 * do not exist or there are orders already.
 */
export async function seedDemoActivity(
  db: Db,
  now = new Date(),
): Promise<{ orders: number; reviews: number }> {
  const none = { orders: 0, reviews: 0 };
  const emails = DEMO_SHOPPERS.map((s) => s.email);
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const shoppers = DEMO_SHOPPERS.flatMap((s) => {
    const account = accounts.find((a) => a.email === s.email);
    return account ? [{ ...s, userId: account.id }] : [];
  });
  if (shoppers.length === 0) return none;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(orders);
  if (Number(n) > 0) return none;

  const catalog = (
    await db
      .select({
        id: products.id,
        title: products.title,
        imageKey: products.imageKey,
        description: products.description,
        priceCents: products.priceCents,
        salePriceCents: products.salePriceCents,
        totalStock: products.totalStock,
      })
      .from(products)
  )
    .map((p) => ({
      ...p,
      kind: KIND_BY_TITLE.get(p.title),
      unitCents: p.salePriceCents > 0 ? p.salePriceCents : p.priceCents,
    }))
    .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
  const untouched = new Set([
    ...catalog.slice(0, UNTOUCHED_FIRST_BY_NAME).map((p) => p.id),
    ...[...catalog]
      .sort((a, b) => a.unitCents - b.unitCents || (a.title < b.title ? -1 : 1))
      .slice(0, UNTOUCHED_CHEAPEST)
      .map((p) => p.id),
  ]);
  const eligible = catalog.filter(
    (p) => p.kind && !untouched.has(p.id) && p.totalStock >= MIN_STOCK && p.unitCents <= MAX_UNIT_CENTS,
  );
  if (eligible.length === 0) return none;
  const variantsOf = await sellableVariants(
    db,
    eligible.map((p) => p.id),
  );

  const random = prng(20_240_611);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const stock = new Map(eligible.map((p) => [p.id, p.totalStock]));
  const bought = new Map<string, Set<string>>(shoppers.map((s) => [s.userId, new Set()]));

  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // Distinct days of the last 30 (0 = today), newest orders a little more often.
  const days = Array.from({ length: 30 }, (_, i) => i)
    .map((d) => ({ d, key: random() * (1 + d / 30) }))
    .sort((a, b) => a.key - b.key)
    .slice(0, Math.min(DEMO_ORDER_COUNT, 30))
    .map((x) => x.d)
    .sort((a, b) => b - a);

  const orderRows: Array<typeof orders.$inferInsert> = [];
  const itemRows: Array<typeof orderItems.$inferInsert> = [];
  const paymentRows: Array<typeof sandboxPayments.$inferInsert> = [];
  const reviewRows: Array<typeof reviews.$inferInsert> = [];
  const taken = new Map<string, { productId: string; quantity: number }>();
  const commentTurn = new Map<ReviewFamily, number>();

  days.forEach((age, i) => {
    const shopper = shoppers[i % shoppers.length]!;
    const mine = bought.get(shopper.userId)!;
    const lineCount = random() < 0.6 ? 1 : random() < 0.75 ? 2 : 3;
    const lines: Array<{ product: (typeof eligible)[number]; variant: SellableVariant; quantity: number }> =
      [];
    for (let tries = 0; lines.length < lineCount && tries < 50; tries++) {
      const product = pick(eligible);
      if (mine.has(product.id) || lines.some((l) => l.product.id === product.id)) continue;
      const quantity = product.unitCents < 3_000 && random() < 0.35 ? 2 : 1;
      if (stock.get(product.id)! - quantity < KEEP_STOCK) continue;
      // The variant with most stock left (the first of them in the admin's order).
      const variant = (variantsOf.get(product.id) ?? []).reduce<SellableVariant | undefined>(
        (best, v) => (best === undefined || v.stock > best.stock ? v : best),
        undefined,
      );
      if (!variant || variant.stock < quantity) continue;
      variant.stock -= quantity;
      stock.set(product.id, stock.get(product.id)! - quantity);
      taken.set(variant.id, {
        productId: product.id,
        quantity: (taken.get(variant.id)?.quantity ?? 0) + quantity,
      });
      mine.add(product.id);
      lines.push({ product, variant, quantity });
    }
    if (lines.length === 0) return;

    const orderId = randomUUID();
    const paymentId = randomUUID();
    // Paid on calendar day `age` (UTC, the days the dashboard counts), between that day's start and now: a rolling
    // "age days before now" put the oldest order outside the dashboard's 30 days whenever it ran just after midnight.
    const dayStart = todayStart - age * DAY_MS;
    const dayEnd = Math.min(dayStart + DAY_MS, now.getTime());
    const paidAt = new Date(dayStart + Math.floor(random() * (dayEnd - dayStart)));
    const orderDate = new Date(paidAt.getTime() - Math.round((1 + random() * 3) * MINUTE_MS));
    const status = statusForAge(age);
    const deliveredAt = new Date(orderDate.getTime() + Math.round((2 + random() * 3) * DAY_MS));
    const orderUpdateDate =
      status === 'Delivered'
        ? deliveredAt
        : status === 'Shipped'
          ? new Date(orderDate.getTime() + DAY_MS)
          : paidAt;
    const totalCents = lines.reduce((sum, l) => sum + l.product.unitCents * l.quantity, 0);
    const units = lines.reduce((sum, l) => sum + l.quantity, 0);
    const payerId = newPayerId();
    const captureId = `SBX-${randomBytes(8).toString('hex').toUpperCase()}`;

    paymentRows.push({
      id: paymentId,
      orderId,
      amountCents: totalCents,
      description: `Emporium order #${orderId.slice(-6)} (${units} item${units === 1 ? '' : 's'})`,
      status: 'captured',
      payerId,
      captureId,
      createdAt: orderDate,
    });
    orderRows.push({
      id: orderId,
      userId: shopper.userId,
      orderStatus: status,
      paymentMethod: 'paypal',
      paymentStatus: 'completed',
      paymentProvider: 'sandbox',
      totalCents,
      subtotalCents: totalCents,
      ...shopper.address,
      paymentId,
      payerId,
      captureId,
      paymentMessage: CAPTURED_MESSAGE,
      stockHeld: true,
      paidAt,
      orderDate,
      orderUpdateDate,
    });
    for (const { product, variant, quantity } of lines) {
      itemRows.push({
        orderId,
        productId: product.id,
        variantId: variant.id,
        sku: variant.sku,
        options: variant.options,
        title: product.title,
        imageKey: product.imageKey,
        description: product.description,
        unitPriceCents: product.unitCents,
        quantity,
      });
      // Buyers review most of what was delivered to them, a few days after it arrived.
      if (status !== 'Delivered' || random() >= 0.7) continue;
      const family = KIND_FAMILY[product.kind!];
      const comments = REVIEW_COMMENTS[family];
      const turn = commentTurn.get(family) ?? Math.floor(random() * comments.length);
      commentTurn.set(family, turn + 1);
      const [rating, comment] = comments[turn % comments.length]!;
      const reviewedAt = new Date(
        Math.min(
          deliveredAt.getTime() + Math.round((0.5 + random() * 3) * DAY_MS),
          now.getTime() - 60 * MINUTE_MS,
        ),
      );
      reviewRows.push({
        productId: product.id,
        userId: shopper.userId,
        rating,
        comment,
        createdAt: reviewedAt,
      });
    }
  });
  if (orderRows.length === 0) return none;

  await db.transaction(async (tx) => {
    await tx.insert(orders).values(orderRows);
    await tx.insert(orderItems).values(itemRows);
    await tx.insert(sandboxPayments).values(paymentRows);
    // Stock leaves the variants; the database moves each product's total_stock and version with them (migration
    // 0017). Products in id order, as every stock move takes them.
    const moves = [...taken].sort(([a, x], [b, y]) =>
      x.productId !== y.productId ? (x.productId < y.productId ? -1 : 1) : a < b ? -1 : 1,
    );
    for (const [variantId, { quantity }] of moves) {
      await tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} - ${quantity}` })
        .where(eq(productVariants.id, variantId));
    }
    if (reviewRows.length > 0) {
      await tx.insert(reviews).values(reviewRows);
      const reviewed = [...new Set(reviewRows.map((r) => r.productId))];
      await tx
        .update(products)
        .set({
          averageRating: sql`coalesce((select avg(${reviews.rating}) from ${reviews} where ${reviews.productId} = ${products.id}), 0)`,
          reviewsCount: sql`(select count(*) from ${reviews} where ${reviews.productId} = ${products.id})`,
        })
        .where(inArray(products.id, reviewed));
    }
  });
  return { orders: orderRows.length, reviews: reviewRows.length };
}

interface SellableVariant {
  id: string;
  sku: string;
  options: Array<{ name: string; value: string }>;
  stock: number;
}

/** The variants of these products in the admin's order, with their option values named (the lines' snapshot). */
async function sellableVariants(db: Db, productIds: string[]): Promise<Map<string, SellableVariant[]>> {
  const [variants, options] = await Promise.all([
    db
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        sku: productVariants.sku,
        optionValues: productVariants.optionValues,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .where(inArray(productVariants.productId, productIds))
      .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.createdAt)),
    db
      .select({ productId: productOptions.productId, name: productOptions.name })
      .from(productOptions)
      .where(inArray(productOptions.productId, productIds))
      .orderBy(asc(productOptions.productId), asc(productOptions.position)),
  ]);
  const names = new Map<string, string[]>();
  for (const o of options) names.set(o.productId, [...(names.get(o.productId) ?? []), o.name]);
  const byProduct = new Map<string, SellableVariant[]>();
  for (const v of variants) {
    const optionNames = names.get(v.productId) ?? [];
    byProduct.set(v.productId, [
      ...(byProduct.get(v.productId) ?? []),
      {
        id: v.id,
        sku: v.sku,
        options: v.optionValues.map((value, i) => ({ name: optionNames[i] ?? `Option ${i + 1}`, value })),
        stock: v.stock,
      },
    ]);
  }
  return byProduct;
}
