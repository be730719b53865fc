/**
 * Migration 0013 (issue 26 / DESIGN.md §4): a shop that already has orders upgrades, and its orders are numbered
 * 1001, 1002, … in the order they were placed (`order_date`, whatever order they were inserted in); the next order
 * continues from the last number. On PostgreSQL (TEST_DATABASE_URL) and on PGlite.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { throwawayPostgres } from '../test/throwaway-postgres.ts';
import { migrationsFolder, openDatabase, selectRows, type Database } from './client.ts';

/** A copy of the migrations folder whose journal stops after migration 0012 (the one before the numbers). */
function migrationsUpTo0012(): { folder: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'emporium-migrations-'));
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const upTo = journal.entries.findIndex((e) => e.tag.startsWith('0012_'));
  expect(upTo).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, upTo + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Three orders inserted out of date order (the newest first), as a shop before 0013 would hold them. */
const ORDER_DATES = ['2026-03-03T10:00:00Z', '2026-01-01T10:00:00Z', '2026-02-02T10:00:00Z'];

async function upgradeNumbersOrdersByDate(database: Database): Promise<void> {
  const before = migrationsUpTo0012();
  try {
    await database.migrate(before.folder);
  } finally {
    before.remove();
  }
  const { db } = database;
  const [user] = await selectRows<{ id: string }>(
    db,
    sql`insert into users (user_name, email, password_hash) values ('Old Shopper', 'old@example.test', 'x')
        returning id`,
  );
  for (const date of ORDER_DATES) {
    await db.execute(sql`insert into orders (user_id, payment_provider, total_cents, address, city, state, pincode,
        phone, notes, order_date)
      values (${user!.id}, 'sandbox', 1000, '1 Old Road', 'Springfield', 'IL', '62701', '555', '', ${date})`);
  }

  await database.migrate();

  const numbered = await selectRows<{ number: string; order_date: Date | string }>(
    db,
    sql`select number, order_date from orders order by number`,
  );
  expect(numbered.map((r) => [Number(r.number), new Date(r.order_date).toISOString()])).toEqual([
    [1001, '2026-01-01T10:00:00.000Z'],
    [1002, '2026-02-02T10:00:00.000Z'],
    [1003, '2026-03-03T10:00:00.000Z'],
  ]);
  const [next] = await selectRows<{ number: string }>(
    db,
    sql`insert into orders (user_id, payment_provider, total_cents, address, city, state, pincode, phone, notes)
        values (${user!.id}, 'sandbox', 1000, '1 Old Road', 'Springfield', 'IL', '62701', '555', '')
        returning number`,
  );
  expect(Number(next!.number)).toBe(1004);
}

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('migration 0013 on PostgreSQL', () => {
  it('numbers existing orders 1001..1003 by date, and the next order gets 1004', async () => {
    const target = await throwawayPostgres(serverUrl!);
    const database = await openDatabase({ url: target.url });
    try {
      await upgradeNumbersOrdersByDate(database);
    } finally {
      await database.close();
      await target.drop();
    }
  });
});

describe('migration 0013 on PGlite', () => {
  it('numbers existing orders 1001..1003 by date, and the next order gets 1004', async () => {
    const database = await openDatabase('memory');
    try {
      await upgradeNumbersOrdersByDate(database);
    } finally {
      await database.close();
    }
  });
});
