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
 * UPDATE and only the caller that cleared it restores the stock. Products deleted since are skipped. Returns whether
 * stock was restored.
 */
export async function restoreStock(tx: Db, orderId: string): Promise<boolean> {
  const released = await tx
    .update(orders)
    .set({ stockHeld: false })
    .where(and(eq(orders.id, orderId), eq(orders.stockHeld, true)))
    .returning({ id: orders.id });
  if (released.length === 0) return false;
  await putBack(tx, await linesOf(tx, orderId));
  return true;
}
