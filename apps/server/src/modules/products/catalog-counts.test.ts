/**
 * `catalog_counts` (issue 29, migration 0020) stays equal to a count of the products by category, brand and facets
 * through every kind of catalog write, and the listing's totals and facet counts read from it equal counts over the
 * products themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { buildTestApp, insertProduct, type TestApp } from '../../test/build-test-app.ts';
import type { ProductListQuery } from '@emporium/contract';
import { createBus } from '../../lib/bus.ts';
import { createCatalogCache } from '../../lib/catalog-cache.ts';
import { forgetProductCounts, listProductIds } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});

async function summaryAndRecount() {
  const [summary, recount] = await Promise.all([
    selectRows(
      t.db,
      sql`select categories::text as categories, brand, option_facets::text as facets, products as n from catalog_counts order by 1, 2, 3`,
    ),
    selectRows(
      t.db,
      sql`select categories::text as categories, brand, option_facets::text as facets, count(*)::int as n from products
          group by 1, 2, 3 order by 1, 2, 3`,
    ),
  ]);
  return { summary, recount };
}

const facets = (size: string, colour: string) => [`size:${size}`, `colour:${colour}`, `v:${size}|${colour}`];

describe('catalog_counts', () => {
  it('equals a recount after inserts (one by one and in a batch), moves between groups, stock changes and deletes', async () => {
    const one = await insertProduct(t.db, { category: 'Men', brand: 'Nike' });
    await insertProduct(t.db, { category: 'Men', brand: 'Nike' });
    const batch = await t.db
      .insert(products)
      .values(
        [
          ['Shoes', 'Adidas', facets('42', 'black')],
          ['Shoes', 'Adidas', facets('42', 'black')],
          ['Shoes', 'Adidas', facets('43', 'red')],
          ['Women', 'Zara', facets('m', 'red')],
          ['Women', 'Nike', [...facets('m', 'red'), ...facets('l', 'black')]],
        ].map(([category, brand, optionFacets], i) => ({
          title: `Batch ${i}`,
          description: 'Generated',
          imageKey: 'products/x-800.webp',
          category: category as string,
          brand: brand as string,
          priceCents: 1000 + i,
          totalStock: 5,
          optionFacets: optionFacets as string[],
        })),
      )
      .returning({ id: products.id });
    let c = await summaryAndRecount();
    expect(c.summary).toEqual(c.recount);
    expect(c.summary).toHaveLength(5);

    // Moving products between groups (category, brand, facets), a no-op rewrite and a stock change.
    await t.db.update(products).set({ category: 'Kids' }).where(eq(products.id, one));
    await t.db
      .update(products)
      .set({ optionFacets: facets('44', 'black') })
      .where(eq(products.id, batch[2]!.id));
    await t.db
      .update(products)
      .set({ brand: sql`brand` })
      .where(eq(products.id, batch[3]!.id));
    await t.db.update(products).set({ totalStock: 0 }).where(eq(products.id, batch[3]!.id));
    c = await summaryAndRecount();
    expect(c.summary).toEqual(c.recount);

    // Issue 40: a product filed under more categories is its own group; a write naming only `category` keeps the others.
    const both = await insertProduct(t.db, { category: 'Men', brand: 'Nike' });
    await t.db
      .update(products)
      .set({ categories: ['Men', 'Clothing'] })
      .where(eq(products.id, both));
    await t.db.update(products).set({ category: 'Women' }).where(eq(products.id, both));
    const [moved] = await t.db
      .select({ category: products.category, categories: products.categories })
      .from(products)
      .where(eq(products.id, both));
    expect(moved).toEqual({ category: 'Women', categories: ['Women', 'Clothing'] });
    c = await summaryAndRecount();
    expect(c.summary).toEqual(c.recount);

    // Deleting the last product of a group removes its row.
    await t.db.delete(products).where(
      inArray(
        products.id,
        batch.slice(0, 2).map((b) => b.id),
      ),
    );
    c = await summaryAndRecount();
    expect(c.summary).toEqual(c.recount);
    expect(c.summary.some((r) => (r as { facets: string }).facets.includes('v:42|black'))).toBe(false);
  });

  it.each([
    {},
    { category: ['Women'] },
    { category: ['Men', 'Kids'], brand: ['Nike'] },
    { size: ['m'] },
    { size: ['m', 'l'], colour: ['black'] },
    { category: ['Shoes', 'Women'], colour: ['red', 'black'] },
    { category: ['Clothing'] },
    { category: ['Clothing', 'Women'], brand: ['Nike'] },
  ])(
    'listing %o: total and facet counts from catalog_counts equal those counted over the products',
    async (f) => {
      forgetProductCounts(t.db);
      const cache = createCatalogCache(createBus(), { ttlMs: 60_000 });
      const query = {
        category: [],
        brand: [],
        size: [],
        colour: [],
        ...f,
        sortBy: 'price-asc',
        page: 1,
        limit: 100,
      } as ProductListQuery;
      // In memory: every product read and counted (the small-catalog path); 0: the large-catalog path, from the table.
      const counted = await listProductIds({ db: t.db, cache }, query);
      const summed = await listProductIds({ db: t.db, cache }, query, 0);
      expect(summed).toEqual(counted);
      expect(summed.total).toBe(summed.ids.length);
      expect(summed.total).toBeGreaterThan(0);
    },
  );
});
