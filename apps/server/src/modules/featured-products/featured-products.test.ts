/**
 * Featured products (issue 28) through the API on a real database: Home's list before and after the admin picks,
 * the picks' order, replacing and clearing them, refusals that change nothing, access, and the catalog cache.
 */
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS, type Product } from '@emporium/contract';
import { products } from '../../db/schema.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { as, type Session } from '../../test/shop-client.ts';
import { FALLBACK_FEATURED } from './service.ts';

let t: TestApp;
let admin: Session;
let shopper: Session;
/** 14 products: prices $1..$14 by index, the cheapest one out of stock. */
const ids: string[] = [];

const PATH_SHOP = '/api/shop/products/featured';
const PATH_ADMIN = '/api/admin/products/featured';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  shopper = await signUpAndLogIn(t.app);
  for (let i = 0; i < 14; i++) {
    ids.push(
      await insertProduct(t.db, { title: `Product ${i + 1}`, price: i + 1, totalStock: i === 0 ? 0 : 5 }),
    );
  }
});
afterAll(async () => {
  await t.app.close();
});
beforeEach(async () => {
  const res = await as(t.app, admin).put(PATH_ADMIN, { productIds: [] });
  expect(res.statusCode).toBe(200);
});

/** Home's featured products' ids (the public answer). */
async function homeIds(): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: PATH_SHOP });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Product[] }).data.map((p) => p._id);
}

/** The featured positions in the database, by product id. */
async function positions(): Promise<Record<string, number>> {
  const rows = await t.db
    .select({ id: products.id, position: products.featuredPosition })
    .from(products)
    .where(isNotNull(products.featuredPosition));
  return Object.fromEntries(rows.map((r) => [r.id, r.position!]));
}

