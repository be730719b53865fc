/** Admin routes for a product's options and variants (issue 28; prefix /api/admin): admin only (401/403). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminProductDetailsResponse,
  IdParams,
  LowStockResponse,
  ProductDetails,
  ProductVariantsInput,
  SkuPrefixResponse,
} from '@emporium/contract';
import { errorResponses } from '../../lib/route-schemas.ts';
import {
  freeSkuPrefix,
  lowStockVariants,
  productDetails,
  saveVariants,
  type VariantDeps,
} from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

export const adminVariantRoutes: FastifyPluginAsyncZod<VariantDeps> = async (app, deps) => {
  /** `GET /products/variants/:id` → 200 `{success, message, data: ProductDetails}` (read fresh, not cached); 404. */
  app.get(
    '/products/variants/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        response: { 200: AdminProductDetailsResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Product fetched',
      data: ProductDetails.parse(await productDetails(deps, request.params.id)),
    }),
  );

  /**
   * `PUT /products/variants/:id` ProductVariantsInput → 200 the product with its new options and variants.
   * 400 a bad grid (the message names the row); 404 unknown product; 409 a stale `version` or a SKU already used.
   */
  app.put(
    '/products/variants/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: ProductVariantsInput,
        response: { 200: AdminProductDetailsResponse, ...errors },
      },
    },
    async (request) => {
      await saveVariants(deps, request.params.id, request.body);
      return {
        success: true as const,
        message: 'Variants saved',
        data: ProductDetails.parse(await productDetails(deps, request.params.id)),
      };
    },
  );

  /**
   * `GET /products/variants/:id/sku-prefix` → 200 `{success, data: {skuPrefix}}` (issue 40): the prefix of the SKUs
   * suggested for the product's new variants, one no other product's SKU starts with (`freeSkuPrefix`); 404 unknown.
   */
  app.get(
    '/products/variants/:id/sku-prefix',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        response: { 200: SkuPrefixResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { skuPrefix: await freeSkuPrefix(deps.db, request.params.id) },
    }),
  );

  /** `GET /products/low-stock` → 200 LowStockResponse: variants with 0 to LOW_STOCK_MAX units, fewest first. */
  app.get(
    '/products/low-stock',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], response: { 200: LowStockResponse, ...errors } },
    },
    async () => ({ success: true as const, data: await lowStockVariants(deps) }),
  );
};
