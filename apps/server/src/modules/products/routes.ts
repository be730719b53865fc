/** Shop catalog routes (spec §7 Shop): public. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponse,
  ProductDetailsResponse,
  ProductListQuery,
  ProductListResponse,
} from '@emporium/contract';
import type { CatalogReads } from '../../lib/catalog-cache.ts';
import { productAnswer, productListAnswer } from './answers.ts';

/**
 * Both routes answer from the catalog cache (./answers.ts): serialized, compressed (so @fastify/compress stays off
 * them), and validated against the response schema once per catalog generation and query.
 */
export const shopProductRoutes: FastifyPluginAsyncZod<CatalogReads> = async (app, opts) => {
  /**
   * `GET /api/shop/products/get?category=A,B&brand=C&sortBy=price-asc&page=1&limit=24` → 200 ProductListResponse.
   * Unknown filter values are ignored, unknown sortBy falls back to price-asc, page/limit are clamped.
   */
  app.get(
    '/products/get',
    {
      config: { access: 'public', cachedAnswer: true },
      compress: false,
      schema: { tags: ['shop'], querystring: ProductListQuery, response: { 200: ProductListResponse } },
    },
    async (request, reply) =>
      opts.cache.send(request, reply, await productListAnswer(opts, request.query, request)),
  );

  /** `GET /api/shop/products/get/:id` → 200 ProductResponse; 404 when unknown. */
  app.get(
    '/products/get/:id',
    {
      config: { access: 'public', cachedAnswer: true },
      compress: false,
      schema: {
        tags: ['shop'],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: ProductDetailsResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) =>
      opts.cache.send(request, reply, await productAnswer(opts, request.params.id, request)),
  );
};
