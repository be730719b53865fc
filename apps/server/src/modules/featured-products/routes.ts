/**
 * Featured products (issue 28): `GET /api/shop/products/featured` (public, what Home shows) and the admin's picks,
 * `GET` and `PUT /api/admin/products/featured` (admin only: 401 visitor, 403 shopper).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FeaturedProductsInput, FeaturedProductsResponse, FeaturedProductsSaved } from '@emporium/contract';
import type { CatalogReads } from '../../lib/catalog-cache.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { featuredProductsAnswer } from './answers.ts';
import { pickedProductIds, productsInOrder, saveFeaturedProducts } from './service.ts';

/** Prefix /api/shop. */
export const featuredProductRoutes: FastifyPluginAsyncZod<CatalogReads> = async (app, opts) => {
  /**
   * `GET /products/featured` → 200 `{success: true, data: Product[]}`: the admin's picks in their order; when none
   * are picked, the first 12 products by price ascending, in stock first (Home before issue 28). From the catalog
   * cache, already compressed.
   */
  app.get(
    '/products/featured',
    {
      config: { access: 'public', cachedAnswer: true },
      compress: false,
      schema: { tags: ['shop'], response: { 200: FeaturedProductsResponse } },
    },
    async (request, reply) => opts.cache.send(request, reply, await featuredProductsAnswer(opts, request)),
  );
};

/** Prefix /api/admin. */
export const adminFeaturedProductRoutes: FastifyPluginAsyncZod<CatalogReads> = async (app, opts) => {
  const errors = errorResponses(400, 401, 403);

  /**
   * `GET /products/featured` → 200 `{success: true, data: Product[]}`: the picked products in Home's order, empty
   * when none are picked (Home then shows the 12 cheapest). 401 visitor; 403 shopper.
   */
  app.get(
    '/products/featured',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], response: { 200: FeaturedProductsResponse, ...errors } },
    },
    async () => ({
      success: true as const,
      data: await productsInOrder(opts.db, opts.images, await pickedProductIds(opts.db)),
    }),
  );

  /**
   * `PUT /products/featured` {productIds} (FeaturedProductsInput, at most 24, Home's order; `[]` picks none) →
   * 200 `{success: true, message, data: Product[]}` the picks as saved. 400 an id listed twice, ids of no product
   * (the message says how many) or more than 24: nothing changes. 401 visitor; 403 shopper.
   */
  app.put(
    '/products/featured',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        body: FeaturedProductsInput,
        response: { 200: FeaturedProductsSaved, ...errors },
      },
    },
    async (request) => {
      const data = await saveFeaturedProducts({ ...opts, catalog: opts.cache }, request.body.productIds);
      return {
        success: true as const,
        message: data.length === 0 ? 'Featured products cleared' : 'Featured products saved',
        data,
      };
    },
  );
};
