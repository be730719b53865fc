/**
 * Admin product management (spec §7 Admin products; §5 validation). Prices arrive in dollars and are stored as
 * cents; the image must be one uploaded to this shop. Deleting a product leaves past orders intact (order lines are
 * copies) and drops it from carts on their next read.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { toCents, type Product, type ProductInput } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { badRequest, conflict, isUuid, notFound } from '../../lib/http-error.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { forgetProductCounts, productColumns, toProduct } from '../products/service.ts';
import { imageKeyFrom } from '../uploads/image-processing.ts';

export interface AdminProductDeps {
  db: Db;
  images: ImageStore;
  publicUrl: string;
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

/** All products, newest first, one page at a time. */
export async function listAdminProducts(
  deps: AdminProductDeps,
  page: number,
  limit: number,
): Promise<{ items: Product[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    deps.db
      .select(productColumns)
      .from(products)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.db.select({ n: count() }).from(products),
  ]);
  return { items: rows.map((r) => toProduct(r, deps.images)), total: Number(totals?.n ?? 0) };
}

export async function addProduct(deps: AdminProductDeps, input: ProductInput): Promise<Product> {
  const [row] = await deps.db
    .insert(products)
    .values(await toRow(deps, input))
    .returning(productColumns);
  forgetProductCounts(deps.db);
  return toProduct(row!, deps.images);
}

/**
 * Replaces the product's fields and bumps its version; 404 when it does not exist. With `input.version` (the
 * version the form was loaded at), 409 when the product changed since (a sale took stock, or another admin saved),
 * so a stale form never overwrites newer stock (DESIGN.md §4).
 */
export async function editProduct(deps: AdminProductDeps, id: string, input: ProductInput): Promise<Product> {
  if (!isUuid(id)) throw notFound('Product not found');
  const [row] = await deps.db
    .update(products)
    .set({ ...(await toRow(deps, input)), version: sql`${products.version} + 1`, updatedAt: new Date() })
    .where(
      and(eq(products.id, id), input.version === undefined ? undefined : eq(products.version, input.version)),
    )
    .returning(productColumns);
  if (!row) {
    const [current] = await deps.db
      .select({ totalStock: products.totalStock })
      .from(products)
      .where(eq(products.id, id));
    if (!current) throw notFound('Product not found');
    throw conflict(
      `This product was changed since you opened it (${current.totalStock} now in stock). ` +
        'Reload it and save your changes again.',
    );
  }
  forgetProductCounts(deps.db);
  return toProduct(row, deps.images);
}

export async function deleteProduct(deps: AdminProductDeps, id: string): Promise<Product> {
  if (!isUuid(id)) throw notFound('Product not found');
  const [row] = await deps.db.delete(products).where(eq(products.id, id)).returning(productColumns);
  if (!row) throw notFound('Product not found');
  forgetProductCounts(deps.db);
  return toProduct(row, deps.images);
}
