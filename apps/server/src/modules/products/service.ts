/**
 * Shop catalog reads (spec §7 `GET /api/shop/products/get`, `/get/:id`; DESIGN.md §4 Catalog).
 * Prices are integer cents in the database and dollars in the answers.
 */
import { and, arrayOverlaps, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { toDollars, type ListingFacets, type Product, type ProductListQuery } from '@emporium/contract';
import { selectRows, type Db } from '../../db/client.ts';
import { catalogCounts, productOptions, products } from '../../db/schema.ts';
import type { CatalogCache } from '../../lib/catalog-cache.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { lowestPriceField, productPriorPriceColumn } from '../price-history/service.ts';
import {
  FACETS,
  facetFilters,
  facetWhere,
  filtersFacets,
  offeredValues,
  offers,
  toFacets,
  type FacetFilters,
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

/**
 * The API shape of a product row (absolute image URL, dollars); `optionNames`, when the row was read with
 * OPTION_NAMES, adds the names of its options (none: the field is left out); `priorPriceCents`, when read with
 * PRIOR_PRICE, adds `lowestPrice30Days` to a product on sale (issue 41).
 */
export function toProduct(
  row: ProductRow & { optionNames?: string[]; priorPriceCents?: number | null },
  images: ImageStore,
): Product {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    image: images.url(row.imageKey),
    category: row.category,
    categories: row.categories,
    brand: row.brand,
    price: toDollars(row.priceCents),
    salePrice: toDollars(row.salePriceCents),
    totalStock: row.totalStock,
    averageRating: Math.round(row.averageRating * 10) / 10,
    reviewsCount: row.reviewsCount,
    version: row.version,
    ...(row.optionNames && row.optionNames.length > 0 ? { optionNames: row.optionNames } : {}),
    ...lowestPriceField(row.salePriceCents, row.priorPriceCents),
  };
}

/** The product's option names in position order (issue 40, item 1), as a column of a query over `products`. */
export const OPTION_NAMES = sql<string[]>`array(select o.name from ${productOptions} o
  where o.product_id = ${products.id} order by o.position)`;

/**
 * The prior price (cents) of the price the product shows, null when not on sale (issue 41), as a column of a query
 * over `products`: one probe of the shown variant's price history per row. The columns are named with their table,
 * which Drizzle leaves out of a one-table select, where the subquery's own `id` would shadow them.
 */
export const PRIOR_PRICE = productPriorPriceColumn(
  sql`products.id`,
  sql`products.price_cents`,
  sql`products.sale_price_cents`,
);

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

/**
 * A row of `catalog_counts`: how many products of a list of categories (the first is their `category`) and a brand
 * share one set of listing facets.
 */
interface CatalogGroup {
  categories: string[];
  brand: string;
  facets: string[];
  n: number;
}

/**
 * The catalog's groups within the category and brand filters (none: the whole catalog; a category filter holds the
 * groups filed under any of its categories, issue 40): how many products of each list of categories and brand share each set of listing facets, read from `catalog_counts` (migration 0020,
 * docs/decisions/015), which the writers' own transactions keep exact. A few thousand rows however large the catalog
 * (2,507 at a million), since products share their size runs and colours; totals and facet counts are computed from
 * them with the same rules as the in-memory listing (facets.ts), and so are the scopes a facet filter is read in.
 */
function catalogGroups(db: Db, query: Pick<ProductListQuery, 'category' | 'brand'>): Promise<CatalogGroup[]> {
  return rememberCount(db, `groups:${JSON.stringify([query.category, query.brand])}`, async () => {
    const scope: SQL[] = [];
    if (query.category.length > 0) scope.push(arrayOverlaps(catalogCounts.categories, query.category));
    if (query.brand.length > 0) scope.push(inArray(catalogCounts.brand, query.brand));
    const rows = await db
      .select({
        categories: catalogCounts.categories,
        brand: catalogCounts.brand,
        facets: catalogCounts.optionFacets,
        n: catalogCounts.products,
      })
      .from(catalogCounts)
      .where(scope.length > 0 ? and(...scope) : undefined);
    return rows.map((r) => ({ ...r, n: Number(r.n) }));
  });
}

/** The total and facet counts of the products in `groups` under the facet filters (each facet under the others'). */
function countGroups(groups: CatalogGroup[], wanted: FacetFilters): { total: number; facets: ListingFacets } {
  const counts = { size: new Map<string, number>(), colour: new Map<string, number>() };
  const filtered = filtersFacets(wanted);
  let total = 0;
  for (const g of groups) {
    if (!filtered || offers(g.facets, wanted)) total += g.n;
    if (g.facets.length === 0) continue;
    for (const f of FACETS) {
      if (!offers(g.facets, wanted, f)) continue;
      for (const v of offeredValues(g.facets, f, wanted)) counts[f].set(v, (counts[f].get(v) ?? 0) + g.n);
    }
  }
  return { total, facets: toFacets(counts) };
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
  { db, cache }: { db: Db; cache: Pick<CatalogCache, 'memo' | 'generation'> },
  query: ProductListQuery,
  inMemoryMax = IN_MEMORY_ORDER_MAX,
  keysetStep = KEYSET_STEP,
): Promise<{ ids: string[]; total: number; facets: ListingFacets }> {
  const order = ORDERS[query.sortBy];
  const offset = (query.page - 1) * query.limit;
  const wanted = facetFilters(query);
  const everything = await catalogGroups(db, { category: [], brand: [] });
  if (everything.reduce((sum, g) => sum + g.n, 0) <= inMemoryMax) {
    const ordered = await cache.memo(`product-order:${query.sortBy}`, () =>
      db
        .select({
          id: products.id,
          categories: products.categories,
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
        (categories.size === 0 || p.categories.some((c) => categories.has(c))) &&
        (brands.size === 0 || brands.has(p.brand)),
    );
    const counts = { size: new Map<string, number>(), colour: new Map<string, number>() };
    for (const p of inScope) {
      if (p.facets.length === 0) continue;
      for (const f of FACETS) {
        if (!offers(p.facets, wanted, f)) continue;
        for (const v of offeredValues(p.facets, f, wanted)) counts[f].set(v, (counts[f].get(v) ?? 0) + 1);
      }
    }
    const filtered = filtersFacets(wanted);
    const matching = filtered ? inScope.filter((p) => offers(p.facets, wanted)) : inScope;
    return {
      ids: matching.slice(offset, offset + query.limit).map((p) => p.id),
      total: matching.length,
      facets: toFacets(counts),
    };
  }

  const groups = await catalogGroups(db, query);
  const { total, facets } = countGroups(groups, wanted);
  if (offset >= total) return { ids: [], total, facets };
  // The rows a scope is read for: the page and what lies before it, back to the nearest anchor (keysetPage).
  const reads = Math.min(offset, keysetStep) + query.limit;
  const scopes = listingScopes(query, groups, wanted).map((scope) =>
    scopeWhere(scope, groups, wanted, reads),
  );
  if (offset < keysetStep) {
    const rows = await afterAnchor(db, query.sortBy, scopes, undefined, offset + query.limit);
    return { ids: rows.slice(offset).map((r) => r.id), total, facets };
  }
  const ids = await keysetPage(db, cache, query, scopes, offset, keysetStep);
  return { ids, total, facets };
}

/** Category × brand pairs up to which a listing reads one index range per pair (listingScopes). */
const MAX_PAIR_SCOPES = 36;

/**
 * Products whose first category is `category` (or any), of these brands (none: any), and, with `alsoIn`, filed under
 * one of those categories too (issue 40: Men's garments under Clothing); read by one index range scan.
 */
interface Scope {
  category?: string;
  alsoIn?: string[];
  brands: string[];
}

/**
 * The first categories whose index ranges hold a category filter's products (issue 40), each with the filter to test
 * when it is not itself one of the filter's categories: Clothing is read in Clothing's range and, for the garments also
 * filed under Clothing, in Men's, Women's and Kids' ranges.
 */
function categoryScopes(filter: string[], groups: CatalogGroup[]): Array<Pick<Scope, 'category' | 'alsoIn'>> {
  const firsts = new Set(groups.map((g) => g.categories[0]!));
  return [...firsts].map((c) => (filter.includes(c) ? { category: c } : { category: c, alsoIn: filter }));
}

/**
 * The listing's filters by category and brand as scopes, each read by one index range scan in the sort's order, which
 * afterAnchor merges instead of sorting every match (issue 29, docs/decisions/015): with both categories and brands,
 * one scope per pair (the category-and-brand listing indexes, migration 0024) — a category's index filtered
 * by brand reads past every product of the other brands first, and prices and brands go together (18,828 rows before
 * 24 of Nike, Adidas or Zara among Men's at a million, by price descending); else one scope per category, or per
 * brand; else the whole catalog. A Size or Colour filter that only a few of a scope's products offer (under
 * RARE_FACET_SHARE) is read instead in the categories and brands that hold products offering it (from `groups`), when
 * there are at most MAX_PAIR_SCOPES: size 42 is 2.6 % of the catalog, all of it shoes of eight brands, and the whole
 * catalog's price index read 50,000 rows of bags and watches before 24 of them.
 */
function listingScopes(query: ProductListQuery, groups: CatalogGroup[], wanted: FacetFilters): Scope[] {
  const { brand } = query;
  const category: string[] = query.category;
  const categories = category.length > 0 ? categoryScopes(category, groups) : [];
  if (categories.length > 0 && brand.length > 0 && categories.length * brand.length <= MAX_PAIR_SCOPES)
    return categories.flatMap((c) => brand.map((b) => ({ ...c, brands: [b] })));
  const scopes: Scope[] =
    categories.length > 0
      ? categories.map((c) => ({ ...c, brands: brand }))
      : brand.length > 0
        ? brand.map((b) => ({ brands: [b] }))
        : [{ brands: [] }];
  const rare = (s: Scope) => {
    const { size, matching } = reach(s, groups, wanted);
    return matching < size * RARE_FACET_SHARE;
  };
  if (filtersFacets(wanted) && scopes.some(rare)) {
    const pairs = new Map<string, Scope>();
    for (const g of groups) {
      if (!offers(g.facets, wanted)) continue;
      const first = g.categories[0]!;
      const alsoIn = category.length > 0 && !category.includes(first) ? category : undefined;
      pairs.set(JSON.stringify([first, g.brand]), { category: first, alsoIn, brands: [g.brand] });
    }
    if (pairs.size <= MAX_PAIR_SCOPES) return [...pairs.values()];
  }
  return scopes;
}

/** Below this share of a scope's products, a facet filter is read per category and brand offering it (listingScopes). */
const RARE_FACET_SHARE = 0.1;

/** How many products a scope holds, and how many of them match the facet filters, from `groups`. */
function reach(
  scope: Scope,
  groups: CatalogGroup[],
  wanted: FacetFilters,
): { size: number; matching: number } {
  let size = 0;
  let matching = 0;
  for (const g of groups) {
    if (scope.category !== undefined && g.categories[0] !== scope.category) continue;
    if (scope.alsoIn && !g.categories.some((c) => scope.alsoIn!.includes(c))) continue;
    if (scope.brands.length > 0 && !scope.brands.includes(g.brand)) continue;
    size += g.n;
    if (offers(g.facets, wanted)) matching += g.n;
  }
  return { size, matching };
}

/**
 * A scope's conditions, with the facet filters. Where they match densely enough that walking the scope's index in
 * the sort's order finds `rows` matches before reading as many rows as match in all (matches² > rows × products),
 * the facet test is written so that PostgreSQL walks that index (facetWhere's `unindexed`): its own estimate treats
 * facets and categories as independent, and so read and sorted every match (Shoes, Nike and size 44: 109 rows
 * estimated, 4,550 read, 326 ms; walked, 53 rows, 2.6 ms). Else the GIN index finds the few matches, then sorted.
 */
function scopeWhere(scope: Scope, groups: CatalogGroup[], wanted: FacetFilters, rows: number): SQL[] {
  const brands = scope.brands;
  const where = [
    ...(scope.category !== undefined ? [eq(products.category, scope.category)] : []),
    ...(scope.alsoIn ? [arrayOverlaps(products.categories, scope.alsoIn)] : []),
    ...(brands.length === 1 ? [eq(products.brand, brands[0]!)] : []),
    ...(brands.length > 1 ? [inArray(products.brand, brands)] : []),
  ];
  if (!filtersFacets(wanted)) return where;
  const { size, matching } = reach(scope, groups, wanted);
  return [...where, ...facetWhere(wanted, undefined, matching * matching > rows * size)];
}

/** A listing row's place in its sort: in stock or not, the sort key (cents or title) and the id. */
interface Anchor {
  soldOut: boolean;
  key: number | string;
  id: string;
}

/** Each sort's key and direction (the in-stock flag always leads, ascending: see ORDERS). */
const SORT_KEYS = {
  'price-asc': { key: effectivePriceCents, type: sql`integer`, dir: 'asc' },
  'price-desc': { key: effectivePriceCents, type: sql`integer`, dir: 'desc' },
  'name-asc': { key: sql`${products.title}`, type: sql`text`, dir: 'asc' },
  'name-desc': { key: sql`${products.title}`, type: sql`text`, dir: 'desc' },
} as const;

/**
 * Deep pages start this many rows apart at most from a known row (an anchor): a page at offset 48,000 reads the
 * rows after the nearest anchor, not the 48,000 before it. See keysetPage.
 */
export const KEYSET_STEP = 480;
const MAX_ANCHORED_QUERIES = 200;
/** Anchors per catalog cache (hence per generation) and filter set and sort: row position → the row just before it. */
const anchorCache = new WeakMap<object, { generation: number; byQuery: Map<string, Map<number, Anchor>> }>();

/**
 * The ids of a deep page (issue 29, docs/decisions/015), the same as OFFSET would give on an unchanged catalog, read
 * by seeking from an anchor — the sort position of the row just before a known offset — instead of reading every row
 * before the page. Anchors are found by one walk over the rows up to the page (the cost OFFSET has every time),
 * keeping one row in every `step`; they are kept for the catalog generation, so the next deep pages of that filter set
 * and sort start at most `step` rows after one. A sale moves no generation: a product that sold out since the walk
 * moves behind its anchor, and a page may then start a row early or late, as an OFFSET page read a moment later
 * would.
 */
async function keysetPage(
  db: Db,
  cache: Pick<CatalogCache, 'generation'>,
  query: ProductListQuery,
  scopes: SQL[][],
  offset: number,
  step: number,
): Promise<string[]> {
  let held = anchorCache.get(cache);
  if (!held || held.generation !== cache.generation) {
    held = { generation: cache.generation, byQuery: new Map() };
    anchorCache.set(cache, held);
  }
  const queryKey = JSON.stringify([query.category, query.brand, query.size, query.colour, query.sortBy]);
  let anchors = held.byQuery.get(queryKey);
  if (!anchors) {
    if (held.byQuery.size >= MAX_ANCHORED_QUERIES) held.byQuery.clear();
    anchors = new Map([[0, undefined as unknown as Anchor]]);
    held.byQuery.set(queryKey, anchors);
  }
  const known = () => Math.max(...[...anchors.keys()].filter((p) => p <= offset));
  let from = known();
  if (offset - from >= step) {
    // Walk from the furthest anchor below the page to the page, keeping every step-th row as an anchor.
    const base = from;
    for (const row of await afterAnchor(db, query.sortBy, scopes, anchors.get(base), offset - base, step)) {
      anchors.set(base + row.n, row);
    }
    from = known();
  }
  const rows = await afterAnchor(db, query.sortBy, scopes, anchors.get(from), offset - from + query.limit);
  return rows.slice(offset - from).map((r) => r.id);
}

/**
 * The first `n` rows after `anchor` (from the start without one) in the sort's order among the products matching any
 * of `scopes` (each a list of conditions), with their sort positions and `n`, their place after the anchor (from 1);
 * with `every`, only every `every`-th of them (a walk). One branch per scope and stock group, each an index range scan
 * in order: the rest of the anchor's stock group, then (from an in-stock anchor) the sold-out products; PostgreSQL
 * merges them (Merge Append) and stops after `n`.
 */
async function afterAnchor(
  db: Db,
  sortBy: ProductListQuery['sortBy'],
  scopes: SQL[][],
  anchor: Anchor | undefined,
  n: number,
  every = 1,
): Promise<Array<Anchor & { n: number }>> {
  const { key, type, dir } = SORT_KEYS[sortBy];
  const direction = sql.raw(dir);
  const branch = (filters: SQL[], condition: SQL | undefined) => {
    const where = [...filters, ...(condition ? [condition] : [])];
    return sql`(select ${products.id} as id, ${products.soldOut} as sold_out, ${key} as key from ${products}
      ${where.length > 0 ? sql`where ${and(...where)}` : sql``}
      order by ${products.soldOut}, ${key} ${direction}, ${products.id} ${direction} limit ${n})`;
  };
  const branches = scopes.flatMap((filters) =>
    anchor
      ? [
          branch(
            filters,
            sql`${products.soldOut} = ${anchor.soldOut} and (${key}, ${products.id}) ${sql.raw(dir === 'asc' ? '>' : '<')} (${anchor.key}::${type}, ${anchor.id}::uuid)`,
          ),
          ...(anchor.soldOut ? [] : [branch(filters, sql`${products.soldOut}`)]),
        ]
      : [branch(filters, undefined)],
  );
  const order = sql`sold_out, key ${direction}, id ${direction}`;
  const rows = await selectRows<{ id: string; sold_out: boolean; key: number | string; n: number }>(
    db,
    sql`select id, sold_out, key, n from (
          select id, sold_out, key, row_number() over (order by ${order})::int as n
          from (select * from (${sql.join(branches, sql` union all `)}) u order by ${order} limit ${n}) l) w
        ${every > 1 ? sql`where n % ${every} = 0` : sql``}
        order by n`,
  );
  return rows.map((r) => ({ soldOut: r.sold_out, key: r.key, id: r.id, n: Number(r.n) }));
}

/**
 * The products with these ids, in the API's shape with their option names, in no particular order (ids of deleted
 * products are skipped).
 */
export async function productsByIds(db: Db, images: ImageStore, ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...productColumns, optionNames: OPTION_NAMES, priorPriceCents: PRIOR_PRICE })
    .from(products)
    .where(inArray(products.id, ids));
  return rows.map((r) => toProduct(r, images));
}

/**
 * `list` with each product's option names (issue 40, item 1), for answers built from rows read without OPTION_NAMES
 * (search): one query for the whole list.
 */
export async function withOptionNames(db: Db, list: Product[]): Promise<Product[]> {
  if (list.length === 0) return list;
  const rows = await db
    .select({ productId: productOptions.productId, name: productOptions.name })
    .from(productOptions)
    .where(
      inArray(
        productOptions.productId,
        list.map((p) => p._id),
      ),
    )
    .orderBy(asc(productOptions.position));
  const names = new Map<string, string[]>();
  for (const r of rows) names.set(r.productId, [...(names.get(r.productId) ?? []), r.name]);
  return list.map((p) => (names.has(p._id) ? { ...p, optionNames: names.get(p._id) } : p));
}
