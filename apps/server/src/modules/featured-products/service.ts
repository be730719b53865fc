/**
 * Home's Featured Products (issue 28): the products the admin picked, in the admin's order
 * (`products.featured_position` 1..n). A shop that never picked any shows what Home always showed (spec §2 "the
 * products loaded with price ascending"): the first FALLBACK_FEATURED products of the listing's price-asc order, in
 * stock first.
 */
import { and, asc, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Product } from '@emporium/contract';
import { transactionWithRetry, type Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import type { CatalogChanges } from '../../lib/catalog-cache.ts';
import { badRequest, isUuid } from '../../lib/http-error.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { effectivePriceCents, productsByIds } from '../products/service.ts';

/** How many products Home shows when the admin picked none (the listing's first 12 by price, as before issue 28). */
export const FALLBACK_FEATURED = 12;

/**
 * The advisory lock key held while the picks are replaced (any fixed 64-bit number, not db/client.ts's start-up
 * key): two admins saving at once are applied one after the other, so the result is one admin's list, never a mix.
 */
const FEATURED_LOCK_KEY = 7_461_028;

/** The picked products' ids in the admin's order; empty when none are picked. */
export async function pickedProductIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(isNotNull(products.featuredPosition))
    .orderBy(asc(products.featuredPosition), asc(products.id));
  return rows.map((r) => r.id);
}

/**
 * The ids Home shows: the picks, or (none picked) the listing's price-asc order's first FALLBACK_FEATURED: in stock
 * first, then by effective price, then id (modules/products/service.ts ORDERS, read off products_stock_price_idx).
 */
export async function featuredProductIds(db: Db): Promise<string[]> {
  const picked = await pickedProductIds(db);
  if (picked.length > 0) return picked;
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .orderBy(asc(products.soldOut), asc(effectivePriceCents), asc(products.id))
    .limit(FALLBACK_FEATURED);
  return rows.map((r) => r.id);
}

/** The products with these ids in the API's shape, in the order of `ids`. */
export async function productsInOrder(db: Db, images: ImageStore, ids: string[]): Promise<Product[]> {
  const byId = new Map((await productsByIds(db, images, ids)).map((p) => [p._id, p]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** What replacing the picks needs; `catalog` is told after a committed change. */
export interface FeaturedDeps {
  db: Db;
  images: ImageStore;
  catalog: CatalogChanges;
}

/** "1 product was" / "3 products were". */
const productsWere = (n: number) => (n === 1 ? '1 product was' : `${n} products were`);

/**
 * Makes `productIds` the featured products, in that order (positions 1..n), and un-features every other product,
 * in one transaction. Returns the picks as saved.
 * - 400 when an id is listed twice, or when ids name no product (the message says how many): nothing changes.
 * - Saving the list already saved changes nothing and renews no cached answer (DESIGN.md §6).
 * A product's `version` is left alone: it guards the edit form's fields, and the featured position is not one of them.
 */
export async function saveFeaturedProducts(deps: FeaturedDeps, productIds: string[]): Promise<Product[]> {
  const ids = productIds.map((id) => id.trim().toLowerCase());
  const repeated = ids.length - new Set(ids).size;
  if (repeated > 0) {
    throw badRequest(
      `${productsWere(repeated)} listed more than once: each product can be featured only once`,
    );
  }
  const changed = await transactionWithRetry(deps.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FEATURED_LOCK_KEY})`);
    const current = await pickedProductIds(tx);
    if (current.length === ids.length && current.every((id, i) => id === ids[i])) return false;
    const known = ids.filter(isUuid);
    const placed =
      known.length === 0
        ? []
        : await tx
            .update(products)
            .set({
              featuredPosition: sql`(CASE ${products.id} ${sql.join(
                known.map((id) => sql`WHEN ${id}::uuid THEN ${ids.indexOf(id) + 1}::integer`),
                sql` `,
              )} END)`,
            })
            .where(inArray(products.id, known))
            .returning({ id: products.id });
    const unknown = ids.length - placed.length;
    if (unknown > 0) {
      throw badRequest(
        `${productsWere(unknown)} not found (deleted since the list was loaded?). Reload the page and save again.`,
      );
    }
    await tx
      .update(products)
      .set({ featuredPosition: null })
      .where(
        ids.length === 0
          ? isNotNull(products.featuredPosition)
          : and(isNotNull(products.featuredPosition), notInArray(products.id, ids)),
      );
    return true;
  });
  if (changed) deps.catalog.changed();
  return productsInOrder(deps.db, deps.images, ids);
}
