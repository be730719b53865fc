/**
 * The listing filtered and paged in memory from the catalog's order (small catalogs, issue 24 finding 6) gives
 * exactly the ids and totals the database query gives, for every sort, filter set and page, ties and sold-out
 * products included.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS, CATEGORIES, SORT_IDS, type ProductListQuery } from '@emporium/contract';
import { createBus } from '../../lib/bus.ts';
import { createCatalogCache } from '../../lib/catalog-cache.ts';
import { products } from '../../db/schema.ts';
import { buildTestApp, insertProduct, type TestApp } from '../../test/build-test-app.ts';
import { selectRows } from '../../db/client.ts';
import { effectivePriceCents, listProductIds } from './service.ts';

let t: TestApp;
/** Listing facets as the variants service stores them. */
const facets = (size: string, colour: string) => [`size:${size}`, `colour:${colour}`, `v:${size}|${colour}`];

beforeAll(async () => {
  t = await buildTestApp();
  for (let i = 0; i < 40; i++) {
    const id = await insertProduct(t.db, {
      // Repeated titles and prices make ties that only the id breaks; every fifth product is sold out.
      title: ['Lamp', 'lamp', 'Árbol', 'Zebra Mug', 'apple stand'][i % 5]!,
      category: CATEGORIES[i % 3]!,
      brand: BRANDS[i % 4]!,
      price: 10 + (i % 7),
      salePrice: i % 6 === 0 ? 5 : 0,
      totalStock: i % 5 === 0 ? 0 : 3,
    });
    // Size 42 is rare and in a few categories and brands, black common, red in between; some products have none.
    const optionFacets = [
      ...(i % 8 === 0 ? facets('42', 'red') : []),
      ...(i % 4 !== 3 ? facets('m', 'black') : []),
      ...(i % 3 === 1 ? facets('l', 'red') : []),
    ];
    await t.db.update(products).set({ optionFacets }).where(eq(products.id, id));
  }
});
afterAll(async () => {
  await t.app.close();
});

describe('listing order in memory', () => {
  const filterSets: Array<
    Pick<ProductListQuery, 'category' | 'brand'> & Partial<Pick<ProductListQuery, 'size' | 'colour'>>
  > = [
    { category: [], brand: [] },
    { category: [CATEGORIES[0]!], brand: [] },
    { category: [], brand: [BRANDS[1]!, BRANDS[2]!] },
    { category: [CATEGORIES[1]!, CATEGORIES[2]!], brand: [BRANDS[3]!] },
    // Categories and brands together: one index range per pair (listingScopes).
    { category: [CATEGORIES[0]!, CATEGORIES[1]!], brand: [BRANDS[0]!, BRANDS[1]!, BRANDS[2]!] },
    { category: [CATEGORIES[2]!], brand: [BRANDS[1]!, BRANDS[3]!] },
    { category: [CATEGORIES[5]!], brand: [] },
    // Size and colour: rare ones are read per category and brand offering them, common ones along the sort's index.
    { category: [], brand: [], size: ['42'] },
    { category: [], brand: [], colour: ['black'] },
    { category: [], brand: [], size: ['m', '42'], colour: ['red'] },
    { category: [CATEGORIES[0]!], brand: [], size: ['42'] },
    { category: [CATEGORIES[0]!, CATEGORIES[1]!], brand: [BRANDS[0]!, BRANDS[2]!], colour: ['red'] },
  ];
  it.each(SORT_IDS)('%s: every filter set and page matches the database query', async (sortBy) => {
    const cache = createCatalogCache(createBus(), { ttlMs: 60_000 });
    for (const filters of filterSets) {
      for (const [page, limit] of [
        [1, 1000],
        [1, 7],
        [3, 7],
        [9, 7],
      ] as const) {
        const query = { size: [], colour: [], ...filters, sortBy, page, limit } as ProductListQuery;
        const inMemory = await listProductIds({ db: t.db, cache }, query);
        const fromQuery = await listProductIds({ db: t.db, cache }, query, 0);
        expect(inMemory).toEqual(fromQuery);
      }
    }
  });
});

describe('deep pages by keyset', () => {
  const filterSets: Array<
    Pick<ProductListQuery, 'category' | 'brand'> & Partial<Pick<ProductListQuery, 'size' | 'colour'>>
  > = [
    { category: [], brand: [] },
    { category: [CATEGORIES[0]!], brand: [] },
    { category: [CATEGORIES[1]!, CATEGORIES[2]!], brand: [BRANDS[3]!] },
    { category: [CATEGORIES[0]!, CATEGORIES[1]!], brand: [BRANDS[0]!, BRANDS[1]!, BRANDS[2]!] },
    { category: [], brand: [], colour: ['black'] },
    { category: [], brand: [], size: ['l', '42'] },
  ];
  it.each(SORT_IDS)(
    '%s: a page sought from an anchor is the OFFSET page, in any order of asking',
    async (sortBy) => {
      const cache = createCatalogCache(createBus(), { ttlMs: 60_000 });
      for (const filters of filterSets) {
        // Far pages first, then near ones and back: anchors found by one walk serve the pages before it.
        for (const page of [6, 2, 5, 3, 4, 1, 7, 2]) {
          const query = { size: [], colour: [], ...filters, sortBy, page, limit: 3 } as ProductListQuery;
          const offsetPage = await listProductIds({ db: t.db, cache }, query, 0, Number.POSITIVE_INFINITY);
          const sought = await listProductIds({ db: t.db, cache }, query, 0, 4);
          expect(sought).toEqual(offsetPage);
        }
      }
    },
  );
});

describe('price indexes (migration 0026)', () => {
  it('every index over the effective price includes its columns', async () => {
    const indexes = await selectRows<{ name: string; definition: string }>(
      t.db,
      sql`select indexname as name, indexdef as definition from pg_indexes
          where tablename = 'products' and indexdef like '%sale_price_cents%' order by indexname`,
    );
    expect(indexes.length).toBe(10);
    for (const { name, definition } of indexes) {
      expect(definition, name).toMatch(/INCLUDE \(price_cents, sale_price_cents\)$/);
    }
  });

  it('a walk in price order reads the index alone, not the table', async () => {
    await t.db.execute(sql`vacuum analyze products`);
    const plan = await t.db.transaction(async (tx) => {
      // Forty rows would be read whole and sorted; the question is whether the index can answer on its own.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return selectRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select ${products.id}, ${products.soldOut}, ${effectivePriceCents} from ${products}
            order by ${products.soldOut}, ${effectivePriceCents}, ${products.id} limit 30`,
      );
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(
      'Index Only Scan using products_stock_price_idx',
    );
  });
});
