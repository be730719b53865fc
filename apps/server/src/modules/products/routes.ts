/** Shop catalog routes (spec §7 Shop): public. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, ProductListQuery, ProductListResponse, ProductResponse } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { getProduct, listProducts } from './service.ts';

export const shopProductRoutes: FastifyPluginAsyncZod<{ db: Db; images: ImageStore }> = async (app, opts) => {
  /**
   * `GET /api/shop/products/get?category=A,B&brand=C&sortBy=price-asc&page=1&limit=24` → 200 ProductListResponse.
   * Unknown filter values are ignored, unknown sortBy falls back to price-asc, page/limit are clamped.
   */
  app.get(
    '/products/get',
    {
      config: { access: 'public' },
      schema: { tags: ['shop'], querystring: ProductListQuery, response: { 200: ProductListResponse } },
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await listProducts(opts.db, opts.images, q);
      const pages = Math.max(1, Math.ceil(total / q.limit));
      return {
        success: true as const,
        data: items,
        page: q.page,
        limit: q.limit,
        pagination: { page: q.page, limit: q.limit, total, pages },
      };
    },
  );

  /** `GET /api/shop/products/get/:id` → 200 ProductResponse; 404 when unknown. */
  app.get(
    '/products/get/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shop'],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: ProductResponse, 404: ErrorResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getProduct(opts.db, opts.images, request.params.id),
    }),
  );
};
