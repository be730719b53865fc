import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertProduct, signUpAndLogIn, type TestApp } from '../test/build-test-app.ts';
import { addAddress, addToCart, as } from '../test/shop-client.ts';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { orders } from '../db/schema.ts';
import { reconcilePayments } from '../modules/orders/reconcile.ts';
import { reserveStock } from '../modules/orders/stock.ts';
import { createPaypalProvider, paypalAmount } from './paypal.ts';
import { startPaypalFake, type PaypalFake } from './paypal-fake.ts';
import { NO_CATALOG_CACHE } from '../lib/catalog-cache.ts';

let fake: PaypalFake;
let t: TestApp;

beforeAll(async () => {
  fake = await startPaypalFake();
  t = await buildTestApp({
    PAYMENT_PROVIDER: 'paypal',
    PAYPAL_CLIENT_ID: 'id',
    PAYPAL_CLIENT_SECRET: 'secret',
    PAYPAL_API_BASE: fake.url,
  });
});
afterEach(() => {
  fake.mode = 'approve';
  fake.failNext = 0;
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
});

/** A shopper with one line (2 × $12.34) placed as a PayPal order; returns what the return page would capture. */
async function placed(stock = 5) {
  const s = await signUpAndLogIn(t.app);
  const productId = await insertProduct(t.db, { price: 12.34, totalStock: stock });
  await addToCart(t.app, s, productId, 2);
  const res = await as(t.app, s).post('/api/shop/order/create', {
    address: { addressId: (await addAddress(t.app, s))._id },
  });
  expect(res.statusCode).toBe(201);
  const { orderId, approvalURL } = res.json();
  const token = new URL(approvalURL).searchParams.get('token')!;
  expect(await t.db.select().from(orders).where(eq(orders.id, orderId))).toHaveLength(1);
  const capture = () =>
    as(t.app, s).post('/api/shop/order/capture', { orderId, paymentId: token, payerId: 'PAYER1' });
  const stock_ = async () =>
    (await as(t.app, s).get(`/api/shop/products/get/${productId}`)).json().data.totalStock as number;
  return { s, orderId, token, capture, stock: stock_ };
}

