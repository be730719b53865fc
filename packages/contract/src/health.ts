import { z } from 'zod';

/**
 * `GET /api/health`: each dependency's state. 200 `ok` (all up) or `degraded` (Redis down: limits per instance);
 * 503 `down` when the database or the data folder is unavailable.
 */
export const HealthResponse = z.object({
  success: z.boolean(),
  status: z.enum(['ok', 'degraded', 'down']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'off']),
  disk: z.enum(['writable', 'read-only']),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
