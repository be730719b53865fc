/**
 * Product options and variants (issue 28, docs/decisions/014). A product has up to three options with ordered values;
 * each existing combination is a variant with its own SKU, prices, stock and optional image; a product without options
 * has one default variant. The product row keeps what the spec's calls and the listing read: `total_stock` (the sum of
 * its variants' stock), `price_cents`/`sale_price_cents` (its cheapest variant's), `option_facets` and `option_text`.
 * Every stock move locks the product row before its variants' (orders/stock.ts), so moves cannot deadlock.
 */
import { and, asc, eq, inArray, lte, sql, type Column, type SQL } from 'drizzle-orm';
import {
  facetOf,
  LOW_STOCK_MAX,
  skuPrefixCandidates,
  toCents,
  toDollars,
  type LowStockVariant,
  type ProductDetails,
  type ProductOption,
  type ProductVariant,
  type ProductVariantsInput,
} from '@emporium/contract';
import { preparedQuery, selectRows, sqlState, transactionWithRetry, type Db } from '../../db/client.ts';
import { productImages, productOptions, products, productVariants } from '../../db/schema.ts';
import { badRequest, conflict, isUuid, notFound } from '../../lib/http-error.ts';
import type { CatalogChanges } from '../../lib/catalog-cache.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { imageKeyFrom } from '../uploads/image-processing.ts';
import { lowestPriceField, variantPriorPriceColumn } from '../price-history/service.ts';
import { productColumns, toProduct } from '../products/service.ts';
import { facetEntries } from '../products/facets.ts';

type VariantRow = typeof productVariants.$inferSelect;

/** A variant's option values paired with their option names, in the options' order. */
export function optionPairs(
  names: readonly string[],
  values: readonly string[],
): Array<{ name: string; value: string }> {
  return values.map((value, i) => ({ name: names[i] ?? `Option ${i + 1}`, value }));
}

/**
 * The option names of the product `productId` names, in position order (empty without options), as a column of the
 * query that reads its lines: one query instead of a second round trip for the names (issue 29).
 */
export function optionNamesOf(productId: SQL | Column): SQL<string[]> {
  return sql<string[]>`array(select o.name from ${productOptions} o where o.product_id = ${productId}
    order by o.position)`;
}

/**
 * A variant row in the API's shape (dollars, absolute image URL or null); `priorPriceCents`, when read, adds
 * `lowestPrice30Days` to a variant on sale (issue 41).
 */
export function toVariant(
  row: Pick<
    VariantRow,
    'id' | 'sku' | 'optionValues' | 'priceCents' | 'salePriceCents' | 'stock' | 'imageKey'
  > & { priorPriceCents?: number | null },
  names: readonly string[],
  images: ImageStore,
): ProductVariant {
  return {
    _id: row.id,
    sku: row.sku,
    options: Object.fromEntries(optionPairs(names, row.optionValues).map((p) => [p.name, p.value])),
    price: toDollars(row.priceCents),
    salePrice: toDollars(row.salePriceCents),
    stock: row.stock,
    image: row.imageKey ? images.url(row.imageKey) : null,
    ...lowestPriceField(row.salePriceCents, row.priorPriceCents),
  };
}

/**
 * A product's options, variants (admin's order) and gallery, as the details answer carries them: one query (each
 * part a JSON array built by PostgreSQL), since a product's details are read again after every sale of it (issue 29).
 */
