/**
 * Shop catalog reads (spec §7 `GET /api/shop/products/get`, `/get/:id`; DESIGN.md §4 Catalog).
 * Prices are integer cents in the database and dollars in the answers.
 */
import { and, asc, count, desc, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { toDollars, type ListingFacets, type Product, type ProductListQuery } from '@emporium/contract';
import { selectRows, type Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import type { CatalogCache } from '../../lib/catalog-cache.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import {
  FACETS,
  facetCountQuery,
  facetFilters,
  facetWhere,
  offeredValues,
  offers,
  toFacets,
} from './facets.ts';

/** The line price in cents: sale price when above 0, else price. Matches the price indexes' expression (db/schema.ts). */
export const effectivePriceCents = sql<number>`(CASE WHEN ${products.salePriceCents} > 0 THEN ${products.salePriceCents} ELSE ${products.priceCents} END)`;

const {
  searchDocument: _searchDocument,
  nameDocument: _nameDocument,
  soldOut: _soldOut,
  ...columns
} = getTableColumns(products);
/**
 * Every product column but the two search documents and `sold_out` (total_stock says it), for selects and returning
 * clauses that build API products.
 */
export const productColumns = columns;

type ProductRow = Omit<typeof products.$inferSelect, 'searchDocument' | 'nameDocument' | 'soldOut'>;

/** The API shape of a product row (absolute image URL, dollars). */
export function toProduct(row: ProductRow, images: ImageStore): Product {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    image: images.url(row.imageKey),
    category: row.category,
    brand: row.brand,
    price: toDollars(row.priceCents),
    salePrice: toDollars(row.salePriceCents),
    totalStock: row.totalStock,
    averageRating: Math.round(row.averageRating * 10) / 10,
    reviewsCount: row.reviewsCount,
    version: row.version,
  };
}

/**
 * How long a catalog count may be reused (ms). Counting 100k rows costs a sequential scan per request; a count that
 * is a few seconds old only matters right after a product is added or deleted, and this instance forgets its counts
 * at once when that happens here (forgetProductCounts); other instances catch up within this time.
 */
export const PRODUCT_COUNT_TTL_MS = 10_000;
const MAX_CACHED_COUNTS = 1000;
const countCache = new WeakMap<Db, Map<string, { value: unknown; expires: number }>>();

/** Drops the cached catalog counts and facet counts of `db` (call after adding, editing or deleting products). */
export function forgetProductCounts(db: Db): void {
  countCache.delete(db);
}

/** A count (or facet counts) of the catalog under `key`, reused for PRODUCT_COUNT_TTL_MS. */
async function rememberCount<T>(db: Db, key: string, produce: () => Promise<T>): Promise<T> {
  let cache = countCache.get(db);
  if (!cache) countCache.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && hit.expires > Date.now()) return hit.value as T;
  const value = await produce();
  if (cache.size >= MAX_CACHED_COUNTS) cache.clear();
  cache.set(key, { value, expires: Date.now() + PRODUCT_COUNT_TTL_MS });
  return value;
}

function countProducts(db: Db, key: string, where: SQL | undefined): Promise<number> {
  return rememberCount(db, key, async () => {
    const [row] = await db.select({ total: count() }).from(products).where(where);
    return Number(row?.total ?? 0);
  });
}

/**
 * Catalogs up to this many products are ordered once per catalog generation and sort, in the database (so its
 * collation decides name order), and filtered and paged in memory: an answer that is not cached yet then costs no
 * query at all, whatever its filters (issue 24, finding 6: each new filter combination of an unpaged listing sorted
 * the catalog again, 6-13 ms of the event loop on the embedded database).
 */
export const IN_MEMORY_ORDER_MAX = 5000;

/**
 * The listing orders. In-stock products first in every sort (issue 11): `sold_out` false first. Ascending sorts read a
 * `sold_out, key, id` index forward, descending ones a `sold_out DESC NULLS FIRST, key, id` index backward (in stock
 * first, key and id down), so a page of the whole catalog, one category or one brand comes straight off an index
 * (db/schema.ts). Ties are broken by id, so each is a total order.
 */
