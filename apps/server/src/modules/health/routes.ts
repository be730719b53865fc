/**
 * `GET /api/health` (DESIGN.md §4; issue: an instance must say when it cannot serve): answers within about a second
 * with each dependency: the database (`select 1`), Redis when configured (`PING`), and whether the folders the app
 * really writes to are writable (`folders`: the embedded database's, the local images', the .eml outbox; a folder
 * made with its first file is made by the check when missing, issue 46 item 18; none: `disk` is `unused`).
 * 200 `ok` when all are up; 200 `degraded` when only Redis is down (the shop keeps selling on
 * per-instance limits, so a load balancer should keep the instance); 503 `down` when the database or a used disk
 * is, so a load balancer takes the instance out until they return. The answer is reused for a second
 * (HEALTH_CACHE_MS) and the route is under the global per-IP rate limit, so probing it cannot load the database.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { HealthResponse } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { checkWritable, type DataFolder } from '../../lib/data-dir.ts';

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

/** How long one run of the checks answers every health call (ms): probes in a burst cost one `select 1`. */
export const HEALTH_CACHE_MS = 1000;

type Checks = { database: boolean; redis: boolean | undefined; disk: boolean | undefined };

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; redis?: Redis; folders: DataFolder[] }> = async (
  app,
  opts,
) => {
  const run = async (): Promise<Checks> => {
    const [database, redis, disk] = await Promise.all([
      within(opts.db.execute(sql`select 1`)),
      opts.redis ? within(opts.redis.ping()) : Promise.resolve(undefined),
      opts.folders.length > 0
        ? within(Promise.all(opts.folders.map(checkWritable)))
        : Promise.resolve(undefined),
    ]);
    return { database, redis, disk };
  };
  // One run at a time, reused until HEALTH_CACHE_MS after it finished; calls while it runs wait for it.
  let cached: { checks: Promise<Checks>; until: number } | undefined;
  const checks = () => {
    if (!cached || Date.now() >= cached.until) {
      const entry = { checks: run(), until: Infinity };
      void entry.checks.then(() => (entry.until = Date.now() + HEALTH_CACHE_MS));
      cached = entry;
    }
    return cached.checks;
  };

  app.get(
    '/health',
    {
      // Public and under the global per-IP limit like every other route: each call costs a query.
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: HealthResponse, 503: HealthResponse } },
    },
    async (_request, reply) => {
      const { database, redis, disk } = await checks();
      const ready = database && disk !== false;
      reply.header('cache-control', 'no-store');
      return reply.code(ready ? 200 : 503).send({
        success: ready,
        status: !ready ? 'down' : redis === false ? 'degraded' : 'ok',
        database: database ? 'up' : 'down',
        redis: redis === undefined ? 'off' : redis ? 'up' : 'down',
        disk: disk === undefined ? 'unused' : disk ? 'writable' : 'read-only',
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
