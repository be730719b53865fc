/**
 * Admin product management (spec §7 Admin products; §5 validation). Prices arrive in dollars and are stored as
 * cents; the image must be one uploaded to this shop. Deleting a product leaves past orders intact (order lines are
 * copies) and drops it from carts on their next read.
 */
import { and, asc, between, desc, eq, ilike, or, sql, type Column, type SQL } from 'drizzle-orm';
import {
  ADMIN_COUNT_MAX,
  ADMIN_EXPORT_MAX_ROWS,
  LOW_STOCK_MAX,
  toCents,
  type AdminProductFilters,
  type Product,
  type ProductInput,
} from '@emporium/contract';
import { selectRows, type Db } from '../../db/client.ts';
import type { CatalogChanges } from '../../lib/catalog-cache.ts';
import {
  adminProductKeys,
  catalogCounts,
  productImages,
  productOptions,
  products,
  productVariants,
} from '../../db/schema.ts';
import { badRequest, conflict, isUuid, notFound } from '../../lib/http-error.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { effectivePriceCents, productColumns, productsByIds, toProduct } from '../products/service.ts';
import type { CsvCell } from './csv.ts';
import { imageKeyFrom } from '../uploads/image-processing.ts';

export interface AdminProductDeps {
  db: Db;
  images: ImageStore;
  publicUrl: string;
  /** Told after every committed product change (add, an edit that changed something, delete). */
  catalog: CatalogChanges;
}

/**
 * A product's categories (issue 40): `category` first, then the others it is also filed under, each once; 400 beyond
 * three. Without `categories` a write keeps the ones it had (the products_categories trigger, migration 0035).
 */
function productCategories(category: string, also: readonly string[]): string[] {
  const all = [...new Set([category, ...also])];
  if (all.length > 3) throw badRequest('A product can be in at most 3 categories');
  return all;
}

async function toRow(deps: AdminProductDeps, input: ProductInput) {
  const priceCents = toCents(input.price);
  const salePriceCents = toCents(input.salePrice);
  if (salePriceCents >= priceCents) throw badRequest('Sale price must be 0 or below the price');
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    ...(input.categories ? { categories: productCategories(input.category, input.categories) } : {}),
    brand: input.brand,
    priceCents,
    salePriceCents,
    totalStock: input.totalStock,
    imageKey: await imageKeyFrom(deps.images, input.image, deps.publicUrl),
  };
}

/** `text` as a LIKE pattern that matches it literally anywhere (`%`, `_` and `\` escaped). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * Whether a product matches an admin search: a case-insensitive substring of the title or the brand, or a variant's
 * exact SKU (issue 28), always a bound parameter. The extra `lower(title || ' ' || brand) like …` is implied by it and
 * repeats the expression of the products_admin_search_idx trigram index (migration 0022), so PostgreSQL can narrow a
 * large catalog through that index instead of reading every row.
 */
function searchCondition(search: string): SQL {
  const pattern = containsPattern(search);
  // A variant's SKU typed exactly (any letter case) finds its product too (issue 28), through the SKU index; as an
  // array of ids (not IN a subquery, which PostgreSQL tests row by row) so that both sides of the OR use an index.
  return sql`(${or(
    and(
      sql`lower(${products.title} || ' ' || ${products.brand}) like lower(${pattern})`,
      or(ilike(products.title, pattern), ilike(products.brand, pattern)),
    ),
    sql`${products.id} = any(array(select v.product_id from ${productVariants} v where lower(v.sku) = lower(${search})))`,
  )})`;
}

/** The WHERE clause of the admin product filters (search, category, stock) over products. */
function productWhere(filters: AdminProductFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.search) conditions.push(searchCondition(filters.search));
  if (filters.category) conditions.push(eq(products.category, filters.category));
  if (filters.stock === 'out') conditions.push(sql`${products.soldOut}`);
  if (filters.stock === 'low') conditions.push(between(products.totalStock, 1, LOW_STOCK_MAX));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

type SortField = 'newest' | 'title' | 'price' | 'stock';

/** ORDER BY of an admin sort over `columns`; the id tie-break runs in the sort's direction, so pages are stable. */
function sortOrder(
  sortBy: AdminProductFilters['sortBy'],
  columns: Record<SortField | 'id', SQL.Aliased | SQL | Column>,
): SQL[] {
  const [field, direction] = sortBy.split('-') as [SortField, 'asc' | 'desc'];
  const by = direction === 'asc' ? asc : desc;
  return [by(columns[field]), by(columns.id)];
}

/** The admin sorts over products. */
const productOrder = (sortBy: AdminProductFilters['sortBy']) =>
  sortOrder(sortBy, {
    newest: products.createdAt,
    title: products.title,
    price: effectivePriceCents,
    stock: products.totalStock,
    id: products.id,
  });

