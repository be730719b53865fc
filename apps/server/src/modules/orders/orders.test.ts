import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../db/schema.ts';
import { createSandboxProvider } from '../../payments/sandbox.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { buildTestApp, insertProduct, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import {
  addAddress,
  addToCart,
  approveSandbox,
  as,
  buyProducts,
  capture,
  placeOrder,
  type Session,
} from '../../test/shop-client.ts';
import { ABANDONED_MESSAGE, cancelAbandonedOrders } from './service.ts';

/** The real sandbox provider, counting captures that moved money (status completed on a new capture). */
function countingSandbox(publicUrl: string) {
  const inner = createSandboxProvider(publicUrl);
  const captureIds = new Set<string>();
  const provider: PaymentProvider = {
    name: 'sandbox',
    createPayment: (input, ctx) => inner.createPayment(input, ctx),
    async capturePayment(input, ctx) {
      const result = await inner.capturePayment(input, ctx);
      if (result.status === 'completed') captureIds.add(result.captureId);
      return result;
    },
  };
  return { provider, captureIds };
}

let t: TestApp;
let counter: ReturnType<typeof countingSandbox>;

beforeAll(async () => {
  counter = countingSandbox('http://shop.test');
  t = await buildTestApp({}, { payments: counter.provider });
});
afterAll(async () => {
  await t.app.close();
});

const stockOf = async (id: string) =>
  (await t.db.select({ s: products.totalStock }).from(products).where(eq(products.id, id)))[0]!.s;
const cartOf = async (s: Session) =>
  (await as(t.app, s).get(`/api/shop/cart/get/${s.userId}`)).json().data.items as Array<{
    productId: string;
    quantity: number;
  }>;

