import { z } from 'zod';

/**
 * `GET /api/health`: each dependency's state. 200 `ok` (all up) or `degraded` (Redis down: limits per instance);
 * 503 `down` when the database or the data folder (when used) is unavailable. Answers are reused for one second.
 */
export const HealthResponse = z.object({
  success: z.boolean(),
  status: z.enum(['ok', 'degraded', 'down']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'off']),
  /** `unused` when nothing is kept on disk (DATABASE_URL, S3_BUCKET and SMTP_URL all set): then it is not checked. */
  disk: z.enum(['writable', 'read-only', 'unused']),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
