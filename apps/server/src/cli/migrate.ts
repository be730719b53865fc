/**
 * `npm run migrate`: applies the committed migrations to DATABASE_URL (or the embedded database under DATA_DIR) and
 * exits, for deployments that migrate as a separate step before starting instances. Runs under the same start-up
 * lock as the server, so it is safe beside instances that are starting.
 */
import { openRuntime } from '../runtime.ts';

const started = Date.now();
const { database } = await openRuntime();
await database.close();
console.log(`Migrations applied (${database.kind}) in ${Date.now() - started} ms`);
