/**
 * Database handle: PGlite (embedded, persisted under DATA_DIR/db, or in memory for tests) or PostgreSQL through
 * `pg` when a connection string is given. Both expose the same Drizzle API over the same schema.
 */
import { getTableColumns, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';
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
  /** The folder an embedded database keeps its files in (DATA_DIR/db); undefined in memory and on PostgreSQL. */
  dataDir?: string;
  /**
   * Applies the committed SQL migrations (apps/server/drizzle, or `folder`). On PostgreSQL they run on a connection
   * of their own without the request time-outs: an index built over a large existing catalog may take minutes.
   */
  migrate(folder?: string): Promise<void>;
  /**
   * Calls `listener` when a connection to PostgreSQL is lost (server restart, `pg_terminate_backend`, network): the
   * query in flight fails with 503 and the pool opens a new connection, but the loss itself should be logged.
   * PGlite has no connections to lose.
   */
  onConnectionError(listener: (err: Error) => void): void;
  /**
   * Runs `work` holding the start-up lock: a PostgreSQL advisory lock, so that instances starting together migrate
   * and seed one after the other (the others then find the work done). PGlite has one process: no lock needed.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The longest an instance waits for another's migrations and seed at start-up (ms). */
const STARTUP_LOCK_WAIT_MS = 3_600_000;

/** The advisory lock key held while migrating and seeding at start-up (any fixed 64-bit number). */
const STARTUP_LOCK_KEY = 7_461_001;

/** Finds the committed migrations from src/db (dev, tests) or dist (bundle). */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '..', '..', 'drizzle'), join(here, '..', 'drizzle'), join(here, 'drizzle')];
  const found = candidates.find((c) => existsSync(join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * Opens the database. `target` is a PostgreSQL URL, a folder for PGlite, `'memory'` for an in-memory PGlite, or
 * `{ pgliteSnapshot }` for an in-memory PGlite started from a data folder made by {@link pgliteSnapshot} (no initdb:
 * about 0.7 s instead of 4 s on 2 busy cores).
 */
export async function openDatabase(
  target:
    | {
        url: string;
        poolSize?: number;
        /** PostgreSQL's bound on one statement of a request (ms); default 15 s. */
        statementTimeoutMs?: number;
      }
    | { pgliteDir: string }
    | { pgliteSnapshot: Blob }
    | 'memory',
): Promise<Database> {
  if (typeof target === 'object' && 'url' in target) {
    const url = target.url;
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // A request waits at most this long for a connection, then fails with 503 instead of queueing forever.
      connectionTimeoutMillis: 5_000,
      // Bounds on one statement and on a transaction left idle, enforced by PostgreSQL itself.
      statement_timeout: target.statementTimeoutMs ?? 15_000,
      idle_in_transaction_session_timeout: 30_000,
      // And by the driver, for a server that stops answering altogether (frozen, network gone).
      query_timeout: 20_000,
    });
    // A client that loses its connection (server restart, `pg_terminate_backend`, network) emits 'error', idle in the
    // pool or checked out by a query; without a listener that error would kill the process. The query in flight
    // fails (503 to its request) and the pool opens a fresh connection for the next one.
    const listeners: Array<(err: Error) => void> = [];
    const lost = (err: Error) => {
      for (const listener of listeners) listener(err);
    };
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async (folder = migrationsFolder()) => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query('create extension if not exists pg_trgm');
          await migratePg(drizzlePg(client), { migrationsFolder: folder });
        } finally {
          await client.end();
        }
      },
      onConnectionError: (listener) => listeners.push(listener),
      withStartupLock: async (work) => {
        const client = await pool.connect();
        try {
          // Another instance may hold the lock for as long as its seed takes: wait without the statement time-out,
          // and with the driver's read time-out raised to an hour (0 would mean the pool's 20 s, not none).
          await client.query('set statement_timeout = 0');
          await client.query({
            text: 'select pg_advisory_lock($1)',
            values: [STARTUP_LOCK_KEY],
            query_timeout: STARTUP_LOCK_WAIT_MS,
          } as pg.QueryConfig);
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
          await client.query('reset statement_timeout').catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (typeof target === 'object' && 'pgliteDir' in target) {
    mkdirSync(dirname(target.pgliteDir), { recursive: true });
    dataDir = target.pgliteDir;
  }
  const loadDataDir =
    typeof target === 'object' && 'pgliteSnapshot' in target ? target.pgliteSnapshot : undefined;
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    dataDir,
    migrate: (folder = migrationsFolder()) => migrateInPglite(client, folder),
    onConnectionError: () => undefined,
    withStartupLock: (work) => work(),
    close: () => client.close(),
  };
}

