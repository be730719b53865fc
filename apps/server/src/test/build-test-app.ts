/**
 * `buildTestApp()`: the real application on a throwaway database. In-memory PGlite by default; with
 * TEST_DATABASE_URL set, a fresh database of random name on that PostgreSQL server, dropped when the app closes.
 * Both start from the suite's migrated copy when test/global-setup.ts made one.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Category, Brand } from '@emporium/contract';
import { buildApp, type AppDeps } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import { products, users } from '../db/schema.ts';
import { createPasswordHasher, type PasswordHasher } from '../modules/auth/password.ts';
import { forgetProductCounts } from '../modules/products/service.ts';
import { localImageStore, type LocalImageStore } from '../storage/image-store.ts';
import { throwawayPostgres } from './throwaway-postgres.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  /**
   * The app's images: always local disk under the test's DATA_DIR, even with S3_* in `env` (a test of the bucket
   * builds its instances with `createImageStore(config)`, see storage/s3-image-store.test.ts).
   */
  images: LocalImageStore;
  hasher: PasswordHasher;
  kind: 'pglite' | 'postgres';
}

let snapshotRead: Blob | undefined;

/**
 * How long a test lets a child process it waits for synchronously (spawnSync: the test's own time-out cannot fire
 * meanwhile) run before killing it as hung (ms): under vitest.config.ts's five-minute test time-out, far above what
 * a server or CLI start-up takes on a slow, busy machine.
 */
export const CHILD_PROCESS_HANG_MS = 240_000;

/** The suite's migrated PGlite data folder (test/global-setup.ts), read once per test file; undefined without one. */
function migratedPglite(): Blob | undefined {
  const file = inject('pgliteSnapshotFile');
  if (file && !snapshotRead) snapshotRead = new Blob([readFileSync(file)]);
  return snapshotRead;
}

/**
 * Writes the suite's migrated PGlite data folder (test/global-setup.ts) into `dir`, which must not hold a database
 * yet, so that a test of a process that opens `DATA_DIR/db` (the CLIs, `openRuntime`) skips initdb and every
 * migration (2 s of CPU instead of 10). Without a snapshot (a PostgreSQL run) it leaves `dir` alone, and the first
 * opening creates the database as a real first start does.
 */
export async function writeMigratedPglite(dir: string): Promise<void> {
  const snapshot = migratedPglite();
  if (!snapshot) return;
  const pglite = await PGlite.create({ dataDir: dir, loadDataDir: snapshot, extensions: { pg_trgm } });
  await pglite.close();
}

/**
 * Builds the app with test configuration (`env` overrides it, `deps` replaces the payment provider, mailer or the
 * queue of work after a reply); close it with `app.close()`.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'payments' | 'mailer' | 'redis' | 'afterReply'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'emporium-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://shop.test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    ARGON2_MEMORY_KIB: '1024',
    // Refusals go out at once in tests; hardening.test.ts tests the hold itself.
    REFUSAL_DELAY_MS: '0',
    WEB_DIST: join(dataDir, 'no-web-build'),
    // Tests ask for many answers from one address; catalog-cache.test.ts tests the budget of cold answers itself.
    CATALOG_COLD_PER_MINUTE: '0',
    ...env,
  });
  const serverUrl = process.env.TEST_DATABASE_URL;
  const pgdb = serverUrl ? await throwawayPostgres(serverUrl, inject('postgresTemplate')) : undefined;
  const snapshot = pgdb ? undefined : migratedPglite();
  const database = await openDatabase(
    pgdb ? { url: pgdb.url } : snapshot ? { pgliteSnapshot: snapshot } : 'memory',
  );
  await database.migrate();
  const images = localImageStore(dataDir, config.publicUrl);
  const app = await buildApp({ config, database, images, ...deps });
  app.addHook('onClose', async () => {
    // A test that closed the database itself (an outage) makes this second close throw: drop the database anyway.
    try {
      await database.close();
    } finally {
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    images,
    hasher: createPasswordHasher(1024),
    kind: database.kind,
  };
}

/** Inserts a product directly (prices in dollars); returns its id. */
export async function insertProduct(
  db: Db,
  p: Partial<{
    title: string;
    description: string;
    category: Category;
    brand: Brand;
    price: number;
    salePrice: number;
    totalStock: number;
    imageKey: string;
  }> = {},
): Promise<string> {
  const [row] = await db
    .insert(products)
    .values({
      title: p.title ?? 'Test product',
      description: p.description ?? 'A product for tests',
      category: p.category ?? 'Electronics',
      brand: p.brand ?? 'Sony',
      priceCents: Math.round((p.price ?? 10) * 100),
      salePriceCents: Math.round((p.salePrice ?? 0) * 100),
      totalStock: p.totalStock ?? 10,
      imageKey: p.imageKey ?? 'products/test-800.webp',
    })
    .returning({ id: products.id });
  // A write outside the admin API: drop the cached listing counts like the admin routes do.
  forgetProductCounts(db);
  return row!.id;
}

/** Registers (through the API) and logs in a shopper; returns the token and user id. */
export async function signUpAndLogIn(
  app: FastifyInstance,
  who: { email?: string; password?: string; userName?: string } = {},
): Promise<{ token: string; userId: string; email: string; password: string }> {
  const email = who.email ?? `user-${randomBytes(4).toString('hex')}@example.test`;
  const password = who.password ?? 'a good password';
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username: who.userName ?? 'Test User', email, password },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const body = login.json();
  return { token: body.token, userId: body.user.userId, email, password };
}

/** Makes an existing user an admin (tests only: there is no API for it). */
export async function promoteToAdmin(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, userId));
}
