/**
 * Stock moves of an order (DESIGN.md §4): units are taken atomically when the payment is captured and given back
 * exactly once when a paid order is cancelled. `orders.stock_held` records which state the order is in. Stock lives
 * on variants (issue 28); the database moves the product's `total_stock` (their sum) and bumps its version in the
 * same statement (trigger, migration 0017), so product rows are locked first.
 */
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { titleWithOptions } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, products, productVariants } from '../../db/schema.ts';

/**
 * The order's lines in (product id, variant id) order: every transaction that locks product rows takes them in this
 * order, and a product's row before its variants'. A line from before variants names none: it moves the product's
 * first variant.
 */
async function linesOf(tx: Db, orderId: string) {
  const stockVariant = sql<
    string | null
  >`coalesce(${orderItems.variantId}, (select v.id from ${productVariants} v
    where v.product_id = ${orderItems.productId} order by v.position, v.created_at limit 1))`;
  return tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      stockVariantId: stockVariant,
      title: orderItems.title,
      options: orderItems.options,
      quantity: orderItems.quantity,
      restockedQuantity: orderItems.restockedQuantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId), asc(stockVariant), asc(orderItems.id));
}

type StockLine = { productId: string; stockVariantId: string | null; quantity: number };

/**
 * Locks the lines' product rows in id order before any variant row: the database keeps each product's
 * `total_stock` in step with its variants' stock (trigger `product_variants_stock_total`, migration 0017), so a move
 * locks the product too; taking the products first, in one order, means two orders cannot deadlock.
 */
async function lockProducts(tx: Db, lines: StockLine[]): Promise<void> {
  const ids = [...new Set(lines.map((l) => l.productId))];
  if (ids.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
}

/** Takes one line's units from its variant with the rule in the WHERE clause (`stock >= qty`); whether it did. */
async function takeLine(tx: Db, line: StockLine): Promise<boolean> {
  if (!line.stockVariantId) return false;
  const variant = await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
    .where(and(eq(productVariants.id, line.stockVariantId), gte(productVariants.stock, line.quantity)))
    .returning({ id: productVariants.id });
  return variant.length > 0;
}

/**
 * Takes the order's units out of stock with one conditional UPDATE per line (the rule in the WHERE clause), after
 * locking the products in id order so that two orders holding the same products in opposite order cannot deadlock. When a
 * line cannot be served, the lines already taken are put back and its title (with its options, "Tee (Size: 42)") is
 * returned; otherwise null. Each write
 * bumps the product's `version`, so an admin form loaded before the sale cannot overwrite the new stock.
 */
export async function takeStock(tx: Db, orderId: string): Promise<string | null> {
  const lines = await linesOf(tx, orderId);
  await lockProducts(tx, lines);
  const taken: typeof lines = [];
  for (const line of lines) {
    if (!(await takeLine(tx, line))) {
      await putBack(tx, taken);
      return titleWithOptions(line.title, line.options);
    }
    taken.push(line);
  }
  await tx.update(orders).set({ stockHeld: true }).where(eq(orders.id, orderId));
  return null;
}

/** Gives units back to their variants (products locked first); variants deleted since are skipped. */
async function putBack(tx: Db, lines: StockLine[]): Promise<void> {
  await lockProducts(tx, lines);
  for (const line of lines) {
    if (!line.stockVariantId) continue;
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
      .where(eq(productVariants.id, line.stockVariantId));
  }
}

/**
 * Gives the order's units back if it holds them, exactly once: the `stock_held` flag is cleared by a conditional
 * UPDATE and only the caller that cleared it restores the stock. Units a line refund already returned
 * (`restocked_quantity`, issue 26) are not returned again. Products deleted since are skipped. Returns whether
 * stock was restored.
 */
export async function restoreStock(tx: Db, orderId: string): Promise<boolean> {
  const released = await tx
    .update(orders)
    .set({ stockHeld: false })
    .where(and(eq(orders.id, orderId), eq(orders.stockHeld, true)))
    .returning({ id: orders.id });
  if (released.length === 0) return false;
  const lines = await linesOf(tx, orderId);
  await putBack(
    tx,
    lines.map((l) => ({ ...l, quantity: l.quantity - l.restockedQuantity })).filter((l) => l.quantity > 0),
  );
  await tx
    .update(orderItems)
    .set({ restockedQuantity: sql`${orderItems.quantity}` })
    .where(eq(orderItems.orderId, orderId));
  return true;
}

/**
 * Returns refunded units to stock (a line refund with "return items to stock", issue 26), each at most once: a line's
 * `restocked_quantity` grows only within its quantity (the rule in the UPDATE's WHERE), and only while the order
 * holds its stock (an order cancelled or never captured has none to give back). Lines in product id order, like
 * every stock move. Returns whether any stock came back.
 */
export async function restockLines(
  tx: Db,
  orderId: string,
  lines: Array<{ orderItemId: string; quantity: number }>,
): Promise<boolean> {
  const [order] = await tx.select({ held: orders.stockHeld }).from(orders).where(eq(orders.id, orderId));
  if (!order?.held) return false;
  const wanted = new Map(lines.map((l) => [l.orderItemId, l.quantity]));
  const back: StockLine[] = [];
  for (const line of await linesOf(tx, orderId)) {
    const quantity = wanted.get(line.id);
    if (!quantity) continue;
    const moved = await tx
      .update(orderItems)
      .set({ restockedQuantity: sql`${orderItems.restockedQuantity} + ${quantity}` })
      .where(
        and(
          eq(orderItems.id, line.id),
          sql`${orderItems.restockedQuantity} + ${quantity} <= ${orderItems.quantity}`,
        ),
      )
      .returning({ id: orderItems.id });
    if (moved.length > 0) back.push({ ...line, quantity });
  }
  await putBack(tx, back);
  return back.length > 0;
}