/** The admin sorts over admin_product_keys (the same keys and tie-break as productOrder). */
const keyOrder = (sortBy: AdminProductFilters['sortBy']) =>
  sortOrder(sortBy, {
    newest: adminProductKeys.createdAt,
    title: adminProductKeys.title,
    price: adminProductKeys.priceCents,
    stock: adminProductKeys.totalStock,
    id: adminProductKeys.productId,
  });

/** The category and stock filters over admin_product_keys (no search: that reads products). */
function keysWhere(filters: AdminProductFilters): SQL | undefined {
  return and(
    filters.category ? eq(adminProductKeys.category, filters.category) : undefined,
    filters.stock === 'out' ? eq(adminProductKeys.totalStock, 0) : undefined,
    filters.stock === 'low' ? between(adminProductKeys.totalStock, 1, LOW_STOCK_MAX) : undefined,
  );
}

/**
 * One page of products matching the filters, in the chosen order (newest first by default), and how many match.
 * With no filters it is the whole catalog, as before the filters existed. Without a search or stock filter the
 * count is a sum over `catalog_counts` (migration 0020), exact, instead of counting up to a million rows; with one,
 * the matching rows are counted up to ADMIN_COUNT_MAX, and beyond it `totalIsLowerBound` says "at least" (a common
 * word in a million titles took seconds to count in full).
 */
export async function listAdminProducts(
  deps: AdminProductDeps,
  filters: AdminProductFilters,
  page: number,
  limit: number,
): Promise<{ items: Product[]; total: number; totalIsLowerBound: boolean }> {
  if (!filters.search && !filters.stock) {
    const [items, total] = await Promise.all([
      productPage(deps, filters, page, limit),
      catalogTotal(deps.db, filters.category),
    ]);
    return { items, total, totalIsLowerBound: false };
  }
  const matches = await countMatches(deps.db, filters, ADMIN_COUNT_MAX + 1);
  const items = await productPage(deps, filters, page, limit, matches);
  return {
    items,
    total: Math.min(matches, ADMIN_COUNT_MAX),
    totalIsLowerBound: matches > ADMIN_COUNT_MAX,
  };
}

/** Products in the catalog, or in one category: a sum over `catalog_counts`. */
async function catalogTotal(db: Db, category: string | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${catalogCounts.products}), 0)::int` })
    .from(catalogCounts)
    .where(category ? sql`${catalogCounts.categories}[1] = ${category}` : undefined);
  return Number(row?.n ?? 0);
}

/**
 * How many products match the filters, counting no further than `max`: a search over products (its trigram index),
 * category and stock alone over admin_product_keys (an index range).
 */
async function countMatches(db: Db, filters: AdminProductFilters, max: number): Promise<number> {
  const matching = filters.search
    ? sql`select 1 from ${products} where ${productWhere(filters)}`
    : sql`select 1 from ${adminProductKeys} where ${keysWhere(filters) ?? sql`true`}`;
  const [{ n } = { n: 0 }] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${matching} limit ${max}) m`,
  );
  return Number(n);
}

/**
 * The page's products. `matches`, when the caller counted them (up to ADMIN_COUNT_MAX + 1), saves counting a
 * search's matches again. Every path finds the page's ids first and then reads those rows, so a deep page walks an
 * index (or admin_product_keys), not a million full rows.
 */
async function productPage(
  deps: AdminProductDeps,
  filters: AdminProductFilters,
  page: number,
  limit: number,
  matches?: number,
): Promise<Product[]> {
  const offset = (page - 1) * limit;
  let found: Array<{ id: string }>;
  if (filters.search) {
    // Up to ADMIN_COUNT_MAX matches are read through the trigram index and sorted. More are looked for first along
    // the sort's index, within a bounded walk, and read and sorted only when that walk falls short (decision 015).
    const few = (matches ?? (await countMatches(deps.db, filters, ADMIN_COUNT_MAX + 1))) <= ADMIN_COUNT_MAX;
    const walked = few ? undefined : await walkSearch(deps.db, filters, offset, limit);
    found = walked ?? (await sortedMatches(deps.db, filters, offset, limit));
  } else if (filters.stock || filters.sortBy.startsWith('stock')) {
    // Stock filters and sorts read the narrow admin_product_keys: its indexes may hold total_stock.
    found = await deps.db
      .select({ id: adminProductKeys.productId })
      .from(adminProductKeys)
      .where(keysWhere(filters))
      .orderBy(...keyOrder(filters.sortBy))
      .limit(limit)
      .offset(offset);
  } else {
    found = await deps.db
      .select({ id: products.id })
      .from(products)
      .where(productWhere(filters))
      .orderBy(...productOrder(filters.sortBy))
      .limit(limit)
      .offset(offset);
  }
  const byId = new Map(
    (
      await productsByIds(
        deps.db,
        deps.images,
        found.map((r) => r.id),
      )
    ).map((p) => [p._id, p]),
  );
  return found.flatMap((r) => byId.get(r.id) ?? []);
}

