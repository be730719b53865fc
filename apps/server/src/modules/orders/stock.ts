/**
 * Stock moves of an order (DESIGN.md §4): units are taken atomically when the payment is captured and given back
 * exactly once when a paid order is cancelled. `orders.stock_held` records which state the order is in.
 */
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, products } from '../../db/schema.ts';

/** The order's lines in product id order: every transaction that locks product rows takes them in this order. */
async function linesOf(tx: Db, orderId: string) {
  return tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId), asc(orderItems.id));
}

/**
 * Takes the order's units out of stock with one conditional UPDATE per line (`total_stock >= qty`), lines in product
 * id order so that two orders holding the same products in opposite order cannot deadlock. When a line cannot be
 * served, the lines already taken are put back and its title is returned; otherwise null. Each write bumps the
 * product's `version`, so an admin form loaded before the sale cannot overwrite the new stock.
 */
export async function takeStock(tx: Db, orderId: string): Promise<string | null> {
  const lines = await linesOf(tx, orderId);
  const taken: typeof lines = [];
  for (const line of lines) {
    const updated = await tx
      .update(products)
      .set({
        totalStock: sql`${products.totalStock} - ${line.quantity}`,
        version: sql`${products.version} + 1`,
      })
      .where(and(eq(products.id, line.productId), gte(products.totalStock, line.quantity)))
      .returning({ id: products.id });
    if (updated.length === 0) {
      await putBack(tx, taken);
      return line.title;
    }
    taken.push(line);
  }
  await tx.update(orders).set({ stockHeld: true }).where(eq(orders.id, orderId));
  return null;
}

async function putBack(tx: Db, lines: Array<{ productId: string; quantity: number }>): Promise<void> {
  for (const line of lines) {
    await tx
      .update(products)
      .set({
        totalStock: sql`${products.totalStock} + ${line.quantity}`,
        version: sql`${products.version} + 1`,
      })
      .where(eq(products.id, line.productId));
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
    lines
      .map((l) => ({ productId: l.productId, quantity: l.quantity - l.restockedQuantity }))
      .filter((l) => l.quantity > 0),
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
  const back: Array<{ productId: string; quantity: number }> = [];
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
    if (moved.length > 0) back.push({ productId: line.productId, quantity });
  }
  await putBack(tx, back);
  return back.length > 0;
}
