/**
 * What the server and the command-line tools share at start-up: the configuration, the migrated database, the
 * image store and the password hasher.
 */
import { join } from 'node:path';
import { loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { prepareDataDir } from './lib/data-dir.ts';
import { createPasswordHasher, type PasswordHasher } from './modules/auth/password.ts';
import { createImageStore, type ImageStore } from './storage/index.ts';

export interface Runtime {
  config: Config;
  database: Database;
  /** Local disk or the S3-compatible bucket, from the configuration. */
  images: ImageStore;
  hasher: PasswordHasher;
}

/** Loads the configuration, opens the database (PostgreSQL or PGlite) and applies the migrations. */
export async function openRuntime(env: NodeJS.ProcessEnv = process.env): Promise<Runtime> {
  const config = loadConfig(env);
  prepareDataDir(config);
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: join(config.dataDir, 'db') },
  );
  await database.withStartupLock(() => database.migrate());
  return {
    config,
    database,
    images: createImageStore(config),
    hasher: createPasswordHasher(config.argon2MemoryKib),
  };
}
