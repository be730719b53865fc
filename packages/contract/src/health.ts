import { z } from 'zod';

/** `GET /api/health`: 200 when the database answers, 503 otherwise. */
export const HealthResponse = z.object({
  success: z.boolean(),
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