/**
 * Rows a search's walk may read per row of its page (at least SEARCH_WALK_MIN_ROWS, at most SEARCH_WALK_MAX_ROWS):
 * a walk finds its page when at least 1 product in 200 along the sort matches. Each row walked costs about 2 µs.
 */
const SEARCH_WALK_ROWS_PER_ROW = 200;
const SEARCH_WALK_MIN_ROWS = 5_000;
const SEARCH_WALK_MAX_ROWS = 50_000;

/** The sort keys of productOrder, the only columns a search's page needs before its ids are known. */
const sortKeyColumns = sql`${products.id}, ${products.createdAt}, ${products.title}, ${products.priceCents},
  ${products.salePriceCents}, ${products.totalStock}`;

/**
 * A search's page found by walking the sort's index (admin_product_keys' for stock sorts) and testing each row, at
 * most a bounded number of rows; undefined when the walk ended before the page was full. PostgreSQL walks on its own
 * when it expects matches to be common, but nothing stops it: "nike air" sorted by title passes every title before
 * N (1 s at a million products), and a phrase it underestimates it sorts in full even where a walk finds its page
 * in a few hundred rows. The subquery is named `products` so that productOrder applies to its rows; its order is
 * the index's, so the page is read as the walk goes and stops once it is full.
 */
async function walkSearch(
  db: Db,
  filters: AdminProductFilters,
  offset: number,
  limit: number,
): Promise<Array<{ id: string }> | undefined> {
  const rows = Math.min(
    SEARCH_WALK_MAX_ROWS,
    Math.max(SEARCH_WALK_MIN_ROWS, (offset + limit) * SEARCH_WALK_ROWS_PER_ROW),
  );
  const hit = searchCondition(filters.search!);
  const walk = filters.sortBy.startsWith('stock')
    ? sql`select ${products.id}, ${adminProductKeys.totalStock}, ${hit} as hit
          from ${adminProductKeys} join ${products} on ${products.id} = ${adminProductKeys.productId}
          where ${keysWhere(filters) ?? sql`true`}
          order by ${sql.join(keyOrder(filters.sortBy), sql`, `)} limit ${rows}`
    : sql`select ${sortKeyColumns}, ${hit} as hit from ${products}
          where ${productWhere({ ...filters, search: undefined }) ?? sql`true`}
          order by ${sql.join(productOrder(filters.sortBy), sql`, `)} limit ${rows}`;
  const found = await selectRows<{ id: string }>(
    db,
    sql`select id from (${walk}) products where hit
        order by ${sql.join(productOrder(filters.sortBy), sql`, `)} limit ${limit} offset ${offset}`,
  );
  return found.length === limit ? found : undefined;
}

/**
 * A search's page from all its matches, found through the trigram index, sorted. Only the sort keys are read into
 * the CTE (it takes the table's name, so productOrder, written against products, applies to its rows).
 */
function sortedMatches(
  db: Db,
  filters: AdminProductFilters,
  offset: number,
  limit: number,
): Promise<Array<{ id: string }>> {
  return selectRows<{ id: string }>(
    db,
    sql`with products as materialized (select ${sortKeyColumns} from ${products} where ${productWhere(filters)})
        select id from products order by ${sql.join(productOrder(filters.sortBy), sql`, `)}
        limit ${limit} offset ${offset}`,
  );
}

/** Columns of the product export, in order. Money in dollars. */
export const PRODUCT_CSV_HEADER = [
  'Product ID',
  'Title',
  'Category',
  'Brand',
  'Price',
  'Sale Price',
  'Total Stock',
  'Average Rating',
  'Reviews',
  'Image',
  'Description',
] as const;

const EXPORT_BATCH = 1000;

/**
 * The products matching the filters as CSV records, read in batches of EXPORT_BATCH in the list's order, at most
 * ADMIN_EXPORT_MAX_ROWS. Batches are pages of the same ordered query, so a product added or deleted while the export
 * runs may shift a row between batches; the export is a report, not a snapshot.
 */
