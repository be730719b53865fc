/**
 * The 30-day lowest price (issue 41; Price Indication Directive 98/6/EC art. 6a as amended by Directive 2019/2161;
 * docs/decisions/019-prior-price.md). The history itself is written by the database: migration 0040's trigger records
 * every change of a variant's price or sale price in `price_history`, in the statement that makes it, and computes
 * the prior price (the lowest effective price in the 30 days before the current reduction started) once, when a
 * reduction starts. This module reads it for the catalog's answers, one column of the query that reads the products
 * or variants (no query per product), and prunes what is no longer needed.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { toDollars } from '@emporium/contract';
import { selectRows, type Db } from '../../db/client.ts';

/** How long a row is kept after it went out of force (issue 41: "kept 90 days"). */
export const PRICE_HISTORY_DAYS = 90;
/** Rows deleted per statement of a prune, so that a first prune of a large history holds no long lock. */
const PRUNE_BATCH = 5000;

/**
 * The prior price in cents of a variant on sale (its latest row's; null when not on sale): a column for a query over
 * `product_variants` (name the variant's id with its table or alias: an unqualified `id` is the history's), one probe of `price_history_variant_idx` (index only). A correlated subquery, planned once with
 * the query: as a SQL function it cost 0.4 ms more per product (PostgreSQL, docs/decisions/019).
 */
export function variantPriorPriceColumn(variantId: AnyColumn | SQL): SQL<number | null> {
  return sql<number | null>`(select h.prior_price_cents from price_history h where h.variant_id = ${variantId}
    order by h.valid_from desc, h.id desc limit 1)`;
}

/**
 * The prior price in cents of the price a product shows, null when it is not on sale: a column for a query over
 * `products`. `products.price_cents`/`sale_price_cents` are its cheapest variant's (migration 0034), so this is the
 * prior price of the variant with those prices, in stock first, in the admin's order (`product_variants_product_idx`,
 * then one probe of its history); nothing is read for a product not on sale.
 */
export function productPriorPriceColumn(
  id: AnyColumn | SQL,
  priceCents: AnyColumn | SQL,
  salePriceCents: AnyColumn | SQL,
): SQL<number | null> {
  // Qualified names, as for variantPriorPriceColumn: an unqualified `id` inside is the variant's.
  return sql<number | null>`case when ${salePriceCents} > 0 then (
    select ${variantPriorPriceColumn(sql`v.id`)} from product_variants v
    where v.product_id = ${id} and v.price_cents = ${priceCents} and v.sale_price_cents = ${salePriceCents}
    order by v.stock > 0 desc, v.position, v.created_at limit 1) end`;
}

/**
 * The optional answer field `lowestPrice30Days` (dollars) for a row read with one of the columns above: present only
 * when a sale price shows and the history knows its prior price.
 */
export function lowestPriceField(
  salePriceCents: number,
  priorPriceCents: number | null | undefined,
): { lowestPrice30Days?: number } {
  return salePriceCents > 0 && priorPriceCents != null
    ? { lowestPrice30Days: toDollars(priorPriceCents) }
    : {};
}

/**
 * `list` with `lowestPrice30Days` on each product on sale (answers built from rows read without the column: search),
 * in one query for the whole list, none when no product of it is on sale.
 */
export async function withLowestPrices<T extends { _id: string; salePrice: number }>(
  db: Db,
  list: T[],
): Promise<T[]> {
  const onSale = list.filter((p) => p.salePrice > 0).map((p) => p._id);
  if (onSale.length === 0) return list;
  const rows = await selectRows<{ id: string; prior: number | null }>(
    db,
    sql`select p.id, ${productPriorPriceColumn(sql`p.id`, sql`p.price_cents`, sql`p.sale_price_cents`)} as prior
        from products p where p.id = any(${`{${onSale.join(',')}}`}::uuid[])`,
  );
  const prior = new Map(rows.map((r) => [r.id, r.prior]));
  return list.map((p) => {
    const cents = prior.get(p._id);
    return cents == null ? p : { ...p, ...lowestPriceField(Math.round(p.salePrice * 100), cents) };
  });
}

/**
 * Deletes the rows that went out of force (a later row of the same variant began) more than PRICE_HISTORY_DAYS ago,
 * in batches; a variant's latest row is always kept, however old, since it holds the prices in force now. Prior prices
 * already computed are kept on the rows in force, so pruning never changes what a shopper sees. Returns how many rows
 * it deleted. Run by the periodic jobs (jobs.ts); safe on any number of instances at once.
 */
export async function pruneOldPrices(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - PRICE_HISTORY_DAYS * 24 * 3600 * 1000).toISOString();
  let deleted = 0;
  for (;;) {
    const rows = await selectRows<{ n: number }>(
      db,
      sql`with gone as (
            delete from price_history h where h.id in (
              select o.id from price_history o
              where o.valid_from < ${cutoff}::timestamptz and exists (
                select 1 from price_history n
                where n.variant_id = o.variant_id and n.valid_from < ${cutoff}::timestamptz
                  and (n.valid_from, n.id) > (o.valid_from, o.id))
              limit ${PRUNE_BATCH})
            returning 1)
          select count(*)::int as n from gone`,
    );
    const n = Number(rows[0]?.n ?? 0);
    deleted += n;
    if (n < PRUNE_BATCH) return deleted;
  }
}