export async function catalogShapeOf(
  db: Db,
  images: ImageStore,
  productId: string,
): Promise<{
  options: ProductOption[];
  variants: ProductVariant[];
  images: Array<{ url: string; alt: string }>;
}> {
  type Shape = {
    options: ProductOption[] | null;
    variants: Array<
      Pick<
        VariantRow,
        'id' | 'sku' | 'optionValues' | 'priceCents' | 'salePriceCents' | 'stock' | 'imageKey'
      > & {
        priorPriceCents: number | null;
      }
    > | null;
    gallery: Array<{ imageKey: string; alt: string }> | null;
  };
  const [shape] = await selectRows<Shape>(
    db,
    sql`select
      (select json_agg(json_build_object('name', o.name, 'values', o.values) order by o.position)
         from ${productOptions} o where o.product_id = ${productId}) as options,
      (select json_agg(json_build_object('id', v.id, 'sku', v.sku, 'optionValues', v.option_values,
           'priceCents', v.price_cents, 'salePriceCents', v.sale_price_cents, 'stock', v.stock,
           'imageKey', v.image_key,
           'priorPriceCents', case when v.sale_price_cents > 0 then ${variantPriorPriceColumn(sql`v.id`)} end)
           order by v.position, v.created_at)
         from ${productVariants} v where v.product_id = ${productId}) as variants,
      (select json_agg(json_build_object('imageKey', i.image_key, 'alt', i.alt) order by i.position)
         from ${productImages} i where i.product_id = ${productId}) as gallery`,
  );
  const options = shape?.options ?? [];
  const names = options.map((o) => o.name);
  return {
    options,
    variants: (shape?.variants ?? []).map((v) => toVariant(v, names, images)),
    images: (shape?.gallery ?? []).map((g) => ({ url: images.url(g.imageKey), alt: g.alt })),
  };
}

// A product's variants (or one of them) with their stock and price, in the admin's order; built once (preparedQuery).
const variantColumns = {
  id: productVariants.id,
  stock: productVariants.stock,
  priceCents: productVariants.priceCents,
  salePriceCents: productVariants.salePriceCents,
};
const variantsOfProduct = preparedQuery((db) =>
  db
    .select(variantColumns)
    .from(productVariants)
    .where(eq(productVariants.productId, sql.placeholder('productId')))
    .orderBy(asc(productVariants.position), asc(productVariants.createdAt))
    .prepare('variants_of_product'),
);
const variantOfProduct = preparedQuery((db) =>
  db
    .select(variantColumns)
    .from(productVariants)
    .where(
      and(
        eq(productVariants.productId, sql.placeholder('productId')),
        eq(productVariants.id, sql.placeholder('variantId')),
      ),
    )
    .prepare('variant_of_product'),
);

/** The price a variant sells at, in cents: its sale price when above 0, else its price (DESIGN.md §4). */
const paidCents = (v: { priceCents: number; salePriceCents: number }) =>
  v.salePriceCents > 0 ? v.salePriceCents : v.priceCents;

/**
 * The variant an add that names none gets (the spec's client knows no variants; issue 46, item 17): of the variants
 * in stock at the product's price (the cheapest in stock, what the listing shows: `deriveProduct`), the one with the
 * most units, so that the spec's client can add a second unit or press + where the first variant in the admin's
 * order had one left; ties go to the admin's order. With none in stock, the first variant. `variants` in the admin's
 * order.
 */
export function variantForSpecClient<V extends { stock: number; priceCents: number; salePriceCents: number }>(
  variants: readonly V[],
): V | undefined {
  const inStock = variants.filter((v) => v.stock > 0);
  if (inStock.length === 0) return variants[0];
  const price = Math.min(...inStock.map(paidCents));
  return inStock.filter((v) => paidCents(v) === price).reduce((best, v) => (v.stock > best.stock ? v : best));
}

/**
 * The variant of a cart line: `variantId` when given (404 unless it is one of the product's), else
 * `variantForSpecClient`'s. 404 unknown product.
 */
export async function resolveVariant(
  db: Db,
  productId: string,
  variantId?: string,
): Promise<{ id: string; stock: number }> {
  if (!isUuid(productId)) throw notFound('Product not found');
  if (variantId !== undefined && !isUuid(variantId)) throw notFound('This size or colour is not available');
  const chosen =
    variantId === undefined
      ? variantForSpecClient(await variantsOfProduct(db).execute({ productId }))
      : (await variantOfProduct(db).execute({ productId, variantId }))[0];
  if (chosen) return chosen;
  if (variantId === undefined) throw notFound('Product not found');
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  throw notFound(product ? 'This size or colour is not available' : 'Product not found');
}

/**
 * What a stock refusal calls a variant (issue 46): "size XL, black" for Size XL and Colour Black, other options as
 * "<name> <value>"; empty for a product without options.
 */
export function variantPhrase(options: ReadonlyArray<{ name: string; value: string }>): string {
  return options
    .map(({ name, value }) =>
      /^size$/i.test(name)
        ? `size ${value}`
        : /^colou?r$/i.test(name)
          ? value.toLowerCase()
          : `${name.toLowerCase()} ${value}`,
    )
    .join(', ');
}

