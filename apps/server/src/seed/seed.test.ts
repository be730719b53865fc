import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { count } from 'drizzle-orm';
import { BRANDS, CATEGORIES } from '@emporium/contract';
import { products } from '../db/schema.ts';
import { buildTestApp, insertProduct, type TestApp } from '../test/build-test-app.ts';
import { productSvg, renderSquare } from './art.ts';
import { demoProducts, fillCatalog } from './seed.ts';

describe('demo catalog', () => {
  const rows = demoProducts();

  it('has at least 150 products covering every category and brand', () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(new Set(rows.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(rows.map((p) => p.brand))).toEqual(new Set(BRANDS));
  });

  it('has some products on sale, always below the price, and a few sold out', () => {
    const onSale = rows.filter((p) => p.salePriceCents > 0);
    expect(onSale.length).toBeGreaterThan(rows.length / 5);
    expect(onSale.every((p) => p.salePriceCents < p.priceCents)).toBe(true);
    const soldOut = rows.filter((p) => p.totalStock === 0).length;
    expect(soldOut).toBeGreaterThan(2);
    expect(soldOut).toBeLessThan(rows.length / 4);
    expect(new Set(rows.map((p) => p.title)).size).toBe(rows.length);
  });

  it('renders product art to square WebP images', async () => {
    const [[w, data] = [0, Buffer.alloc(0)]] = await renderSquare(productSvg(rows[0]!), [400]);
    const meta = await sharp(data).metadata();
    expect([w, meta.format, meta.width, meta.height]).toEqual([400, 'webp', 400, 400]);
  });
});

describe('fillCatalog', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('grows the catalog to the target with valid rows, and is a no-op once there', async () => {
    await insertProduct(t.db, { title: 'Base one', price: 50, salePrice: 0 });
    await insertProduct(t.db, { title: 'Base two', price: 12.5, salePrice: 10 });
    expect(await fillCatalog(t.db, 2500)).toBe(2498);
    const [{ n } = { n: 0 }] = await t.db.select({ n: count() }).from(products);
    expect(Number(n)).toBe(2500);
    expect(await fillCatalog(t.db, 2500)).toBe(0);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shop/products/get?limit=100&sortBy=price-desc',
    });
    expect(res.json().pagination.total).toBe(2500);
  });
});
