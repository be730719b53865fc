/**
 * Issue 41, the price history under real concurrency (PostgreSQL only, TEST_DATABASE_URL: PGlite runs one statement at
 * a time). A change that waited for another's row lock is recorded after it, whichever transaction began first, so
 * the variant's latest row is always the prices in force and a variant on sale always shows its prior price; and
 * many admins saving sale prices at once leave rows in the order they applied, each reduction with one start and one
 * prior price.
 */
import { eq, sql } from 'drizzle-orm';
import type { ProductDetails } from '@emporium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceHistory, productVariants } from '../../db/schema.ts';
import { buildTestApp, insertProduct, type TestApp } from '../../test/build-test-app.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('price history races (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ CATALOG_CACHE_TTL_SECONDS: '0' });
  });
  afterAll(async () => {
    await t.app.close();
  });

  async function variantOf(productId: string): Promise<string> {
    const [v] = await t.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, productId));
    return v!.id;
  }

  /** The variant's prior price as the details answer shows it (these writes set the variant, not the product row). */
  async function shownPrior(productId: string): Promise<number | undefined> {
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${productId}` });
    return (res.json().data as ProductDetails).variants[0]!.lowestPrice30Days;
  }

  it('a sale saved by a transaction that began before another took it off is the one in force, with its prior price', async () => {
    const id = await insertProduct(t.db, { title: 'Race lamp', price: 50, salePrice: 45 });
    const v = await variantOf(id);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The first transaction begins (its now() is fixed), waits while the second takes the sale off and commits,
    // then puts the variant on sale at $40.
    const first = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await released;
      await tx.update(productVariants).set({ salePriceCents: 4000 }).where(eq(productVariants.id, v));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await t.db.update(productVariants).set({ salePriceCents: 0 }).where(eq(productVariants.id, v));
    release();
    await first;

    const rows = await t.db
      .select({ sale: priceHistory.salePriceCents, prior: priceHistory.priorPriceCents })
      .from(priceHistory)
      .where(eq(priceHistory.variantId, v))
      .orderBy(priceHistory.validFrom, priceHistory.id);
    expect(rows).toEqual([
      { sale: 4500, prior: 5000 },
      { sale: 0, prior: null },
      { sale: 4000, prior: 4500 },
    ]);
    expect(await shownPrior(id)).toBe(45);
  });

  it('20 saves at once: rows in the order the changes applied, the last one in force, each reduction with one start', async () => {
    const id = await insertProduct(t.db, { title: 'Race chair', price: 100 });
    const v = await variantOf(id);
    const sales = Array.from({ length: 20 }, (_, i) => [0, 90, 80, 70][i % 4]!);
    await Promise.all(
      sales.map((cents, i) =>
        t.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_sleep(${(i % 5) / 100})`);
          await tx
            .update(productVariants)
            .set({ salePriceCents: cents * 100 })
            .where(eq(productVariants.id, v));
        }),
      ),
    );
    const rows = await t.db
      .select({
        sale: priceHistory.salePriceCents,
        effective: priceHistory.effectiveCents,
        started: priceHistory.reductionStartedAt,
        from: priceHistory.validFrom,
        prior: priceHistory.priorPriceCents,
      })
      .from(priceHistory)
      .where(eq(priceHistory.variantId, v))
      .orderBy(priceHistory.validFrom, priceHistory.id);
    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.id, v));
    // The latest row is the variant's prices now.
    expect(rows.at(-1)!.sale).toBe(variant!.salePriceCents);
    // Each row on sale either starts a reduction, with the lowest price recorded before it, or continues the one
    // before it.
    for (let i = 1; i < rows.length; i++) {
      const row = rows[i]!;
      const before = rows[i - 1]!;
      expect(row.from.getTime()).toBeGreaterThanOrEqual(before.from.getTime());
      if (row.sale === 0) continue;
      if (before.sale > 0) expect([row.started, row.prior]).toEqual([before.started, before.prior]);
      else {
        expect(row.started).toEqual(row.from);
        expect(row.prior).toBe(Math.min(...rows.slice(0, i).map((r) => r.effective)));
      }
    }
  });
});
