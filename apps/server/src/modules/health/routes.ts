/**
 * `GET /api/health` (DESIGN.md §4; issue: an instance must say when it cannot serve): answers within about a second
 * with each dependency: the database (`select 1`), Redis when configured (`PING`), and whether the data folder is
 * writable (uploads, mail). 200 `ok` when all are up; 200 `degraded` when only Redis is down (the shop keeps selling
 * on per-instance limits, so a load balancer should keep the instance); 503 `down` when the database or the disk
 * is, so a load balancer takes the instance out until they return.
 */
import { access, constants } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { HealthResponse } from '@emporium/contract';
import type { Db } from '../../db/client.ts';

/** Time each check gets (ms). */
const CHECK_MS = 800;

function within<T>(work: Promise<T>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_MS);
  });
  return Promise.race([
    work.then(
      () => true,
      () => false,
    ),
    timeout,
  ]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; redis?: Redis; dataDir: string }> = async (
  app,
  opts,
) => {
  app.get(
    '/health',
    {
      config: { access: 'public', rateLimit: false },
      schema: { tags: ['health'], response: { 200: HealthResponse, 503: HealthResponse } },
    },
    async (_request, reply) => {
      const [database, redis, disk] = await Promise.all([
        within(opts.db.execute(sql`select 1`)),
        opts.redis ? within(opts.redis.ping()) : Promise.resolve(undefined),
        within(access(opts.dataDir, constants.W_OK)),
      ]);
      const ready = database && disk;
      reply.header('cache-control', 'no-store');
      return reply.code(ready ? 200 : 503).send({
        success: ready,
        status: !ready ? 'down' : redis === false ? 'degraded' : 'ok',
        database: database ? 'up' : 'down',
        redis: redis === undefined ? 'off' : redis ? 'up' : 'down',
        disk: disk ? 'writable' : 'read-only',
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