async function migrateInPglite(client: PGlite, folder: string): Promise<void> {
  await client.exec('create extension if not exists pg_trgm');
  await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
}

/**
 * Migrates a fresh in-memory PGlite and returns its data folder as an uncompressed tarball (PGlite's
 * `dumpDataDir`, ~40 MB), to open with `openDatabase({ pgliteSnapshot })`: tests start their databases from it
 * instead of running initdb and every migration again.
 */
export async function pgliteSnapshot(): Promise<Blob> {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migrateInPglite(client, migrationsFolder());
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * Runs a raw SQL query and returns its rows typed as `T`. Both drivers (node-postgres and PGlite) answer `{rows}`;
 * use it for aggregates that the query builder cannot express.
 */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A query built once per database handle and then run with placeholders (Drizzle's prepared statement, named so that
 * PostgreSQL parses and plans it once per connection): Drizzle spends longer building a query's SQL than PostgreSQL
 * spends running a small one (a select of every column of `orders` costs 0.7 ms to build on this machine, issue 29).
 * For the hot paths. Given a transaction handle it is built for that transaction and runs in it.
 */
export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}

/**
 * A row of `table` from its JSON form (`row_to_json`, `json_agg` of whole rows: keys are column names), mapped as
 * Drizzle maps the driver's values (timestamps to Date, jsonb parsed). For child rows read with their parent in
 * one statement.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

/** SQLSTATEs after which the whole transaction may simply be run again: deadlock, serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);

/** The SQLSTATE of a driver error, also when Drizzle wrapped it (`cause`). */
export function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * Runs `work` (a transaction, or one statement that is a transaction of its own), running it again (up to `attempts`
 * times, with a short random pause) when PostgreSQL aborts it as a deadlock victim or a serialization failure.
 * `work` must be safe to repeat: an aborted transaction changed nothing.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !RETRYABLE.has(sqlState(err) ?? '')) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
}

/** Runs `work` in a transaction, again on a deadlock or serialization failure (retryOnConflict). */
export function transactionWithRetry<T>(db: Db, work: (tx: Db) => Promise<T>, attempts = 4): Promise<T> {
  return retryOnConflict(() => db.transaction((tx) => work(tx as unknown as Db)), attempts);
}

export const UNAVAILABLE_MESSAGE = 'The shop is briefly unavailable. Please try again in a few seconds.';

/**
 * True for errors that mean the database cannot be reached right now (connection refused or lost, the server
 * shutting down or starting, too many connections, no pool connection within the time-out, a statement or query
 * time-out; for PGlite, the embedded database closed or its WebAssembly aborted): the request gets 503 with
 * Retry-After, and the process lives on (DESIGN.md §4).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const state = sqlState(err);
  if (state && (state.startsWith('08') || ['57P01', '57P02', '57P03', '53300', '57014'].includes(state)))
    return true;
  for (
    let e = err as { message?: unknown; code?: unknown; cause?: unknown } | undefined, d = 0;
    e && d < 4;
    d++
  ) {
    const message = typeof e.message === 'string' ? e.message : '';
    if (
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connect ECONNREFUSED|Client has encountered a connection error|not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)|terminating connection|Cannot use a pool after calling end/i.test(
        message,
      ) ||
      // PGlite's own failures: the embedded database closed or closing (shutdown), or its WebAssembly aborted.
      /^PGlite (is closed|is closing|failed to initialize)|^Aborted\(|timeout while waiting for mutex/.test(
        message,
      ) ||
      (e as { name?: unknown }).name === 'RuntimeError' ||
      e.code === 'ECONNREFUSED' ||
      e.code === 'ECONNRESET'
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}