describe('order creation', () => {
  it('builds lines and total from the server, ignoring prices, totals and statuses in the body', async () => {
    const s = await signUpAndLogIn(t.app);
    const a = await insertProduct(t.db, { title: 'Lamp', price: 40, salePrice: 30 });
    const b = await insertProduct(t.db, { title: 'Bulb', price: 2.5 });
    await addToCart(t.app, s, a, 2);
    await addToCart(t.app, s, b, 3);
    const address = await addAddress(t.app, s);
    const res = await as(t.app, s).post('/api/shop/order/create', {
      userId: s.userId,
      cartItems: [{ productId: a, title: 'Lamp', price: 0.01, quantity: 2 }],
      address: { addressId: address._id, city: 'Elsewhere' },
      orderStatus: 'Delivered',
      paymentStatus: 'completed',
      totalPrice: 0.01,
    });
    expect(res.statusCode).toBe(201);
    const { orderId, approvalURL } = res.json();
    expect(approvalURL).toMatch(/^http:\/\/shop\.test\/sandbox\/pay\/[0-9a-f-]{36}$/);
    const details = (await as(t.app, s).get(`/api/shop/order/details/${orderId}`)).json().data;
    expect(details).toMatchObject({
      totalPrice: 67.5,
      orderStatus: 'Pending',
      paymentStatus: 'pending',
      paymentMethod: 'paypal',
      address: { addressId: address._id, city: 'Springfield' },
    });
    expect(details.cartItems.map((i: { title: string; price: number }) => [i.title, i.price])).toEqual([
      ['Bulb', 2.5],
      ['Lamp', 30],
    ]);
  });

  it('refuses an empty cart, a missing or foreign address, and another userId', async () => {
    const s = await signUpAndLogIn(t.app);
    const other = await signUpAndLogIn(t.app);
    const theirs = await addAddress(t.app, other);
    const mine = await addAddress(t.app, s);
    const post = (body: object) => as(t.app, s).post('/api/shop/order/create', body);
    expect((await post({ address: { addressId: mine._id } })).json()).toEqual({
      success: false,
      message: 'Your cart is empty',
    });
    await addToCart(t.app, s, await insertProduct(t.db), 1);
    expect((await post({})).statusCode).toBe(400);
    const foreign = await post({ address: { addressId: theirs._id } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Please select an address');
    expect((await post({ userId: other.userId, address: { addressId: mine._id } })).statusCode).toBe(403);
    expect(await t.db.select().from(orders).where(eq(orders.userId, s.userId))).toEqual([]);
  });

  it('re-checks stock (409)', async () => {
    const s = await signUpAndLogIn(t.app);
    const p = await insertProduct(t.db, { title: 'Vase', totalStock: 2 });
    await addToCart(t.app, s, p, 2);
    await t.db.update(products).set({ totalStock: 1 }).where(eq(products.id, p));
    const res = await as(t.app, s).post('/api/shop/order/create', {
      address: { addressId: (await addAddress(t.app, s))._id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Vase: only 1 left in stock');
  });
});

describe('capture', () => {
  it('takes stock, clears the cart, mails a confirmation, and answers a repeat with the stored result', async () => {
    const s = await signUpAndLogIn(t.app);
    const p = await insertProduct(t.db, { title: 'Kettle', price: 25, totalStock: 4 });
    await addToCart(t.app, s, p, 3);
    const placed = await placeOrder(t.app, s, (await addAddress(t.app, s))._id);
    const payerId = await approveSandbox(t.app, placed.paymentId);
    const before = counter.captureIds.size;
    const first = await capture(t.app, s, { ...placed, payerId });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      message: 'Payment captured successfully',
      data: { orderStatus: 'Processing', paymentStatus: 'completed', totalPrice: 75, payerId },
    });
    const again = await capture(t.app, s, { ...placed, payerId });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Payment captured successfully');
    expect(counter.captureIds.size).toBe(before + 1);
    expect(await stockOf(p)).toBe(1);
    expect(await cartOf(s)).toEqual([]);
    const outbox = join(t.config.dataDir, 'outbox');
    // .eml bodies are quoted-printable: undo soft line breaks and =XX escapes before reading them.
    const mails = readdirSync(outbox).map((f) =>
      readFileSync(join(outbox, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
    const mail = mails.find((m) => m.includes(`#${placed.orderId.slice(-6)}`));
    expect(mail).toContain('3 x Kettle @ $25.00 = $75.00');
    expect(mail).toContain('Total: $75.00');
    expect(mail).toContain('1 Market Street');
  });

  it("answers 404 for another shopper's order and 400 for a payment id that is not the order's", async () => {
    const s = await signUpAndLogIn(t.app);
    const thief = await signUpAndLogIn(t.app);
    await addToCart(t.app, s, await insertProduct(t.db), 1);
    const placed = await placeOrder(t.app, s, (await addAddress(t.app, s))._id);
    const payerId = await approveSandbox(t.app, placed.paymentId);
    expect((await capture(t.app, thief, { ...placed, payerId })).statusCode).toBe(404);
    expect((await as(t.app, thief).get(`/api/shop/order/details/${placed.orderId}`)).statusCode).toBe(404);
    expect((await as(t.app, thief).get(`/api/shop/order/list/${s.userId}`)).statusCode).toBe(403);
    const wrong = await capture(t.app, s, { ...placed, paymentId: 'PAY-123', payerId });
    expect(wrong.statusCode).toBe(400);
    expect((await capture(t.app, s, { ...placed, payerId })).statusCode).toBe(200);
  });

  it('does not capture an unapproved payment: the order is cancelled, stock and cart kept', async () => {
    const s = await signUpAndLogIn(t.app);
    const p = await insertProduct(t.db, { totalStock: 2 });
    await addToCart(t.app, s, p, 1);
    const placed = await placeOrder(t.app, s, (await addAddress(t.app, s))._id);
    const res = await capture(t.app, s, { ...placed, payerId: 'NOBODY' });
    expect(res.statusCode).toBe(402);
    expect(await stockOf(p)).toBe(2);
    expect(await cartOf(s)).toHaveLength(1);
    const order = (await as(t.app, s).get(`/api/shop/order/details/${placed.orderId}`)).json().data;
    expect(order).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'cancelled' });
  });

  it('sandbox Cancel cancels the order and leaves the cart intact', async () => {
    const s = await signUpAndLogIn(t.app);
    await addToCart(t.app, s, await insertProduct(t.db), 2);
    const placed = await placeOrder(t.app, s, (await addAddress(t.app, s))._id);
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/pay/${placed.paymentId}` });
    expect(page.body).toContain('Demo payment');
    expect(page.body).toContain('Pay $20.00');
    const res = await t.app.inject({ method: 'POST', url: `/sandbox/pay/${placed.paymentId}/cancel` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://shop.test/shop/checkout');
    expect(await cartOf(s)).toHaveLength(1);
    const order = (await as(t.app, s).get(`/api/shop/order/details/${placed.orderId}`)).json().data;
    expect(order.paymentStatus).toBe('cancelled');
  });

  it('lists the shopper’s orders newest first', async () => {
    const s = await signUpAndLogIn(t.app);
    const p = await insertProduct(t.db, { totalStock: 10 });
    const first = await buyProducts(t.app, s, [{ productId: p, quantity: 1 }]);
    const second = await buyProducts(t.app, s, [{ productId: p, quantity: 2 }]);
    const list = (await as(t.app, s).get(`/api/shop/order/list/${s.userId}`)).json().data;
    expect(list.map((o: { _id: string }) => o._id)).toEqual([second._id, first._id]);
  });

  it('the abandoned-order job cancels old pending orders, and their capture answers that', async () => {
    const s = await signUpAndLogIn(t.app);
    await addToCart(t.app, s, await insertProduct(t.db), 1);
    const placed = await placeOrder(t.app, s, (await addAddress(t.app, s))._id);
    const payerId = await approveSandbox(t.app, placed.paymentId);
    expect(await cancelAbandonedOrders(t.db, 60 * 60_000, new Date(Date.now() + 59 * 60_000))).toBe(0);
    expect(
      await cancelAbandonedOrders(t.db, 60 * 60_000, new Date(Date.now() + 61 * 60_000)),
    ).toBeGreaterThan(0);
    const res = await capture(t.app, s, { ...placed, payerId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ABANDONED_MESSAGE);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('races (PostgreSQL)', () => {
  it('two captures at the same moment charge once and both answer success', async () => {
    const s = await signUpAndLogIn(t.app);
    const p = await insertProduct(t.db, { totalStock: 5 });
    await addToCart(t.app, s, p, 1);
    const placed = await placeOrder(t.app, s, (await addAddress(t.app, s))._id);
    const payerId = await approveSandbox(t.app, placed.paymentId);
    const before = counter.captureIds.size;
    const results = await Promise.all([
      capture(t.app, s, { ...placed, payerId }),
      capture(t.app, s, { ...placed, payerId }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(counter.captureIds.size).toBe(before + 1);
    expect(await stockOf(p)).toBe(4);
  });

  it('50 shoppers racing for the last 5 units: 5 paid orders, stock 0, the rest told and keep their carts', async () => {
    const p = await insertProduct(t.db, { title: 'Last Five', totalStock: 5 });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => signUpAndLogIn(t.app)));
    const placed = await Promise.all(
      shoppers.map(async (s) => {
        await addToCart(t.app, s, p, 1);
        const order = await placeOrder(t.app, s, (await addAddress(t.app, s))._id);
        return { s, order, payerId: await approveSandbox(t.app, order.paymentId) };
      }),
    );
    const results = await Promise.allSettled(
      placed.map(({ s, order, payerId }) => capture(t.app, s, { ...order, payerId })),
    );
    const answers = results.map((r) => (r.status === 'fulfilled' ? r.value : undefined));
    const paid = answers.filter((r) => r?.statusCode === 200);
    const refused = answers.filter((r) => r?.statusCode === 409);
    expect(paid).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const r of refused) expect(r!.json().message).toBe('Last Five is out of stock');
    expect(await stockOf(p)).toBe(0);
    const losers = placed.filter((_, i) => answers[i]?.statusCode === 409);
    for (const { s } of losers.slice(0, 10))
      expect(await cartOf(s)).toMatchObject([{ productId: p, quantity: 1 }]);
  });
});
