/** Feature image routes (spec §7 Common): `GET /api/common/feature/get` is public. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FeatureListResponse } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { listFeatureImages } from './service.ts';

export const featureRoutes: FastifyPluginAsyncZod<{ db: Db; images: ImageStore }> = async (app, opts) => {
  app.get(
    '/feature/get',
    { config: { access: 'public' }, schema: { tags: ['common'], response: { 200: FeatureListResponse } } },
    async () => ({ success: true as const, data: await listFeatureImages(opts.db, opts.images) }),
  );
};
