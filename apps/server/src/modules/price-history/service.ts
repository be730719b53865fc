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
 * The prior price in cents of the price a product shows (its cheapest variant's, migration 0034), null when it is not
 * on sale: a column for a query over `products` (`product_prior_price`, one index probe of its variant's history).
 */
export function productPriorPriceColumn(
  id: AnyColumn | SQL,
  priceCents: AnyColumn | SQL,
  salePriceCents: AnyColumn | SQL,
): SQL<number | null> {
  return sql<number | null>`product_prior_price(${id}, ${priceCents}, ${salePriceCents})`;
}

/** The prior price in cents of a variant on sale, null when it is not: a column for a query over `product_variants`. */
export function variantPriorPriceColumn(variantId: AnyColumn | SQL): SQL<number | null> {
  return sql<number | null>`variant_prior_price(${variantId})`;
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
