/**
 * What the server and the command-line tools share at start-up: the configuration, the migrated database, the
 * image store and the password hasher.
 */
import { join } from 'node:path';
import { loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { createPasswordHasher, type PasswordHasher } from './modules/auth/password.ts';
import { localImageStore, type LocalImageStore } from './storage/image-store.ts';

export interface Runtime {
  config: Config;
  database: Database;
  images: LocalImageStore;
  hasher: PasswordHasher;
}

/** Loads the configuration, opens the database (PostgreSQL or PGlite) and applies the migrations. */
export async function openRuntime(env: NodeJS.ProcessEnv = process.env): Promise<Runtime> {
  const config = loadConfig(env);
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: join(config.dataDir, 'db') },
  );
  await database.withStartupLock(() => database.migrate());
  return {
    config,
    database,
    images: localImageStore(config.dataDir, config.publicUrl),
    hasher: createPasswordHasher(config.argon2MemoryKib),
  };
}
