/**
 * Feature image routes (spec §7 Common, prefix /api/common): `GET /feature/get` is public; `POST /feature/set` and
 * `DELETE /feature/delete/:id` are admin only (401 visitor, 403 shopper).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FeatureImage, FeatureListResponse, FeatureSetBody, IdParams } from '@emporium/contract';
import type { CatalogReads } from '../../lib/catalog-cache.ts';
import { imageKeyFrom } from '../uploads/image-processing.ts';
import { featureImagesAnswer } from './answers.ts';
import { addFeatureImage, deleteFeatureImage } from './service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const FeatureResponse = z.object({ success: z.literal(true), message: z.string(), data: FeatureImage });
const errors = errorResponses(400, 401, 403, 404);

export const featureRoutes: FastifyPluginAsyncZod<CatalogReads & { publicUrl: string }> = async (
  app,
  opts,
) => {
  /** `GET /feature/get` → 200 the hero images, oldest first (from the catalog cache, already compressed). */
  app.get(
    '/feature/get',
    {
      config: { access: 'public', cachedAnswer: true },
      compress: false,
      schema: { tags: ['common'], response: { 200: FeatureListResponse } },
    },
    async (request, reply) => opts.cache.send(request, reply, await featureImagesAnswer(opts)),
  );

  /** `POST /feature/set` {image} (an uploaded image's URL) → 201 the feature image. */
  app.post(
    '/feature/set',
    {
      config: { access: 'admin' },
      schema: { tags: ['common'], body: FeatureSetBody, response: { 201: FeatureResponse, ...errors } },
    },
    async (request, reply) => {
      const key = await imageKeyFrom(opts.images, request.body.image, opts.publicUrl);
      const data = await addFeatureImage({ ...opts, catalog: opts.cache }, key);
      return reply.code(201).send({ success: true as const, message: 'Feature image added', data });
    },
  );

  /** `DELETE /feature/delete/:id` → 200 the deleted feature image; 404 unknown. */
  app.delete(
    '/feature/delete/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['common'], params: IdParams, response: { 200: FeatureResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      message: 'Feature image deleted',
      data: await deleteFeatureImage({ ...opts, catalog: opts.cache }, request.params.id),
    }),
  );
};