/** The option names and values of a variant, in position order (empty without options or for an unknown id). */
export async function variantOptions(
  db: Db,
  variantId: string,
): Promise<Array<{ name: string; value: string }>> {
  const [row] = await selectRows<{ values: string[]; names: string[] }>(
    db,
    sql`select v.option_values as values, ${optionNamesOf(sql`v.product_id`)} as names
        from ${productVariants} v where v.id = ${variantId}`,
  );
  return row ? optionPairs(row.names, row.values) : [];
}

/** Columns the product row derives from its options and variants. */
export interface DerivedProduct {
  priceCents: number;
  salePriceCents: number;
  totalStock: number;
  optionFacets: string[];
  optionText: string;
}

/**
 * What the product row shows of its variants: the prices of the cheapest variant in stock (by the price paid; of all
 * variants when none is in stock; issue 46: a sold-out size no longer sets the price the listing shows), the stock
 * summed, the facet entries (products/facets.ts) and the option words for search. The database keeps the prices so
 * when a variant sells out or comes back (trigger `product_variants_stock_total`, migration 0034).
 */
export function deriveProduct(
  options: readonly { name: string; values: readonly string[] }[],
  variants: readonly {
    optionValues: readonly string[];
    priceCents: number;
    salePriceCents: number;
    stock: number;
  }[],
): DerivedProduct {
  const inStock = variants.filter((v) => v.stock > 0);
  const cheapest = (inStock.length > 0 ? inStock : variants).reduce((a, b) =>
    paidCents(b) < paidCents(a) ? b : a,
  );
  const facets = facetEntries(
    variants.map((v) =>
      Object.fromEntries(
        v.optionValues.flatMap((value, i) => {
          const facet = facetOf(options[i]?.name ?? '');
          return facet ? [[facet, value]] : [];
        }),
      ),
    ),
  );
  return {
    priceCents: cheapest.priceCents,
    salePriceCents: cheapest.salePriceCents,
    totalStock: variants.reduce((n, v) => n + v.stock, 0),
    optionFacets: facets,
    optionText: options.map((o) => `${o.name} ${o.values.join(' ')}`).join(' '),
  };
}