describe('GET /api/shop/products/featured', () => {
  it('with nothing picked: the first 12 of the price-asc listing, in stock first (Home before issue 28)', async () => {
    const listing = await t.app.inject({ url: '/api/shop/products/get?sortBy=price-asc&page=1&limit=12' });
    const expected = (listing.json() as { data: Product[] }).data.map((p) => p._id);
    const featured = await homeIds();
    expect(featured).toHaveLength(FALLBACK_FEATURED);
    expect(featured).toEqual(expected);
    // The out-of-stock cheapest product is not among them: 13 in stock, the 12 cheapest of those are shown.
    expect(featured).toEqual(ids.slice(1, 13));
  });

  it('answers the full product shape, publicly, with an ETag', async () => {
    const res = await t.app.inject({ url: PATH_SHOP });
    const body = res.json() as { success: boolean; data: Product[] };
    expect(body.success).toBe(true);
    expect(body.data[0]).toMatchObject({
      _id: ids[1],
      title: 'Product 2',
      price: 2,
      salePrice: 0,
      totalStock: 5,
    });
    expect(body.data[0]!.image).toMatch(/^http:\/\/shop\.test\//);
    expect(res.headers.etag).toBeTruthy();
    const again = await t.app.inject({ url: PATH_SHOP, headers: { 'if-none-match': res.headers.etag! } });
    expect(again.statusCode).toBe(304);
  });
});

describe('PUT /api/admin/products/featured', () => {
  it("sets Home's list in the admin's order, out-of-stock and expensive ones included, and nothing else", async () => {
    const picks = [ids[13]!, ids[0]!, ids[5]!];
    const res = await as(t.app, admin).put(PATH_ADMIN, { productIds: picks });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; message: string; data: Product[] };
    expect(body.message).toBe('Featured products saved');
    expect(body.data.map((p) => p._id)).toEqual(picks);
    expect(await homeIds()).toEqual(picks);
    expect(await positions()).toEqual({ [ids[13]!]: 1, [ids[0]!]: 2, [ids[5]!]: 3 });
    const picked = await as(t.app, admin).get(PATH_ADMIN);
    expect((picked.json() as { data: Product[] }).data.map((p) => p._id)).toEqual(picks);
  });

  it('reorders, replaces (others un-featured, positions 1..n again) and clears', async () => {
    await as(t.app, admin).put(PATH_ADMIN, { productIds: [ids[2], ids[3], ids[4]] });
    await as(t.app, admin).put(PATH_ADMIN, { productIds: [ids[4], ids[2]] });
    expect(await homeIds()).toEqual([ids[4], ids[2]]);
    expect(await positions()).toEqual({ [ids[4]!]: 1, [ids[2]!]: 2 });

    const cleared = await as(t.app, admin).put(PATH_ADMIN, { productIds: [] });
    expect(cleared.json()).toMatchObject({ success: true, message: 'Featured products cleared', data: [] });
    expect(await positions()).toEqual({});
    expect(await homeIds()).toEqual(ids.slice(1, 13));
    expect((await as(t.app, admin).get(PATH_ADMIN)).json()).toEqual({ success: true, data: [] });
  });

  it('accepts ids in upper case (ids compare without case)', async () => {
    const res = await as(t.app, admin).put(PATH_ADMIN, { productIds: [ids[7]!.toUpperCase()] });
    expect(res.statusCode).toBe(200);
    expect(await homeIds()).toEqual([ids[7]]);
  });

  it('a deleted product leaves the list; the rest keep their order', async () => {
    const extra = await insertProduct(t.db, { title: 'Soon gone', price: 3 });
    await as(t.app, admin).put(PATH_ADMIN, { productIds: [ids[9], extra, ids[8]] });
    await as(t.app, admin).delete(`/api/admin/products/delete/${extra}`);
    expect(await homeIds()).toEqual([ids[9], ids[8]]);
  });

  const unknownCases: Array<[string, () => string[], string]> = [
    [
      'one id of no product',
      () => [ids[1]!, '00000000-0000-4000-8000-000000000000'],
      '1 product was not found',
    ],
    [
      'two ids, one not even a UUID',
      () => ['nope', ids[1]!, '00000000-0000-4000-8000-000000000001'],
      '2 products were not found',
    ],
  ];
  it.each(unknownCases)('400 for %s, naming how many, and nothing changes', async (_, productIds, words) => {
    await as(t.app, admin).put(PATH_ADMIN, { productIds: [ids[10], ids[11]] });
    const res = await as(t.app, admin).put(PATH_ADMIN, { productIds: productIds() });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toContain(words);
    expect(await homeIds()).toEqual([ids[10], ids[11]]);
    expect(await positions()).toEqual({ [ids[10]!]: 1, [ids[11]!]: 2 });
  });

  const badBodies: Array<[string, () => unknown, RegExp]> = [
    [
      'an id listed twice',
      () => ({ productIds: [ids[1], ids[2], ids[1]] }),
      /1 product was listed more than once/,
    ],
    [
      'the same id in two cases',
      () => ({ productIds: [ids[1], ids[1]!.toUpperCase()] }),
      /listed more than once/,
    ],
    [
      `more than ${LIMITS.featuredProducts.max} products`,
      () => ({ productIds: Array.from({ length: LIMITS.featuredProducts.max + 1 }, (_, i) => ids[i % 14]) }),
      /At most 24 products can be featured/,
    ],
    ['no productIds', () => ({}), /^Product list is required$/],
    ['an unknown field', () => ({ productIds: [], position: 1 }), /./],
    ['ids that are not strings', () => ({ productIds: [1, 2] }), /^Product list must be text$/],
  ];
  it.each(badBodies)('400 for %s, and nothing changes', async (_, body, message) => {
    await as(t.app, admin).put(PATH_ADMIN, { productIds: [ids[12]] });
    const res = await as(t.app, admin).put(PATH_ADMIN, body() as object);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toMatch(message);
    expect(await positions()).toEqual({ [ids[12]!]: 1 });
  });

  it('saves racing at once end as one of the lists, never a mix (the picks are replaced one save at a time)', async () => {
    const lists = [
      [ids[1]!, ids[2]!, ids[3]!],
      [ids[4]!, ids[5]!],
      [ids[3]!, ids[6]!, ids[1]!, ids[7]!],
      [ids[8]!],
    ];
    for (let round = 0; round < 10; round++) {
      const results = await Promise.allSettled(
        lists.map((list) => as(t.app, admin).put(PATH_ADMIN, { productIds: list })),
      );
      expect(results.every((r) => r.status === 'fulfilled' && r.value.statusCode === 200)).toBe(true);
      const home = await homeIds();
      expect(lists).toContainEqual(home);
      expect(Object.keys(await positions())).toHaveLength(home.length);
    }
  });

  it('is for admins only: 401 visitor, 403 shopper, on GET and PUT', async () => {
    const visitorGet = await t.app.inject({ method: 'GET', url: PATH_ADMIN });
    const visitorPut = await t.app.inject({ method: 'PUT', url: PATH_ADMIN, payload: { productIds: [] } });
    expect([visitorGet.statusCode, visitorPut.statusCode]).toEqual([401, 401]);
    const shopperGet = await as(t.app, shopper).get(PATH_ADMIN);
    const shopperPut = await as(t.app, shopper).put(PATH_ADMIN, { productIds: [ids[1]] });
    expect([shopperGet.statusCode, shopperPut.statusCode]).toEqual([403, 403]);
    expect(await positions()).toEqual({});
  });
});

describe('the cached answer', () => {
  it('is renewed by a save that changes the picks; the same list again or a refused one renews nothing', async () => {
    await as(t.app, admin).put(PATH_ADMIN, { productIds: [ids[6], ids[7]] });
    const first = await t.app.inject({ url: PATH_SHOP });
    const generation = () => t.app.inject({ url: PATH_SHOP }).then((r) => r.headers.etag);
    expect(await generation()).toBe(first.headers.etag);

    // The same list again, and a refused one: the cached answer is still served (same ETag, no renewal).
    expect((await as(t.app, admin).put(PATH_ADMIN, { productIds: [ids[6], ids[7]] })).statusCode).toBe(200);
    expect((await as(t.app, admin).put(PATH_ADMIN, { productIds: [ids[6], ids[6]] })).statusCode).toBe(400);
    expect(await generation()).toBe(first.headers.etag);

    // A direct write the cache is not told of stays unseen until a save renews the answer, which reads it afresh.
    await t.db.update(products).set({ totalStock: 1 }).where(eq(products.id, ids[6]!));
    expect(await generation()).toBe(first.headers.etag);
    await as(t.app, admin).put(PATH_ADMIN, { productIds: [ids[7], ids[6]] });
    const after = await t.app.inject({ url: PATH_SHOP });
    const data = (after.json() as { data: Product[] }).data;
    expect(data.map((p) => [p._id, p.totalStock])).toEqual([
      [ids[7], 5],
      [ids[6], 1],
    ]);
  });
});