export async function* productCsvRecords(
  deps: AdminProductDeps,
  filters: AdminProductFilters,
): AsyncGenerator<CsvCell[][]> {
  const matches = filters.search ? await countMatches(deps.db, filters, ADMIN_COUNT_MAX + 1) : undefined;
  for (let page = 1; (page - 1) * EXPORT_BATCH < ADMIN_EXPORT_MAX_ROWS; page++) {
    const items = await productPage(deps, filters, page, EXPORT_BATCH, matches);
    yield items.map((p) => [
      p._id,
      p.title,
      p.category,
      p.brand,
      p.price.toFixed(2),
      p.salePrice.toFixed(2),
      p.totalStock,
      p.averageRating,
      p.reviewsCount,
      p.image,
      p.description,
    ]);
    if (items.length < EXPORT_BATCH) return;
  }
}

export async function addProduct(deps: AdminProductDeps, input: ProductInput): Promise<Product> {
  const [row] = await deps.db
    .insert(products)
    .values(await toRow(deps, input))
    .returning(productColumns);
  deps.catalog.changed();
  return toProduct(row!, deps.images);
}

/**
 * Replaces the product's fields and bumps its version; 404 when it does not exist. With `input.version` (the
 * version the form was loaded at), 409 when the product changed since (a sale took stock, or another admin saved),
 * so a stale form never overwrites newer stock (DESIGN.md §4). Saving the values it already has changes nothing:
 * same version, no catalog renewal.
 */
export async function editProduct(deps: AdminProductDeps, id: string, input: ProductInput): Promise<Product> {
  if (!isUuid(id)) throw notFound('Product not found');
  const values = await toRow(deps, input);
  await refuseVariantFieldsOfOptionedProduct(deps.db, id, values);
  const sameVersion = input.version === undefined ? undefined : eq(products.version, input.version);
  // Only a row that differs is written: the rule is in the WHERE clause, so an identical save is a no-op.
  const categoriesDiffer = values.categories
    ? sql` or ${products.categories} is distinct from ${sql.param(values.categories)}::text[]`
    : sql``;
  const differs = sql`((${products.title}, ${products.description}, ${products.category}, ${products.brand},
    ${products.priceCents}, ${products.salePriceCents}, ${products.totalStock}, ${products.imageKey})
    is distinct from (${values.title}, ${values.description}, ${values.category}, ${values.brand},
    ${values.priceCents}::integer, ${values.salePriceCents}::integer, ${values.totalStock}::integer,
    ${values.imageKey})${categoriesDiffer})`;
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(products)
      .set({ ...values, version: sql`${products.version} + 1`, updatedAt: new Date() })
      .where(and(eq(products.id, id), sameVersion, differs))
      .returning(productColumns);
    // The spec's single image is the gallery's first photo (issue 28).
    if (updated) {
      await tx
        .update(productImages)
        .set({ imageKey: values.imageKey })
        .where(and(eq(productImages.productId, id), eq(productImages.position, 0)));
    }
    return updated;
  });
  if (row) {
    deps.catalog.changed();
    return toProduct(row, deps.images);
  }
  const [current] = await deps.db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), sameVersion));
  if (current) return toProduct(current, deps.images);
  const [stale] = await deps.db
    .select({ totalStock: products.totalStock })
    .from(products)
    .where(eq(products.id, id));
  if (!stale) throw notFound('Product not found');
  throw conflict(
    `This product was changed since you opened it (${stale.totalStock} now in stock). ` +
      'Reload it and save your changes again.',
  );
}

/**
 * The spec's edit form sends price, sale price and total stock for every product (issue 28): for a product with
 * options they belong to its variants, so a form that changes them is refused (409) rather than applied to one
 * variant; sending them unchanged (the form prefilled from the card) is fine.
 */
async function refuseVariantFieldsOfOptionedProduct(
  db: Db,
  id: string,
  values: { priceCents: number; salePriceCents: number; totalStock: number },
): Promise<void> {
  const [current] = await db
    .select({
      priceCents: products.priceCents,
      salePriceCents: products.salePriceCents,
      totalStock: products.totalStock,
      options: sql<number>`(select count(*)::int from ${productOptions} where product_id = ${products.id})`,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!current || Number(current.options) === 0) return;
  if (current.totalStock !== values.totalStock) {
    throw conflict(
      'This product has sizes or colours: set the stock of each variant on its page in the admin. ' +
        `Its total stock is the sum of its variants' (${current.totalStock}).`,
    );
  }
  if (current.priceCents !== values.priceCents || current.salePriceCents !== values.salePriceCents) {
    throw conflict("This product has sizes or colours: set each variant's price on its page in the admin.");
  }
}

export async function deleteProduct(deps: AdminProductDeps, id: string): Promise<Product> {
  if (!isUuid(id)) throw notFound('Product not found');
  const [row] = await deps.db.delete(products).where(eq(products.id, id)).returning(productColumns);
  if (!row) throw notFound('Product not found');
  deps.catalog.changed();
  return toProduct(row, deps.images);
}