/** A SKU generated for a product's default variant: `P-` and 12 hex digits of a fresh UUID. */
export function generatedSku(): string {
  return `P-${crypto.randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
}

/**
 * A prefix for the SKUs suggested for a product's new variants that no other product's SKU starts with (issue 40: two
 * "Nike Air" products both suggested `NIKE-AIR-42`, and the second's save was refused): the first of the title's
 * `skuPrefixCandidates` that is free (`NIKE-AIR`, else `NIKE-AIR-MAX`, …), else the longest followed by 4, 8 or 12 hex
 * digits of the product's id. "Starts with" means equal to it or followed by `-`, letter case ignored (as the SKU
 * index). Only a suggestion: the save still refuses a SKU in use with 409. 404 unknown product.
 */
export async function freeSkuPrefix(db: Db, productId: string): Promise<string> {
  if (!isUuid(productId)) throw notFound('Product not found');
  const [product] = await db
    .select({ title: products.title })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw notFound('Product not found');
  const candidates = skuPrefixCandidates(product.title);
  const hex = productId.replace(/-/g, '').toUpperCase();
  const longest = candidates.at(-1)!;
  for (const prefix of [...candidates, ...[4, 8, 12].map((n) => `${longest}-${hex.slice(0, n)}`)]) {
    const lowered = prefix.toLowerCase();
    const [taken] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(
        and(
          sql`${productVariants.productId} <> ${productId}`,
          sql`(lower(${productVariants.sku}) = ${lowered} or starts_with(lower(${productVariants.sku}), ${`${lowered}-`}))`,
        ),
      )
      .limit(1);
    if (!taken) return prefix;
  }
  return `${longest}-${hex}`;
}

/** The 409 message of a SKU another variant has (regardless of letter case). */
export const skuTakenMessage = (sku: string) => `SKU ${sku} is already used by another product or variant`;

/** Whether `err` is PostgreSQL's unique violation on the SKU index. */
export function isSkuConflict(err: unknown): boolean {
  const e = err as { constraint?: string; cause?: { constraint?: string } };
  return sqlState(err) === '23505' && (e.constraint ?? e.cause?.constraint) === 'product_variants_sku_idx';
}

interface PlannedVariant {
  id?: string;
  sku: string;
  optionValues: string[];
  priceCents: number;
  salePriceCents: number;
  stock: number;
  imageKey: string | null;
  position: number;
}

/**
 * Checks an admin's grid (400 with a message that names the row): option names distinct, values distinct per option,
 * every variant naming one value of each option, no combination twice, no SKU twice, sale price below price.
 */
async function planVariants(
  deps: VariantDeps,
  input: ProductVariantsInput,
): Promise<{ options: Array<{ name: string; values: string[] }>; variants: PlannedVariant[] }> {
  const options = input.options.map((o) => ({ name: o.name, values: o.values }));
  const lower = (s: string) => s.toLowerCase();
  const names = options.map((o) => lower(o.name));
  if (new Set(names).size !== names.length) throw badRequest('Two options have the same name');
  for (const o of options) {
    if (new Set(o.values.map(lower)).size !== o.values.length) {
      throw badRequest(`${o.name}: a value is listed twice`);
    }
  }
  if (options.length === 0 && input.variants.length !== 1) {
    throw badRequest('A product without options has exactly one variant');
  }
  const skus = new Set<string>();
  const combos = new Set<string>();
  const planned: PlannedVariant[] = [];
  for (const [i, v] of input.variants.entries()) {
    const row = `Variant ${i + 1} (${v.sku})`;
    const unknown = Object.keys(v.options).find((k) => !names.includes(lower(k)));
    if (unknown !== undefined) throw badRequest(`${row}: there is no option "${unknown}"`);
    const optionValues = options.map((o) => {
      const given = Object.entries(v.options)
        .find(([k]) => lower(k) === lower(o.name))?.[1]
        ?.trim();
      const value = o.values.find((x) => given !== undefined && lower(x) === lower(given));
      if (value === undefined) throw badRequest(`${row}: choose one of the ${o.name} values`);
      return value;
    });
    const combo = optionValues.map(lower).join('\u0000');
    if (combos.has(combo)) throw badRequest(`${row}: this combination is listed twice`);
    combos.add(combo);
    if (skus.has(lower(v.sku))) throw badRequest(`${row}: SKU ${v.sku} is listed twice`);
    skus.add(lower(v.sku));
    const priceCents = toCents(v.price);
    const salePriceCents = toCents(v.salePrice);
    if (salePriceCents >= priceCents) throw badRequest(`${row}: the sale price must be 0 or below the price`);
    if (v._id !== undefined && !isUuid(v._id)) throw badRequest(`${row}: unknown variant`);
    planned.push({
      id: v._id,
      sku: v.sku,
      optionValues,
      priceCents,
      salePriceCents,
      stock: v.stock,
      imageKey: v.image ? await imageKeyFrom(deps.images, v.image, deps.publicUrl) : null,
      position: i,
    });
  }
  return { options, variants: planned };
}

export interface VariantDeps {
  db: Db;
  images: ImageStore;
  publicUrl: string;
  catalog: CatalogChanges;
}

/**
 * Replaces a product's options and variant grid in one transaction (`PUT /api/admin/products/variants/:id`). Rows with
 * an `_id` of this product keep it (carts hold variant ids); rows without are new; variants left out are deleted
 * (their cart lines are dropped at the next cart read; past orders keep their copies). The product row is locked first
 * and its derived columns rewritten; its version is bumped. 404 unknown product; 400 a bad grid; 409 a stale
 * `version` or a SKU another product uses.
 */
export async function saveVariants(
  deps: VariantDeps,
  productId: string,
  input: ProductVariantsInput,
): Promise<void> {
  if (!isUuid(productId)) throw notFound('Product not found');
  const plan = await planVariants(deps, input);
  const derived = deriveProduct(plan.options, plan.variants);
  try {
    await transactionWithRetry(deps.db, async (tx) => {
      const [product] = await tx
        .select({ version: products.version, totalStock: products.totalStock })
        .from(products)
        .where(eq(products.id, productId))
        .for('update');
      if (!product) throw notFound('Product not found');
      if (input.version !== undefined && input.version !== product.version) {
        throw conflict(
          `This product was changed since you opened it (${product.totalStock} now in stock). ` +
            'Reload it and save your changes again.',
        );
      }
      const existing = await tx
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(eq(productVariants.productId, productId));
      const ids = new Set(existing.map((r) => r.id));
      const foreign = plan.variants.find((v) => v.id !== undefined && !ids.has(v.id));
      if (foreign) throw badRequest(`Variant ${foreign.position + 1} (${foreign.sku}): unknown variant`);
      const kept = new Set(plan.variants.flatMap((v) => (v.id ? [v.id] : [])));
      const gone = existing.filter((r) => !kept.has(r.id)).map((r) => r.id);
      if (gone.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, gone));
      // Kept rows move out of the way first, so renamed SKUs and swapped combinations never collide mid-way.
      if (kept.size > 0) {
        await tx
          .update(productVariants)
          .set({
            sku: sql`'~' || ${productVariants.id}::text`,
            optionValues: sql`array[${productVariants.id}::text]`,
          })
          .where(inArray(productVariants.id, [...kept]));
      }
      for (const v of plan.variants) {
        const values = {
          sku: v.sku,
          optionValues: v.optionValues,
          priceCents: v.priceCents,
          salePriceCents: v.salePriceCents,
          stock: v.stock,
          imageKey: v.imageKey,
          position: v.position,
        };
        if (v.id) await tx.update(productVariants).set(values).where(eq(productVariants.id, v.id));
        else await tx.insert(productVariants).values({ productId, ...values });
      }
      await tx.delete(productOptions).where(eq(productOptions.productId, productId));
      if (plan.options.length > 0) {
        await tx
          .insert(productOptions)
          .values(
            plan.options.map((o, position) => ({ productId, position, name: o.name, values: o.values })),
          );
      }
      // total_stock already moved with each variant (trigger product_variants_stock_total, migration 0017).
      const { totalStock: _sum, ...shown } = derived;
      await tx
        .update(products)
        .set({ ...shown, version: sql`${products.version} + 1`, updatedAt: new Date() })
        .where(eq(products.id, productId));
    });
  } catch (err) {
    if (isSkuConflict(err)) throw conflict(await takenSkuMessage(deps.db, productId, plan.variants));
    throw err;
  }
  deps.catalog.changed();
}

async function takenSkuMessage(db: Db, productId: string, variants: PlannedVariant[]): Promise<string> {
  const taken = await db
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        sql`${productVariants.productId} <> ${productId}`,
        inArray(
          sql`lower(${productVariants.sku})`,
          variants.map((v) => v.sku.toLowerCase()),
        ),
      ),
    );
  return skuTakenMessage(taken[0]?.sku ?? variants[0]!.sku);
}

/** The product with its options, variants and gallery, read now (the admin's form). 404 unknown product. */
export async function productDetails(
  deps: Pick<VariantDeps, 'db' | 'images'>,
  productId: string,
): Promise<ProductDetails> {
  if (!isUuid(productId)) throw notFound('Product not found');
  const [row] = await deps.db.select(productColumns).from(products).where(eq(products.id, productId));
  if (!row) throw notFound('Product not found');
  return { ...toProduct(row, deps.images), ...(await catalogShapeOf(deps.db, deps.images, productId)) };
}

/** Variants with at most LOW_STOCK_MAX units (sold out included), fewest first, at most 100. */
export async function lowStockVariants(deps: Pick<VariantDeps, 'db' | 'images'>): Promise<LowStockVariant[]> {
  const rows = await deps.db
    .select({
      productId: products.id,
      title: products.title,
      productImage: products.imageKey,
      variant: productVariants,
      optionNames: optionNamesOf(products.id),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(lte(productVariants.stock, LOW_STOCK_MAX))
    .orderBy(asc(productVariants.stock), asc(products.title), asc(productVariants.position))
    .limit(100);
  return rows.map((r) => {
    const v = toVariant(r.variant, r.optionNames, deps.images);
    return {
      productId: r.productId,
      variantId: v._id,
      title: r.title,
      sku: v.sku,
      options: v.options,
      stock: v.stock,
      image: v.image ?? deps.images.url(r.productImage),
    };
  });
}
