/** `GET /api/health`: 200 when the database answers `select 1`, 503 otherwise. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { HealthResponse } from '@emporium/contract';
import type { Db } from '../../db/client.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, opts) => {
  app.get(
    '/health',
    {
      config: { access: 'public', rateLimit: false },
      schema: { tags: ['health'], response: { 200: HealthResponse, 503: HealthResponse } },
    },
    async (_request, reply) => {
      const up = await opts.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      );
      reply.header('cache-control', 'no-store');
      return reply.code(up ? 200 : 503).send({
        success: up,
        status: up ? 'ok' : 'degraded',
        database: up ? 'up' : 'down',
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
