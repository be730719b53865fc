/** `GET /api/admin/dashboard` → 200 DashboardResponse (admin only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardResponse, ErrorResponse } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { dashboardFigures } from './service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db; images: ImageStore }> = async (
  app,
  { db, images },
) => {
  app.get(
    '/dashboard',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        response: { 200: DashboardResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async () => ({ success: true as const, data: await dashboardFigures(db, images) }),
  );
};
