/**
 * Stock moves of an order (DESIGN.md §4): units are taken atomically when the payment is captured and given back
 * exactly once when a paid order is cancelled. `orders.stock_held` records which state the order is in. Stock lives
 * on variants (issue 28); the database moves the product's `total_stock` (their sum) and bumps its version in the
 * same statement (trigger, migration 0017), so product rows are locked first.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { titleWithOptions } from '@emporium/contract';
import { retryOnConflict, selectRows, sqlState, type Db } from '../../db/client.ts';
import type { ProductStock, StockMove } from '../../lib/catalog-cache.ts';
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
      keptQuantity: orderItems.keptQuantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId), asc(stockVariant), asc(orderItems.id));
}

type StockLine = { productId: string; stockVariantId: string | null; quantity: number };

/**
 * Locks the lines' product rows in id order before any variant row: the database keeps each product's
 * `total_stock` in step with its variants' stock (trigger `product_variants_stock_total`, migration 0017), so a move
 * locks the product too; taking the products first, in one order, means two orders cannot deadlock. Returns each
 * product's `total_stock` as locked.
 */
async function lockProducts(tx: Db, lines: StockLine[]): Promise<Map<string, ProductListed>> {
  const ids = [...new Set(lines.map((l) => l.productId))];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select(listedColumns)
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

/** What of a product decides where the listing shows it: in stock or not, and its prices (cents). */
const listedColumns = {
  id: products.id,
  totalStock: products.totalStock,
  priceCents: products.priceCents,
  salePriceCents: products.salePriceCents,
};
type ProductListed = { id: string; totalStock: number; priceCents: number; salePriceCents: number };

/**
 * What giving `lines` back did to the catalog, from each product as it was before and is now: which products moved,
 * and whether the listing's order did (CatalogCache.stockMoved): one was sold out and came back, or its prices moved
 * because a sold-out variant came back (issue 46; trigger `product_variants_stock_total`).
 */
function restockMoveOf(
  before: Map<string, ProductListed>,
  after: readonly ProductListed[],
  lines: StockLine[],
): StockMove {
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const moved = (now: ProductListed) => {
    const was = before.get(now.id);
    return (
      !was ||
      was.totalStock === 0 ||
      was.priceCents !== now.priceCents ||
      was.salePriceCents !== now.salePriceCents
    );
  };
  return { productIds, soldOutChanged: after.some(moved) };
}

/** SQLSTATE raised by `reserve_order_stock` when a line cannot be served (migration 0023). */
const OUT_OF_STOCK = 'ES002';

/**
 * What reserving an order did: claimed it and took its stock (the move, for the catalog cache: the statement has
 * committed; it tells the stock each product and variant has now, migration 0027), found it no longer claimable
 * (paid, cancelled or capturing meanwhile), or found a line out of stock (its title with its options, "Tee (Size:
 * 42)"; nothing was taken or claimed).
 */
export type Reservation = { move: StockMove } | { unclaimed: true } | { missing: string };

/**
 * Step 1 of a capture (capture.ts): claims a pending order that has a payment and is not capturing (marks it
 * capturing, stock held, with the payer) and takes each line's units with the rule in the WHERE clause (`stock >=
 * qty`), products locked in id order first, all in one statement (the database function `reserve_order_stock`,
 * migration 0023) so that a flash sale's hot row stays locked only for that statement. Each write bumps the
 * product's `version`, so an admin form loaded before the sale cannot overwrite the new stock. A deadlock is run
 * again; other database errors are thrown.
 */
export async function reserveStock(db: Db, orderId: string, payerId?: string): Promise<Reservation> {
  try {
    const [row] = await retryOnConflict(() =>
      selectRows<{ claimed: boolean; product_ids: string[]; sold_out: boolean; stock_after: ProductStock[] }>(
        db,
        sql`select claimed, to_json(product_ids) as product_ids, sold_out, stock_after
            from reserve_order_stock(${orderId}::uuid, ${payerId ?? null}::text)`,
      ),
    );
    if (!row?.claimed) return { unclaimed: true };
    return { move: { productIds: row.product_ids, soldOutChanged: row.sold_out, stock: row.stock_after } };
  } catch (err) {
    if (sqlState(err) !== OUT_OF_STOCK) throw err;
    return { missing: await missingLine(db, orderId) };
  }
}

/** The title (with options) of the order's first line its variant cannot serve now (else of its first line). */
async function missingLine(db: Db, orderId: string): Promise<string> {
  const lines = await linesOf(db, orderId);
  const ids = lines.flatMap((l) => (l.stockVariantId ? [l.stockVariantId] : []));
  const stocks = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: productVariants.id, stock: productVariants.stock })
            .from(productVariants)
            .where(inArray(productVariants.id, ids))
        ).map((v) => [v.id, v.stock]),
  );
  const line =
    lines.find((l) => !l.stockVariantId || (stocks.get(l.stockVariantId) ?? 0) < l.quantity) ?? lines[0];
  return line ? titleWithOptions(line.title, line.options) : 'An item';
}

