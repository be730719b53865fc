/**
 * The database handle under faults (issue 24, findings 9 and 12): the embedded database closed answers exactly 503
 * with Retry-After; on PostgreSQL a lost connection reaches the listener that logs it, and migrations run without
 * the request statement time-out (an index over a large catalog may take longer than a request may).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { throwawayPostgres } from '../test/throwaway-postgres.ts';
import { isDatabaseUnavailable, migrationsFolder, openDatabase } from './client.ts';

describe('embedded database failures', () => {
  it('a closed database (PGlite, or a PostgreSQL pool shut down) answers 503 with Retry-After, not 500', async () => {
    const t = await buildTestApp();
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/shop/products/get' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      success: false,
      message: 'The shop is briefly unavailable. Please try again in a few seconds.',
    });
    await t.app.close().catch(() => undefined);
  });

  it.each(['PGlite is closed', 'PGlite is closing', 'Aborted(). Build with -sASSERTIONS for more info.'])(
    '"%s" counts as the database being unavailable',
    (message) => {
      expect(isDatabaseUnavailable(new Error(message))).toBe(true);
    },
  );

  it('a query error is not unavailability', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('PostgreSQL connections and migrations', () => {
  it('a terminated connection reaches the listener (so it is logged), and the next query succeeds', async () => {
    const target = await throwawayPostgres(serverUrl!);
    const database = await openDatabase({ url: target.url });
    try {
      const lost: Error[] = [];
      database.onConnectionError((err) => lost.push(err));
      await database.db.execute(sql`select 1`);
      const admin = new pg.Client({ connectionString: target.url });
      await admin.connect();
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await admin.end();
      for (let i = 0; i < 50 && lost.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(lost.length).toBeGreaterThan(0);
      expect(isDatabaseUnavailable(lost[0])).toBe(true);
      await expect(database.db.execute(sql`select 1`)).resolves.toBeDefined();
    } finally {
      await database.close();
      await target.drop();
    }
  });

  it('upgrades a catalog of 100,000 products from the first migration to the latest, with 50 ms request time-outs', async () => {
    const target = await throwawayPostgres(serverUrl!);
    const first = mkdtempSync(join(tmpdir(), 'emporium-migrations-'));
    const database = await openDatabase({ url: target.url, statementTimeoutMs: 50 });
    try {
      // A shop that has run since the first migration, with a large catalog, then upgrades to this version.
      cpSync(migrationsFolder(), first, { recursive: true });
      const journalPath = join(first, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
      const all = journal.entries.length;
      journal.entries = journal.entries.slice(0, 1);
      writeFileSync(journalPath, JSON.stringify(journal));
      await database.migrate(first);
      const admin = new pg.Client({ connectionString: target.url });
      await admin.connect();
      try {
        await admin.query(`insert into products (title, description, image_key, category, brand, price_cents, total_stock)
          select 'Product ' || i, 'A sturdy product, number ' || i || ', for every day', 'products/p-' || i || '.webp',
            (array['Electronics','Clothing','Books'])[1 + i % 3], (array['Sony','Nike','Apple'])[1 + i % 3],
            100 + i % 5000, i % 40 from generate_series(1, 100000) as i`);

        const started = Date.now();
        await database.migrate();
        console.log(`upgrade of 100,000 products through ${all - 1} migrations: ${Date.now() - started} ms`);
        // Checked on the test's own connection: the app's 50 ms bound is for requests, not for counting 100k rows.
        const applied = await admin.query('select count(*)::int as n from drizzle.__drizzle_migrations');
        expect(applied.rows[0].n).toBe(all);
        const found = await admin.query(
          "select count(*)::int as n from products where search_document @@ plainto_tsquery('english', 'sturdy')",
        );
        expect(found.rows[0].n).toBe(100_000);
      } finally {
        await admin.end();
      }
    } finally {
      await database.close();
      await target.drop();
      rmSync(first, { recursive: true, force: true });
    }
  });

  it('migrations run without the statement time-out that bounds requests', async () => {
    const target = await throwawayPostgres(serverUrl!);
    const folder = mkdtempSync(join(tmpdir(), 'emporium-migrations-'));
    const database = await openDatabase({ url: target.url, statementTimeoutMs: 200 });
    try {
      // The committed migrations plus one that takes longer than a request's statement may.
      cpSync(migrationsFolder(), folder, { recursive: true });
      const journalPath = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
      const last = journal.entries.at(-1);
      const tag = '9999_slow_upgrade';
      journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag });
      writeFileSync(journalPath, JSON.stringify(journal));
      writeFileSync(join(folder, `${tag}.sql`), 'select pg_sleep(0.5);');

      const slow = database.db.execute(sql`select pg_sleep(0.5)`);
      await expect(slow).rejects.toSatisfy(isDatabaseUnavailable);
      await database.migrate(folder);
      const applied = await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect((applied as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await database.close();
      await target.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
