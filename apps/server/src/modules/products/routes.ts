/** Shop catalog routes (spec §7 Shop): public. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, ProductListQuery, ProductListResponse, ProductResponse } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import type { CatalogCache } from '../../lib/catalog-cache.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { getProduct, listProducts } from './service.ts';

/**
 * Both routes answer from the catalog cache (lib/catalog-cache.ts): serialized, compressed (so @fastify/compress
 * stays off them), and validated against the response schema once per catalog generation and query.
 */
export const shopProductRoutes: FastifyPluginAsyncZod<{
  db: Db;
  images: ImageStore;
  cache: CatalogCache;
}> = async (app, opts) => {
  /**
   * `GET /api/shop/products/get?category=A,B&brand=C&sortBy=price-asc&page=1&limit=24` → 200 ProductListResponse.
   * Unknown filter values are ignored, unknown sortBy falls back to price-asc, page/limit are clamped.
   */
  app.get(
    '/products/get',
    {
      config: { access: 'public' },
      compress: false,
      schema: { tags: ['shop'], querystring: ProductListQuery, response: { 200: ProductListResponse } },
    },
    async (request, reply) => {
      const q = request.query;
      const key = `list:${JSON.stringify([[...q.category].sort(), [...q.brand].sort(), q.sortBy, q.page, q.limit])}`;
      const answer = await opts.cache.answer(key, async () => {
        const { items, total } = await listProducts(opts.db, opts.images, q);
        const pages = Math.max(1, Math.ceil(total / q.limit));
        return ProductListResponse.parse({
          success: true,
          data: items,
          page: q.page,
          limit: q.limit,
          pagination: { page: q.page, limit: q.limit, total, pages },
        });
      });
      return opts.cache.send(request, reply, answer);
    },
  );

  /** `GET /api/shop/products/get/:id` → 200 ProductResponse; 404 when unknown. */
  app.get(
    '/products/get/:id',
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        tags: ['shop'],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: ProductResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const id = request.params.id.toLowerCase();
      const answer = await opts.cache.answer(`product:${id}`, async () =>
        ProductResponse.parse({ success: true, data: await getProduct(opts.db, opts.images, id) }),
      );
      return opts.cache.send(request, reply, answer);
    },
  );
};
