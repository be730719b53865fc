/**
 * The catalog's product answers as the API sends them (spec §7 Shop), from the catalog cache (lib/catalog-cache.ts):
 * serialized, and validated against the response schema once per catalog generation and query. Shared by the
 * routes and the web shell's image hints, so a page load and the API call that follows it read the catalog once.
 */
import { ProductListResponse, ProductResponse, type ProductListQuery } from '@emporium/contract';
import type { CachedAnswer, CatalogReads } from '../../lib/catalog-cache.ts';
import { getProduct, listProducts } from './service.ts';

/** `ProductListResponse` for a parsed listing query (its filters compared as sets). */
export function productListAnswer(reads: CatalogReads, q: ProductListQuery): Promise<CachedAnswer> {
  const key = `list:${JSON.stringify([[...q.category].sort(), [...q.brand].sort(), q.sortBy, q.page, q.limit])}`;
  return reads.cache.answer(key, async () => {
    const { items, total } = await listProducts(reads.db, reads.images, q);
    const pages = Math.max(1, Math.ceil(total / q.limit));
    return ProductListResponse.parse({
      success: true,
      data: items,
      page: q.page,
      limit: q.limit,
      pagination: { page: q.page, limit: q.limit, total, pages },
    });
  });
}

/** `ProductResponse` for a product id (lower-cased here); rejects with the 404 HttpError for an unknown one. */
export function productAnswer(reads: CatalogReads, id: string): Promise<CachedAnswer> {
  const key = id.toLowerCase();
  return reads.cache.answer(`product:${key}`, async () =>
    ProductResponse.parse({ success: true, data: await getProduct(reads.db, reads.images, key) }),
  );
}