const ORDERS = {
  'price-asc': [asc(products.soldOut), asc(effectivePriceCents), asc(products.id)],
  'price-desc': [asc(products.soldOut), desc(effectivePriceCents), desc(products.id)],
  'name-asc': [asc(products.soldOut), asc(products.title), asc(products.id)],
  'name-desc': [asc(products.soldOut), desc(products.title), desc(products.id)],
};

/**
 * The ids of one page of the filtered, sorted catalog, the total count and the Size/Colour facet counts (issue 28;
 * each facet counted over the products matching every other filter): in-stock products before out-of-stock ones,
 * each group in the chosen sort. Ids only: the products themselves come from `productsByIds`, or from the
 * serialized products the catalog cache already holds (products/answers.ts), so that a whole-catalog answer reads
 * 1,000 ids rather than 1,000 rows with their descriptions (issue 24, finding 6). A catalog of at most
 * IN_MEMORY_ORDER_MAX products is filtered in memory from its order kept in `cache` (filtering keeps a total order,
 * so the page is the one the query would give); `inMemoryMax` moves that bound (tests compare both paths).
 */
export async function listProductIds(
  { db, cache }: { db: Db; cache: Pick<CatalogCache, 'memo'> },
  query: ProductListQuery,
  inMemoryMax = IN_MEMORY_ORDER_MAX,
): Promise<{ ids: string[]; total: number; facets: ListingFacets }> {
  const order = ORDERS[query.sortBy];
  const offset = (query.page - 1) * query.limit;
  const wanted = facetFilters(query);
  if ((await countProducts(db, JSON.stringify([[], []]), undefined)) <= inMemoryMax) {
    const ordered = await cache.memo(`product-order:${query.sortBy}`, () =>
      db
        .select({
          id: products.id,
          category: products.category,
          brand: products.brand,
          facets: products.optionFacets,
        })
        .from(products)
        .orderBy(...order),
    );
    const categories = new Set<string>(query.category);
    const brands = new Set<string>(query.brand);
    const inScope = ordered.filter(
      (p) =>
        (categories.size === 0 || categories.has(p.category)) && (brands.size === 0 || brands.has(p.brand)),
    );
    const counts = { size: new Map<string, number>(), colour: new Map<string, number>() };
    for (const p of inScope) {
      if (p.facets.length === 0) continue;
      for (const f of FACETS) {
        if (!offers(p.facets, wanted, f)) continue;
        for (const v of offeredValues(p.facets, f, wanted)) counts[f].set(v, (counts[f].get(v) ?? 0) + 1);
      }
    }
    const filtered = FACETS.some((f) => wanted[f].length > 0);
    const matching = filtered ? inScope.filter((p) => offers(p.facets, wanted)) : inScope;
    return {
      ids: matching.slice(offset, offset + query.limit).map((p) => p.id),
      total: matching.length,
      facets: toFacets(counts),
    };
  }

  const scope: SQL[] = [];
  if (query.category.length > 0) scope.push(inArray(products.category, query.category));
  if (query.brand.length > 0) scope.push(inArray(products.brand, query.brand));
  const filters = [...scope, ...facetWhere(wanted)];
  const where = filters.length > 0 ? and(...filters) : undefined;
  const countKey = JSON.stringify([query.category, query.brand, wanted]);
  // Facet counts scan every product in scope (unnest of option_facets): reused like the counts.
  const facetCounts = () =>
    rememberCount(db, `facets:${countKey}`, async () => {
      const counts = { size: new Map<string, number>(), colour: new Map<string, number>() };
      for (const f of FACETS) {
        const rows = await selectRows<{ value: string; n: number }>(db, facetCountQuery(f, wanted, scope));
        for (const r of rows) counts[f].set(r.value, Number(r.n));
      }
      return toFacets(counts);
    });
  const [rows, total, facets] = await Promise.all([
    db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(offset),
    countProducts(db, countKey, where),
    facetCounts(),
  ]);
  return { ids: rows.map((r) => r.id), total, facets };
}

/** The products with these ids, in the API's shape, in no particular order (ids of deleted products are skipped). */
export async function productsByIds(db: Db, images: ImageStore, ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(productColumns).from(products).where(inArray(products.id, ids));
  return rows.map((r) => toProduct(r, images));
}
