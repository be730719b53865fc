/**
 * Issue 24, finding 1: the catalog cache is renewed only by a committed change that alters what a catalog answer
 * shows, never by a refused, failed or no-op request. Each attack below is sent after the product's price was changed
 * behind the cache's back (a direct database write): while the cached answer keeps the old price, nothing renewed it.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { addAddress, addToCart, as, buyProducts, placeOrder, type Session } from '../../test/shop-client.ts';

let t: TestApp;
let admin: Session;
let shopper: Session;
let productId: string;
const details = () => `/api/shop/products/get/${productId}`;
const shownPrice = async () => (await t.app.inject({ method: 'GET', url: details() })).json().data.price;
/** Changes the price in the database only: the cached answer keeps showing the old one until a renewal. */
const changeBehindTheCache = async (price: number) =>
  t.db
    .update(products)
    .set({ priceCents: price * 100 })
    .where(eq(products.id, productId));

beforeAll(async () => {
  t = await buildTestApp({ CATALOG_CACHE_TTL_SECONDS: '600' });
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  shopper = await signUpAndLogIn(t.app);
  mkdirSync(join(t.images.root, 'products'), { recursive: true });
  writeFileSync(join(t.images.root, 'products', 'test-800.webp'), 'image');
  productId = await insertProduct(t.db, { title: 'Renewal Lamp', price: 20, totalStock: 50 });
});
afterAll(async () => {
  await t.app.close();
});

describe('refused, failed and no-op requests leave cached catalog answers cached', () => {
  const anonymous: Array<[string, () => Promise<{ statusCode: number }>, number]> = [
    [
      'payment-return with a junk token',
      () => t.app.inject({ method: 'GET', url: '/api/shop/order/payment-return?token=JUNK&PayerID=X' }),
      303,
    ],
    [
      'payment-return without a token',
      () => t.app.inject({ method: 'GET', url: '/api/shop/order/payment-return' }),
      400,
    ],
    [
      'sandbox Pay of an unknown payment',
      () => t.app.inject({ method: 'POST', url: `/sandbox/pay/${randomUUID()}/approve` }),
      404,
    ],
    [
      "a shopper's capture of an unknown order",
      () =>
        as(t.app, shopper).post('/api/shop/order/capture', {
          orderId: randomUUID(),
          paymentId: 'PAY-X',
          payerId: 'P',
        }),
      404,
    ],
    [
      'a review of a product the shopper never bought',
      () =>
        as(t.app, shopper).post(`/api/shop/reviews/add/${productId}`, {
          userId: shopper.userId,
          productId,
          rating: 5,
          comment: 'Never bought it',
        }),
      403,
    ],
    [
      'deleting a review that does not exist',
      () => as(t.app, shopper).delete(`/api/shop/reviews/delete/${randomUUID()}`),
      404,
    ],
    [
      'an admin edit refused by validation',
      () => as(t.app, admin).put(`/api/admin/products/edit/${productId}`, { title: '' }),
      400,
    ],
    [
      'deleting an unknown feature image',
      () => as(t.app, admin).delete(`/api/common/feature/delete/${randomUUID()}`),
      404,
    ],
  ];

  it.each(anonymous)('%s (answered %i) renews nothing', async (_name, attack, status) => {
    const before = await shownPrice();
    await changeBehindTheCache(before + 1);
    expect((await attack()).statusCode).toBe(status);
    expect(await shownPrice()).toBe(before);
  });

  it('an admin save of unchanged values is a no-op: same version, the cache stays', async () => {
    const loaded = (await t.app.inject({ method: 'GET', url: details() })).json().data;
    const [row] = await t.db.select().from(products).where(eq(products.id, productId));
    const edit = await as(t.app, admin).put(`/api/admin/products/edit/${productId}`, {
      ...loaded,
      price: row!.priceCents / 100,
      version: row!.version,
    });
    expect(edit.statusCode).toBe(200);
    const [after] = await t.db.select().from(products).where(eq(products.id, productId));
    expect(after!.version).toBe(row!.version);
    await changeBehindTheCache(loaded.price + 5);
    expect(await shownPrice()).toBe(loaded.price);
  });

  it('an admin status change that moves no stock renews nothing', async () => {
    const other = await insertProduct(t.db, { title: 'Side Table', price: 5, totalStock: 5 });
    const order = await buyProducts(t.app, shopper, [{ productId: other, quantity: 1 }]);
    const before = await shownPrice();
    await changeBehindTheCache(before + 1);
    const shipped = await as(t.app, admin).put(`/api/admin/orders/status/${order._id}`, {
      orderStatus: 'Shipped',
    });
    expect(shipped.statusCode).toBe(200);
    expect(await shownPrice()).toBe(before);
  });

  it('an unpaid order cancelled on the payment page renews nothing (it held no stock)', async () => {
    const buyer = await signUpAndLogIn(t.app);
    await addToCart(t.app, buyer, productId, 1);
    const address = await addAddress(t.app, buyer);
    const placed = await placeOrder(t.app, buyer, address._id);
    const before = await shownPrice();
    await changeBehindTheCache(before + 1);
    const cancel = await t.app.inject({ method: 'POST', url: `/sandbox/pay/${placed.paymentId}/cancel` });
    expect(cancel.statusCode).toBe(303);
    expect(await shownPrice()).toBe(before);
  });
});

describe('committed changes renew the cache at once', () => {
  it('a sale shows the new stock in the next answer', async () => {
    await t.app.inject({ method: 'GET', url: details() });
    const [row] = await t.db.select().from(products).where(eq(products.id, productId));
    await buyProducts(t.app, shopper, [{ productId, quantity: 2 }]);
    const shown = (await t.app.inject({ method: 'GET', url: details() })).json().data;
    expect(shown.totalStock).toBe(row!.totalStock - 2);
  });

  it('an admin cancel that gives stock back shows it in the next answer', async () => {
    const order = await buyProducts(t.app, shopper, [{ productId, quantity: 3 }]);
    const before = (await t.app.inject({ method: 'GET', url: details() })).json().data.totalStock;
    const cancelled = await as(t.app, admin).put(`/api/admin/orders/status/${order._id}`, {
      orderStatus: 'Cancelled',
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: details() })).json().data.totalStock).toBe(before + 3);
  });

  it('a new feature image is in the next answer', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/common/feature/get' })).json().data.length;
    const added = await as(t.app, admin).post('/api/common/feature/set', {
      image: 'http://shop.test/uploads/products/test-800.webp',
    });
    expect(added.statusCode).toBe(201);
    const after = (await t.app.inject({ method: 'GET', url: '/api/common/feature/get' })).json().data.length;
    expect(after).toBe(before + 1);
  });
});
