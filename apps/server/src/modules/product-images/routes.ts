/**
 * The admin's product photo gallery (issue 28, prefix /api/admin): admin only (401 visitor, 403 shopper), like the
 * other admin product routes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminProductImagesResponse, IdParams, ProductImagesInput } from '@emporium/contract';
import { errorResponses } from '../../lib/route-schemas.ts';
import { productGallery, replaceProductGallery, type ProductImageDeps } from './service.ts';

export const productImageRoutes: FastifyPluginAsyncZod<ProductImageDeps> = async (app, deps) => {
  /**
   * `GET /products/images/:id`.
   * - 200 `{success: true, data: [{image, key, alt}]}`: the gallery in order (`image` an absolute URL, `key` the stored
   *   key); the first photo is the product's `image`.
   * - 404 unknown product; 401 visitor; 403 shopper.
   */
  app.get(
    '/products/images/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        response: { 200: AdminProductImagesResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await productGallery(deps, request.params.id) }),
  );

  /**
   * `PUT /products/images/:id` (ProductImagesInput: 1 to 8 photos `{image: URL or key of an upload to this shop,
   * alt}` in order).
   * - 200 `{success: true, message, data: [{image, key, alt}]}`: the gallery replaced in one transaction; the first
   *   photo became the product's `image` (its version bumped).
   * - 400 no photo, more than 8, or a photo that is not an upload to this shop (nothing changed); 404 unknown
   *   product; 401 visitor; 403 shopper; 503 the image store cannot answer.
   */
  app.put(
    '/products/images/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: ProductImagesInput,
        response: { 200: AdminProductImagesResponse, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Photos saved',
      data: await replaceProductGallery(deps, request.params.id, request.body),
    }),
  );
};
