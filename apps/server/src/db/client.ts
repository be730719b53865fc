/**
 * Database handle: PGlite (embedded, persisted under DATA_DIR/db, or in memory for tests) or PostgreSQL through
 * `pg` when a connection string is given. Both expose the same Drizzle API over the same schema.
 */
import type { SQL } from 'drizzle-orm';
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { schema } from './schema.ts';

/** The Drizzle handle every service takes (a database or a transaction). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations (apps/server/drizzle). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Finds the committed migrations from src/db (dev, tests) or dist (bundle). */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '..', '..', 'drizzle'), join(here, '..', 'drizzle'), join(here, 'drizzle')];
  const found = candidates.find((c) => existsSync(join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * Opens the database. `target` is a PostgreSQL URL, a folder for PGlite, or `memory://` for an in-memory PGlite.
 */
export async function openDatabase(
  target: { url: string } | { pgliteDir: string } | 'memory',
): Promise<Database> {
  if (typeof target === 'object' && 'url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client that loses its connection (server restart, database dropped) is discarded by the pool; without
    // a listener its error would crash the process. The next query opens a fresh connection.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await pool.query('create extension if not exists pg_trgm');
        await migratePg(drizzlePg(pool), { migrationsFolder: migrationsFolder() });
      },
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (target !== 'memory') {
    mkdirSync(dirname(target.pgliteDir), { recursive: true });
    dataDir = target.pgliteDir;
  }
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await client.exec('create extension if not exists pg_trgm');
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
    },
    close: () => client.close(),
  };
}

/**
 * Runs a raw SQL query and returns its rows typed as `T`. Both drivers (node-postgres and PGlite) answer `{rows}`;
 * use it for aggregates that the query builder cannot express.
 */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
