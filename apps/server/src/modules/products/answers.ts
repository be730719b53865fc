/**
 * The catalog's product answers as the API sends them (spec §7 Shop), from the catalog cache (lib/catalog-cache.ts).
 * Each product is validated against the `Product` schema and serialized once per catalog generation (a fragment of
 * the cache); list and detail answers are assembled from those fragments, so a listing that is not cached yet reads
 * only the ids of its page from the database, plus the rows of products no answer has shown since the last change.
 * Shared by the routes and the web shell's image hints, so a page load and the API call that follows it read the
 * catalog once.
 */
import type { FastifyRequest } from 'fastify';
import { Product, ProductDetails, type ProductListQuery } from '@emporium/contract';
import {
  patchedProduct,
  RawJson,
  repriced,
  type CachedAnswer,
  type CatalogReads,
} from '../../lib/catalog-cache.ts';
import { isUuid, notFound } from '../../lib/http-error.ts';
import { catalogShapeOf } from '../variants/service.ts';
import { listProductIds, productsByIds } from './service.ts';

/**
 * The serialized products with these ids, in the same order; ids the database no longer has are left out. Products
 * without a fragment are read in one query.
 */
async function productFragments(reads: CatalogReads, ids: string[]): Promise<string[]> {
  const { cache } = reads;
  const found = new Map<string, string>();
  const missing: string[] = [];
  for (const id of ids) {
    const json = cache.fragment(id);
    if (json === undefined) missing.push(id);
    else found.set(id, json);
  }
  // Rows read across a catalog change or a stock move may be old: like such an answer, they are not kept.
  const readMark = cache.mark;
  for (const product of await productsByIds(reads.db, reads.images, missing)) {
    // The schema strips anything that is not part of the API's product (DESIGN.md §4: responses are validated).
    const json = JSON.stringify(Product.parse(product));
    found.set(product._id, json);
    cache.keepFragment(product._id, json, readMark);
  }
  return ids.flatMap((id) => {
    const json = found.get(id);
    return json === undefined ? [] : [json];
  });
}

/**
 * `ProductListResponse` for a parsed listing query (its filters compared as sets). `client`: the request, charged
 * when the answer must be computed (CatalogCache.answer).
 */
export function productListAnswer(
  reads: CatalogReads,
  q: ProductListQuery,
  client?: FastifyRequest,
): Promise<CachedAnswer> {
  const sets = [q.category, q.brand, q.size, q.colour].map((values) => [...values].sort());
  const key = `list:${JSON.stringify([...sets, q.sortBy, q.page, q.limit])}`;
  return reads.cache.answer(
    key,
    async () => {
      const { ids, total, facets } = await listProductIds(reads, q);
      const data = await productFragments(reads, ids);
      const pagination = {
        page: q.page,
        limit: q.limit,
        total,
        pages: Math.max(1, Math.ceil(total / q.limit)),
      };
      // The envelope of ProductListResponse around the validated products. A stock move of one of them forgets it,
      // or, when the move tells the stock, it is joined again from the products' fragments (patched by the cache).
      const envelope = (products: string[]) =>
        `{"success":true,"data":[${products.join(',')}],"page":${q.page},"limit":${q.limit},` +
        `"pagination":${JSON.stringify(pagination)},"facets":${JSON.stringify(facets)}}`;
      return new RawJson(envelope(data), ids, () => {
        // A page that lacked a product when it was read (deleted meanwhile) is read again, not rebuilt.
        if (data.length < ids.length) return undefined;
        const now = ids.map((id) => reads.cache.fragment(id));
        return now.every((json) => json !== undefined) ? envelope(now) : undefined;
      });
    },
    client,
  );
}

/**
 * `ProductDetailsResponse` for a product id (lower-cased here): the product with its options, variants and gallery
 * (issue 28); rejects with the 404 HttpError for an unknown one. `client` as for productListAnswer.
 */
export function productAnswer(
  reads: CatalogReads,
  id: string,
  client?: FastifyRequest,
): Promise<CachedAnswer> {
  const key = id.toLowerCase();
  return reads.cache.answer(
    `product:${key}`,
    async () => {
      const [json] = isUuid(key) ? await productFragments(reads, [key]) : [];
      if (json === undefined) throw notFound('Product not found');
      const details = ProductDetails.parse({
        ...(JSON.parse(json) as Product),
        ...(await catalogShapeOf(reads.db, reads.images, key)),
      });
      const envelope = (data: ProductDetails) => `{"success":true,"data":${JSON.stringify(data)}}`;
      // A stock move that tells the stock patches the product's (and its prices, which a variant selling out may
      // move) and its variants' (every variant must be told). A product's details do not depend on the listing's
      // order: a move of another product leaves them.
      return new RawJson(
        envelope(details),
        [key],
        (stockOf) => {
          const stock = stockOf(key);
          if (!stock || stock.version <= details.version) return envelope(details);
          if (details.variants.some((v) => stock.variants[v._id] === undefined)) return undefined;
          if (repriced(details, stock)) return undefined;
          return envelope({
            ...patchedProduct(details, stock),
            variants: details.variants.map((v) => ({ ...v, stock: stock.variants[v._id]! })),
          });
        },
        true,
      );
    },
    client,
  );
}
