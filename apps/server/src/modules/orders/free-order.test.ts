/**
 * Issue 46, item 11, written as the failure: a 100 % discount code was accepted and quoted at $0.00, then the order
 * was refused ("This order would cost nothing"). An order that costs nothing is now paid at once by no provider (as
 * Shopify does): stock taken, the code's use counted, the confirmation queued, and the spec's client, which always
 * follows approvalURL and then calls capture, lands on the shop's return page and finds it paid.
 */
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  discountCodes,
  mailOutbox,
  orderItems,
  orders,
  products,
  refunds,
  sandboxPayments,
} from '../../db/schema.ts';
import { NO_CATALOG_CACHE } from '../../lib/catalog-cache.ts';
import { buildTestApp, insertProduct, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { addAddress, addToCart, as, capture, type Session } from '../../test/shop-client.ts';
import { FREE_PROVIDER } from './capture.ts';
import { reconcilePayments } from './reconcile.ts';

let t: TestApp;
let s: Session;
let addressId: string;

beforeAll(async () => {
  t = await buildTestApp();
  s = await signUpAndLogIn(t.app);
  addressId = (await addAddress(t.app, s))._id;
  await t.db.insert(discountCodes).values({ code: 'ALLFREE', kind: 'percent', value: 100 });
});
afterAll(async () => {
  await t.app.close();
});

const stockOf = async (id: string) =>
  (await t.db.select({ s: products.totalStock }).from(products).where(eq(products.id, id)))[0]!.s;
const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** Puts `quantity` of a new product in the cart and places the order with the 100 % code. */
async function placeFree(quantity = 2) {
  const productId = await insertProduct(t.db, { price: 12.5, totalStock: 10 });
  await addToCart(t.app, s, productId, quantity);
  const quote = (
    await as(t.app, s).post('/api/shop/checkout/quote', { addressId, discountCode: 'ALLFREE' })
  ).json().data;
  expect(quote).toMatchObject({ total: 0, discount: 12.5 * quantity, discountCode: { applied: true } });
  const res = await as(t.app, s).post('/api/shop/order/create', {
    userId: s.userId,
    address: { addressId },
    orderStatus: 'pending',
    paymentMethod: 'paypal',
    paymentStatus: 'pending',
    discountCode: 'ALLFREE',
  });
  return { res, productId };
}

describe('an order that costs nothing', () => {
  it('is placed and paid at once without a provider; the spec’s return and capture find it paid', async () => {
    const uses = (await t.db.select().from(discountCodes).where(eq(discountCodes.code, 'ALLFREE')))[0]!.uses;
    const { res, productId } = await placeFree(2);
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, approvalURL } = res.json();
    const url = new URL(approvalURL);
    expect(url.pathname).toBe('/shop/paypal-return');
    expect(url.searchParams.get('paymentId')).toBe(`FREE-${orderId}`);

    const row = await rowOf(orderId);
    expect(row).toMatchObject({
      totalCents: 0,
      orderStatus: 'Processing',
      paymentStatus: 'completed',
      paymentProvider: FREE_PROVIDER,
      paymentMethod: 'paypal',
      discountCode: 'ALLFREE',
    });
    expect(row.paidAt).toBeInstanceOf(Date);
    expect(await stockOf(productId)).toBe(8);
    expect((await t.db.select().from(discountCodes).where(eq(discountCodes.code, 'ALLFREE')))[0]!.uses).toBe(
      uses + 1,
    );
    expect(await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, orderId))).toEqual([]);
    const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
    expect(mail.map((m) => m.kind)).toEqual(['order-confirmation']);

    // What the spec's return page does next: capture with the paymentId and PayerID of the URL.
    const captured = await capture(t.app, s, {
      orderId,
      paymentId: url.searchParams.get('paymentId')!,
      payerId: url.searchParams.get('PayerID')!,
    });
    expect(captured.statusCode).toBe(200);
    expect(captured.json()).toMatchObject({
      success: true,
      data: { _id: orderId, totalPrice: 0, paymentStatus: 'completed' },
    });
    expect((await as(t.app, s).get(`/api/shop/cart/get/${s.userId}`)).json().data.items).toEqual([]);
  });

  it('cancelled by the shopper: stock back, nothing to refund', async () => {
    const { res, productId } = await placeFree(3);
    const { orderId } = res.json();
    const cancelled = await as(t.app, s).post(`/api/shop/order/cancel/${orderId}`, {});
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: 'Your order was cancelled.',
      data: { orderStatus: 'Cancelled', paymentStatus: 'completed' },
    });
    expect(await stockOf(productId)).toBe(10);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
  });

  it('left pending by a crash after it was placed: the reconciliation job completes it, no provider asked', async () => {
    const productId = await insertProduct(t.db, { price: 3, totalStock: 5 });
    const orderId = crypto.randomUUID();
    const placedAt = new Date(Date.now() - 10 * 60_000);
    await t.db.insert(orders).values({
      id: orderId,
      userId: s.userId,
      paymentProvider: FREE_PROVIDER,
      paymentId: `FREE-${orderId}`,
      totalCents: 0,
      subtotalCents: 300,
      discountCents: 300,
      address: '1 Market Street',
      city: 'Springfield',
      state: 'IL',
      pincode: '62701',
      phone: '+1 555 0100',
      notes: '',
      orderDate: placedAt,
    });
    await t.db.insert(orderItems).values({
      orderId,
      productId,
      title: 'Crash Mug',
      imageKey: 'products/test-800.webp',
      description: 'A mug',
      unitPriceCents: 300,
      quantity: 1,
      discountCents: 300,
    });
    const refusingProvider = new Proxy({} as never, {
      get: (_target, name) =>
        name === 'name' ? 'sandbox' : () => Promise.reject(new Error(`provider asked: ${String(name)}`)),
    });
    const report = await reconcilePayments(
      {
        db: t.db,
        images: t.images,
        payments: refusingProvider,
        mailer: { send: async () => undefined } as never,
        publicUrl: 'http://shop.test',
        storefrontUrl: 'http://shop.test',
        log: pino({ level: 'silent' }),
        catalog: NO_CATALOG_CACHE,
      },
      { pendingTtlMs: 60 * 60_000 },
    );
    expect(report).toMatchObject({ checked: 1, paid: 1 });
    expect(await rowOf(orderId)).toMatchObject({ paymentStatus: 'completed', orderStatus: 'Processing' });
    expect(await stockOf(productId)).toBe(4);
  });
});
