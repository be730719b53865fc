/**
 * Home's Featured Products as `GET /api/shop/products/featured` sends them, from the catalog cache
 * (lib/catalog-cache.ts): read once per catalog generation, renewed by every catalog change (a pick, an edit), by a
 * change of the listing's order (a product selling out, coming back or changing price) and by a stock move of a
 * featured product.
 */
import type { FastifyRequest } from 'fastify';
import { FeaturedProductsResponse } from '@emporium/contract';
import { RawJson, type CachedAnswer, type CatalogReads } from '../../lib/catalog-cache.ts';
import { featuredProductIds, productsInOrder } from './service.ts';

/**
 * The featured products' answer. `client`: the request, charged when the answer must be computed
 * (CatalogCache.answer).
 */
export function featuredProductsAnswer(reads: CatalogReads, client?: FastifyRequest): Promise<CachedAnswer> {
  return reads.cache.answer(
    'featured-products',
    async () => {
      // Parsed like every catalog answer: the schema keeps anything that is not the API's product out.
      const featured = FeaturedProductsResponse.parse({
        success: true,
        data: await productsInOrder(reads.db, reads.images, await featuredProductIds(reads.db)),
      });
      // Which products are featured changes with a catalog change or the listing's order (the twelve cheapest in
      // stock); a stock move of a featured product forgets this answer, others leave it.
      return new RawJson(
        JSON.stringify(featured),
        featured.data.map((p) => p._id),
      );
    },
    client,
  );
}