/**
 * Gives units back to their variants (products locked first); variants deleted since are skipped. Returns the stock
 * move, or null when there was nothing to give back.
 */
async function putBack(tx: Db, lines: StockLine[]): Promise<StockMove | null> {
  if (lines.length === 0) return null;
  const before = await lockProducts(tx, lines);
  for (const line of lines) {
    if (!line.stockVariantId) continue;
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
      .where(eq(productVariants.id, line.stockVariantId));
  }
  const after = await tx
    .select(listedColumns)
    .from(products)
    .where(inArray(products.id, [...before.keys()]));
  return restockMoveOf(before, after, lines);
}

/**
 * Gives the order's units back if it holds them, exactly once: the `stock_held` flag is cleared by a conditional
 * UPDATE and only the caller that cleared it restores the stock. Units a line refund already returned
 * (`restocked_quantity`, issue 26) are not returned again, nor units refunded without a return to stock
 * (`kept_quantity`, issue 46). Products deleted since are skipped. Returns the stock move (for the catalog cache once
 * committed), or null when no stock came back.
 */
export async function restoreStock(tx: Db, orderId: string): Promise<StockMove | null> {
  const released = await tx
    .update(orders)
    .set({ stockHeld: false })
    .where(and(eq(orders.id, orderId), eq(orders.stockHeld, true)))
    .returning({ id: orders.id });
  if (released.length === 0) return null;
  const lines = await linesOf(tx, orderId);
  const move = await putBack(
    tx,
    lines
      .map((l) => ({ ...l, quantity: l.quantity - l.restockedQuantity - l.keptQuantity }))
      .filter((l) => l.quantity > 0),
  );
  await tx
    .update(orderItems)
    .set({ restockedQuantity: sql`${orderItems.quantity} - ${orderItems.keptQuantity}` })
    .where(eq(orderItems.orderId, orderId));
  return move;
}

/**
 * Returns refunded units to stock (a line refund with "return items to stock", issue 26), each at most once: a line's
 * `restocked_quantity` grows only within its quantity (the rule in the UPDATE's WHERE), and only while the order
 * holds its stock (an order cancelled or never captured has none to give back). Lines in product id order, like
 * every stock move. Returns the stock move, or null when no stock came back.
 */
export async function restockLines(
  tx: Db,
  orderId: string,
  lines: Array<{ orderItemId: string; quantity: number }>,
): Promise<StockMove | null> {
  const [order] = await tx.select({ held: orders.stockHeld }).from(orders).where(eq(orders.id, orderId));
  if (!order?.held) return null;
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
          sql`${orderItems.restockedQuantity} + ${orderItems.keptQuantity} + ${quantity} <= ${orderItems.quantity}`,
        ),
      )
      .returning({ id: orderItems.id });
    if (moved.length > 0) back.push({ ...line, quantity });
  }
  return putBack(tx, back);
}

/**
 * Records refunded units that do not go back to stock (a refund without "return items to stock", issue 46), while
 * the order holds its stock: `kept_quantity` grows within what is neither restocked nor kept yet (the rule in the
 * WHERE), so a later cancellation (`restoreStock`) gives back only the other units. Stock itself does not move.
 */
export async function keepLines(
  tx: Db,
  orderId: string,
  lines: Array<{ orderItemId: string; quantity: number }>,
): Promise<void> {
  for (const line of lines) {
    await tx
      .update(orderItems)
      .set({ keptQuantity: sql`${orderItems.keptQuantity} + ${line.quantity}` })
      .where(
        and(
          eq(orderItems.id, line.orderItemId),
          eq(orderItems.orderId, orderId),
          sql`${orderItems.restockedQuantity} + ${orderItems.keptQuantity} + ${line.quantity} <= ${orderItems.quantity}`,
          sql`exists (select 1 from ${orders} o where o.id = ${orderId} and o.stock_held)`,
        ),
      );
  }
}