describe('PayPal provider against a local fake of Orders v2', () => {
  it('formats amounts exactly', () => {
    expect([paypalAmount(1234), paypalAmount(5), paypalAmount(100)]).toEqual(['12.34', '0.05', '1.00']);
  });

  it('creates with the amount and captures once; a repeat answers the stored result', async () => {
    const o = await placed();
    const first = await o.capture();
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ paymentStatus: 'completed', totalPrice: 24.68 });
    expect((await o.capture()).statusCode).toBe(200);
    expect(fake.captures).toBe(1);
    expect(await o.stock()).toBe(3);
    const ids = fake.requestIds.filter((r) => r.path !== '/v1/oauth2/token');
    expect(ids.find((r) => r.path === '/v2/checkout/orders')?.id).toBe(`${o.orderId}-create`);
    expect(ids.find((r) => r.path.endsWith('/capture'))?.id).toBe(`${o.orderId}-capture`);
  });

  it('a declined payment cancels the order and gives the stock back', async () => {
    const o = await placed();
    fake.mode = 'decline';
    const res = await o.capture();
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('The payment was declined. Please try another payment method.');
    expect(await o.stock()).toBe(5);
  });

  it('a capture whose amount differs from the total is not fulfilled', async () => {
    const o = await placed();
    fake.mode = 'wrong-amount';
    const res = await o.capture();
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/does not match the order total/);
    expect(fake.refunds.at(-1)).toMatch(/^CAP/);
    const order = (await as(t.app, o.s).get(`/api/shop/order/details/${o.orderId}`)).json().data;
    expect(order).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'cancelled' });
    expect(await o.stock()).toBe(5);
  });

  it('answers 502 when PayPal stays down, keeping the order pending with its stock reserved; a retry pays once', async () => {
    const o = await placed();
    fake.failNext = 3;
    const res = await o.capture();
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Payment processing failed. Please try again.');
    // The capture may have gone through before the answer was lost: the stock stays held until PayPal says.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(row).toMatchObject({ paymentStatus: 'pending', stockHeld: true });
    expect(row!.capturingSince).not.toBeNull();
    expect(await o.stock()).toBe(3);
    expect((await o.capture()).statusCode).toBe(200);
    expect(await o.stock()).toBe(3);
  });

  it('a slow PayPal does not stall other shoppers: the database answers while a capture waits for PayPal', async () => {
    const o = await placed();
    fake.delayMs = 1500;
    try {
      const capture = o.capture().then(() => 'capture');
      await new Promise((r) => setTimeout(r, 200));
      // A cart read is never cached: it needs the database, which on PGlite is one connection that a transaction held
      // across the PayPal call would block.
      const other = await signUpAndLogIn(t.app);
      const cart = as(t.app, other)
        .get(`/api/shop/cart/get/${other.userId}`)
        .then((res) => (res.statusCode === 200 ? 'cart' : `cart ${res.statusCode}`));
      expect(await Promise.race([capture, cart])).toBe('cart');
      expect(await capture).toBe('capture');
    } finally {
      fake.delayMs = 0;
    }
  });

  it('the return from PayPal (token, PayerID) captures on the server and sends the browser to the shop', async () => {
    const o = await placed();
    const before = fake.captures;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/payment-return?token=${o.token}&PayerID=PAYER1`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `http://shop.test/shop/paypal-return?paymentId=${o.token}&PayerID=PAYER1`,
    );
    expect(fake.captures).toBe(before + 1);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(row).toMatchObject({ paymentStatus: 'completed', orderStatus: 'Processing' });
    const late = await o.capture();
    expect(late.statusCode).toBe(200);
    expect(fake.captures).toBe(before + 1);
    expect(await o.stock()).toBe(3);
  });

  it('reconciliation: approved and never returned → captured; captured but unrecorded → paid; voided → cancelled', async () => {
    const refundsBefore = fake.refunds.length;
    const approved = await placed();
    fake.setStatus(approved.token, 'APPROVED');
    const crashed = await placed();
    // PayPal captured, the shop crashed before recording: stock reserved, order capturing, nothing stored.
    expect(await reserveStock(t.db, crashed.orderId)).toHaveProperty('move');
    await fetch(`${fake.url}/v2/checkout/orders/${crashed.token}/capture`, {
      method: 'POST',
      headers: { authorization: 'Bearer fake-token' },
    });
    const voided = await placed();
    fake.setStatus(voided.token, 'VOIDED');
    const untouched = await placed();

    const deps = {
      db: t.db,
      images: t.images,
      payments: createPaypalProvider({ clientId: 'id', clientSecret: 'secret', apiBase: fake.url }),
      mailer: { send: async () => 'not sent' },
      publicUrl: 'http://shop.test',
      log: pino({ level: 'silent' }),
      storefrontUrl: 'http://shop.test',
      catalog: NO_CATALOG_CACHE,
    };
    await reconcilePayments(deps, { pendingTtlMs: 3_600_000, graceMs: 0 });
    const status = async (id: string) =>
      (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!.paymentStatus;
    expect(await status(approved.orderId)).toBe('completed');
    expect(await status(crashed.orderId)).toBe('completed');
    expect(await status(voided.orderId)).toBe('cancelled');
    expect(await status(untouched.orderId)).toBe('pending');
    expect([
      await approved.stock(),
      await crashed.stock(),
      await voided.stock(),
      await untouched.stock(),
    ]).toEqual([3, 3, 5, 5]);
    expect(fake.refunds).toHaveLength(refundsBefore);
  });

  it('retries a 5xx with the same PayPal-Request-Id', async () => {
    const o = await placed();
    fake.failNext = 1;
    const before = fake.requestIds.length;
    expect((await o.capture()).statusCode).toBe(200);
    const calls = fake.requestIds.slice(before).filter((r) => r.path.endsWith('/capture'));
    expect(calls).toHaveLength(2);
    expect(calls[0]!.id).toBe(`${o.orderId}-capture`);
    expect(calls[1]!.id).toBe(calls[0]!.id);
  });
});
