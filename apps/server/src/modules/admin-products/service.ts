/**
 * Admin product management (spec §7 Admin products; §5 validation). Prices arrive in dollars and are stored as
 * cents; the image must be one uploaded to this shop. Deleting a product leaves past orders intact (order lines are
 * copies) and drops it from carts on their next read.
 */
import { and, asc, between, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_EXPORT_MAX_ROWS,
  LOW_STOCK_MAX,
  toCents,
  type AdminProductFilters,
  type Product,
  type ProductInput,
} from '@emporium/contract';
import { selectRows, type Db } from '../../db/client.ts';
import type { CatalogChanges } from '../../lib/catalog-cache.ts';
import { catalogCounts, productImages, productOptions, products, productVariants } from '../../db/schema.ts';
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

async function toRow(deps: AdminProductDeps, input: ProductInput) {
  const priceCents = toCents(input.price);
  const salePriceCents = toCents(input.salePrice);
  if (salePriceCents >= priceCents) throw badRequest('salePrice: must be 0 or below the price');
  return {
    title: input.title,
    description: input.description,
    category: input.category,
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
 * The WHERE clause of the admin product filters. Search is a case-insensitive substring of the title or the brand,
 * or a variant's exact SKU (issue 28), always a bound parameter. The extra `lower(title || ' ' || brand) like …` is
 * implied by it and repeats the expression of the products_admin_search_idx trigram index (migration 0022), so
 * PostgreSQL narrows a large catalog through that index instead of reading every row.
 */
function productWhere(filters: AdminProductFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    // A variant's SKU typed exactly (any letter case) finds its product too (issue 28), through the SKU index; as an
    // array of ids (not IN a subquery, which PostgreSQL tests row by row) so that both sides of the OR use an index.
    conditions.push(
      or(
        and(
          sql`lower(${products.title} || ' ' || ${products.brand}) like lower(${pattern})`,
          or(ilike(products.title, pattern), ilike(products.brand, pattern)),
        ),
        sql`${products.id} = any(array(select v.product_id from ${productVariants} v where lower(v.sku) = lower(${filters.search})))`,
      )!,
    );
  }
  if (filters.category) conditions.push(eq(products.category, filters.category));
  // sold_out is total_stock = 0, kept by PostgreSQL: its partial index counts 55k sold-out products of a million in
  // 18 ms, where total_stock = 0 scanned the table (0.5 s).
  if (filters.stock === 'out') conditions.push(sql`${products.soldOut}`);
  if (filters.stock === 'low') conditions.push(between(products.totalStock, 1, LOW_STOCK_MAX));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** ORDER BY of an admin sort; the id tie-break runs in the sort's direction, so pages are stable. */
function productOrder(sortBy: AdminProductFilters['sortBy']): SQL[] {
  const [field, direction] = sortBy.split('-') as [string, 'asc' | 'desc'];
  const by = direction === 'asc' ? asc : desc;
  const column = {
    newest: products.createdAt,
    title: products.title,
    price: effectivePriceCents,
    stock: products.totalStock,
  }[field]!;
  return [by(column), by(products.id)];
}

/**
 * One page of products matching the filters, in the chosen order (newest first by default), and how many match.
 * With no filters it is the whole catalog, as before the filters existed. Without a search or stock filter the
 * count is a sum over `catalog_counts` (migration 0020), exact, instead of counting up to a million rows.
 */
export async function listAdminProducts(
  deps: AdminProductDeps,
  filters: AdminProductFilters,
  page: number,
  limit: number,
): Promise<{ items: Product[]; total: number }> {
  const [items, total] = await Promise.all([
    productPage(deps, filters, page, limit),
    countAdminProducts(deps.db, filters),
  ]);
  return { items, total };
}

async function countAdminProducts(db: Db, filters: AdminProductFilters): Promise<number> {
  if (!filters.search && !filters.stock) {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${catalogCounts.products}), 0)::int` })
      .from(catalogCounts)
      .where(filters.category ? eq(catalogCounts.category, filters.category) : undefined);
    return Number(row?.n ?? 0);
  }
  const [row] = await db.select({ n: count() }).from(products).where(productWhere(filters));
  return Number(row?.n ?? 0);
}

async function productPage(
  deps: AdminProductDeps,
  filters: AdminProductFilters,
  page: number,
  limit: number,
): Promise<Product[]> {
  const offset = (page - 1) * limit;
  // Stock ascending starts with every sold-out product, in id order (the sort's tie-break): while the page lies
  // among them it is read from the small partial index on sold_out products, not by sorting the whole catalog.
  if (filters.sortBy === 'stock-asc' && filters.stock !== 'low') {
    const soldOut = and(productWhere(filters), products.soldOut);
    const [{ n } = { n: 0 }] = await deps.db.select({ n: count() }).from(products).where(soldOut);
    if (offset + limit <= Number(n)) {
      const rows = await deps.db
        .select(productColumns)
        .from(products)
        .where(soldOut)
        .orderBy(asc(products.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => toProduct(r, deps.images));
    }
  }
  const where = productWhere(filters);
  if (filters.search) {
    // A search that matches few products is read through the trigram index and sorted; walking the sort's index
    // and testing each row (the plan PostgreSQL picks for a LIMIT) reads the whole catalog when few rows match. A
    // search matching many finds its page early on that walk.
    const [{ n } = { n: 0 }] = await selectRows<{ n: number }>(
      deps.db,
      sql`select count(*)::int as n from (select 1 from ${products} where ${where} limit ${DENSE_SEARCH}) m`,
    );
    if (n < DENSE_SEARCH) {
      // The CTE takes the table's name, so the sort's expressions (written against products) apply to its rows.
      const found = await selectRows<{ id: string }>(
        deps.db,
        sql`with products as materialized (select * from ${products} where ${where})
            select id from products order by ${sql.join(productOrder(filters.sortBy), sql`, `)}
            limit ${limit} offset ${offset}`,
      );
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
  }
  const rows = await deps.db
    .select(productColumns)
    .from(products)
    .where(where)
    .orderBy(...productOrder(filters.sortBy))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => toProduct(r, deps.images));
}

/** Below this many matches a search is read through its trigram index (see productPage). */
const DENSE_SEARCH = 2000;

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
  for (let page = 1; (page - 1) * EXPORT_BATCH < ADMIN_EXPORT_MAX_ROWS; page++) {
    const items = await productPage(deps, filters, page, EXPORT_BATCH);
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
  const differs = sql`(${products.title}, ${products.description}, ${products.category}, ${products.brand},
    ${products.priceCents}, ${products.salePriceCents}, ${products.totalStock}, ${products.imageKey})
    is distinct from (${values.title}, ${values.description}, ${values.category}, ${values.brand},
    ${values.priceCents}::integer, ${values.salePriceCents}::integer, ${values.totalStock}::integer,
    ${values.imageKey})`;
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
