/**
 * Issue 41, the 30-day lowest price (Directive 98/6/EC art. 6a), on a real database (PGlite; PostgreSQL with
 * TEST_DATABASE_URL): every price change is recorded in its own transaction, whichever path makes it; the prior price
 * is the lowest effective price of the 30 days before the reduction started (a raise just before a "reduction" does
 * not count; a deeper reduction keeps its start); the product answers (list, details, search, cart) carry it only while
 * a sale price shows; pruning keeps what is still needed. Time passes by moving a variant's rows back (`age`).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductDetails } from '@emporium/contract';
import { priceHistory, productVariants } from '../../db/schema.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { addToCart, as, type Session } from '../../test/shop-client.ts';
import { pruneOldPrices } from './service.ts';

const IMAGE = 'products/prior-price-800.webp';

let t: TestApp;
let admin: Session;
let shopper: Session;

beforeAll(async () => {
  // Answers are not kept, so that each read below sees the database as the step before left it.
  t = await buildTestApp({ CATALOG_CACHE_TTL_SECONDS: '0' });
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  shopper = await signUpAndLogIn(t.app);
  await t.images.put(IMAGE, Buffer.from('not decoded by the edit route'));
});
afterAll(async () => {
  await t.app.close();
});

async function details(id: string): Promise<ProductDetails> {
  const res = await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as ProductDetails;
}

/** The spec's edit form (`PUT /api/admin/products/edit/:id`) setting a product's price and sale price (dollars). */
async function setPrices(id: string, price: number, salePrice: number): Promise<void> {
  const p = await details(id);
  const res = await as(t.app, admin).put(`/api/admin/products/edit/${id}`, {
    ...p,
    image: IMAGE,
    price,
    salePrice,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function variantOf(productId: string): Promise<string> {
  const [v] = await t.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return v!.id;
}

/** `days` pass for this variant: its recorded history moves that far into the past. */
async function age(variantId: string, days: number): Promise<void> {
  await t.db.execute(sql`update price_history set valid_from = valid_from - make_interval(days => ${days}),
      reduction_started_at = reduction_started_at - make_interval(days => ${days})
    where variant_id = ${variantId}`);
}

async function history(variantId: string) {
  return t.db
    .select({
      price: priceHistory.priceCents,
      sale: priceHistory.salePriceCents,
      effective: priceHistory.effectiveCents,
      prior: priceHistory.priorPriceCents,
    })
    .from(priceHistory)
    .where(eq(priceHistory.variantId, variantId))
    .orderBy(priceHistory.validFrom, priceHistory.id);
}

describe('the price history', () => {
  it('records a new variant, each change of price or sale price, and nothing for a change of stock alone', async () => {
    const id = await insertProduct(t.db, { title: 'History kettle', price: 50 });
    const v = await variantOf(id);
    await setPrices(id, 50, 40);
    await t.db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, v));
    await setPrices(id, 55, 40);
    await setPrices(id, 55, 0);
    expect(await history(v)).toEqual([
      { price: 5000, sale: 0, effective: 5000, prior: null },
      { price: 5000, sale: 4000, effective: 4000, prior: 5000 },
      { price: 5500, sale: 4000, effective: 4000, prior: 5000 },
      { price: 5500, sale: 0, effective: 5500, prior: null },
    ]);
  });

  it('writes the row in the transaction of the change: a rolled-back change leaves none', async () => {
    const id = await insertProduct(t.db, { title: 'Rollback kettle', price: 30 });
    const v = await variantOf(id);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(productVariants).set({ salePriceCents: 2000 }).where(eq(productVariants.id, v));
        expect(await tx.select().from(priceHistory).where(eq(priceHistory.variantId, v))).toHaveLength(2);
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect(await history(v)).toEqual([{ price: 3000, sale: 0, effective: 3000, prior: null }]);
  });
});

describe('the prior price', () => {
  it('a price raised for a day and then "reduced" shows the price before the raise', async () => {
    const id = await insertProduct(t.db, { title: 'Raised lamp', price: 50 });
    const v = await variantOf(id);
    await age(v, 40);
    await setPrices(id, 70, 0);
    await age(v, 1);
    await setPrices(id, 70, 60);
    const p = await details(id);
    expect([p.price, p.salePrice, p.lowestPrice30Days]).toEqual([70, 60, 50]);
    expect(p.variants[0]!.lowestPrice30Days).toBe(50);
  });

  it('counts only prices in force during the 30 days before the reduction started', async () => {
    // 40 until 35 days ago, then 50: the 40 ended before the window.
    const outside = await insertProduct(t.db, { title: 'Window chair', price: 40 });
    const vo = await variantOf(outside);
    await age(vo, 45);
    await setPrices(outside, 50, 0);
    await age(vo, 35);
    await setPrices(outside, 50, 45);
    expect((await details(outside)).lowestPrice30Days).toBe(50);

    // 40 until 15 days ago, then 50: the 40 was in force within the window.
    const inside = await insertProduct(t.db, { title: 'Window stool', price: 40 });
    const vi = await variantOf(inside);
    await age(vi, 20);
    await setPrices(inside, 50, 0);
    await age(vi, 15);
    await setPrices(inside, 50, 45);
    expect((await details(inside)).lowestPrice30Days).toBe(40);

    // An earlier sale within the window is a price the shop charged: it counts.
    const resale = await insertProduct(t.db, { title: 'Window bench', price: 80 });
    const vr = await variantOf(resale);
    await age(vr, 60);
    await setPrices(resale, 80, 55);
    await age(vr, 10);
    await setPrices(resale, 80, 0);
    await age(vr, 5);
    await setPrices(resale, 80, 70);
    expect((await details(resale)).lowestPrice30Days).toBe(55);
  });

  it('a reduction made deeper keeps its start and its prior price', async () => {
    const id = await insertProduct(t.db, { title: 'Deeper desk', price: 100 });
    const v = await variantOf(id);
    await age(v, 50);
    await setPrices(id, 100, 80);
    await age(v, 20);
    await setPrices(id, 100, 60);
    // 80 was in force in the 30 days before now, but the reduction started at 80, 20 days ago.
    expect((await details(id)).lowestPrice30Days).toBe(100);
  });

  it('a product created on sale has the regular price as its prior price', async () => {
    const id = await insertProduct(t.db, { title: 'Launch lamp', price: 30, salePrice: 25 });
    expect((await details(id)).lowestPrice30Days).toBe(30);
  });

  it('is absent from products not on sale, and shown in the listing, search and cart while on sale', async () => {
    const plain = await insertProduct(t.db, { title: 'Plainzephyr mug', price: 12 });
    const sale = await insertProduct(t.db, { title: 'Salezephyr mug', price: 12 });
    const v = await variantOf(sale);
    await age(v, 31);
    await setPrices(sale, 15, 0);
    await age(v, 2);
    await setPrices(sale, 15, 11);

    const list = (
      await t.app.inject({ method: 'GET', url: '/api/shop/products/get?page=1&limit=100' })
    ).json().data as Product[];
    expect(list.find((p) => p._id === plain)).not.toHaveProperty('lowestPrice30Days');
    expect(list.find((p) => p._id === sale)).toMatchObject({ salePrice: 11, lowestPrice30Days: 12 });
    expect(await details(plain)).not.toHaveProperty('lowestPrice30Days');

    const found = (await t.app.inject({ method: 'GET', url: '/api/shop/search/mug' })).json()
      .data as Product[];
    expect(found.find((p) => p._id === sale)).toMatchObject({ lowestPrice30Days: 12 });
    expect(found.find((p) => p._id === plain)).not.toHaveProperty('lowestPrice30Days');

    await addToCart(t.app, shopper, plain, 1);
    const cart = await addToCart(t.app, shopper, sale, 1);
    expect(cart.items.find((i) => i.productId === sale)).toMatchObject({
      salePrice: 11,
      lowestPrice30Days: 12,
    });
    expect(cart.items.find((i) => i.productId === plain)).not.toHaveProperty('lowestPrice30Days');
  });

  it('per variant: each size on sale has its own, and the product shows the one of the price it shows', async () => {
    const id = await insertProduct(t.db, { title: 'Sized boot', price: 90 });
    const res = await as(t.app, admin).put(`/api/admin/products/variants/${id}`, {
      options: [{ name: 'Size', values: ['42', '43'] }],
      variants: [
        { sku: 'BOOT-42', options: { Size: '42' }, price: 90, salePrice: 0, stock: 5 },
        { sku: 'BOOT-43', options: { Size: '43' }, price: 95, salePrice: 0, stock: 5 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    let p = await details(id);
    const [v42, v43] = p.variants.map((x) => x._id);
    await age(v42!, 5);
    await age(v43!, 5);
    const sale = await as(t.app, admin).put(`/api/admin/products/variants/${id}`, {
      options: p.options,
      variants: [
        { _id: v42, sku: 'BOOT-42', options: { Size: '42' }, price: 90, salePrice: 70, stock: 5 },
        { _id: v43, sku: 'BOOT-43', options: { Size: '43' }, price: 95, salePrice: 80, stock: 5 },
      ],
    });
    expect(sale.statusCode, sale.body).toBe(200);
    p = await details(id);
    expect(p.variants.map((x) => [x.sku, x.salePrice, x.lowestPrice30Days])).toEqual([
      ['BOOT-42', 70, 90],
      ['BOOT-43', 80, 95],
    ]);
    expect([p.salePrice, p.lowestPrice30Days]).toEqual([70, 90]);
  });
});

describe('pruning', () => {
  it("deletes rows out of force for 90 days and keeps each variant's latest row, however old", async () => {
    const old = await insertProduct(t.db, { title: 'Old vase', price: 20 });
    const vo = await variantOf(old);
    await age(vo, 200);
    const changed = await insertProduct(t.db, { title: 'Changed vase', price: 20 });
    const vc = await variantOf(changed);
    await age(vc, 150);
    await setPrices(changed, 25, 0);
    await age(vc, 100);
    await setPrices(changed, 25, 22);
    await age(vc, 10);
    const before = (await history(vc)).length;
    expect(before).toBe(3);

    expect(await pruneOldPrices(t.db)).toBeGreaterThanOrEqual(1);
    // 20 went out of force 100 days ago: gone. 25 went out of force 10 days ago: kept, with the sale in force.
    expect(await history(vc)).toEqual([
      { price: 2500, sale: 0, effective: 2500, prior: null },
      { price: 2500, sale: 2200, effective: 2200, prior: 2500 },
    ]);
    expect(await history(vo)).toEqual([{ price: 2000, sale: 0, effective: 2000, prior: null }]);
    expect((await details(changed)).lowestPrice30Days).toBe(25);
    expect(await pruneOldPrices(t.db)).toBe(0);
  });
});
