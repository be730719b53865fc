import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { mailOutbox, orders, products, sandboxPayments } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createSandboxProvider } from '../../payments/sandbox.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import {
  addAddress,
  addToCart,
  approveSandbox,
  approveWithoutReturn,
  as,
  buyProducts,
  capture,
  placeOrder,
  type Session,
} from '../../test/shop-client.ts';
import { recordCapture } from './capture.ts';
import { ABANDONED_MESSAGE, reconcilePayments, VOIDED_MESSAGE } from './reconcile.ts';
import { reserveStock } from './stock.ts';
import { NO_CATALOG_CACHE } from '../../lib/catalog-cache.ts';

/** The real sandbox provider, counting captures that moved money (status completed on a new capture). */
function countingSandbox(publicUrl: string) {
  const inner = createSandboxProvider(publicUrl);
  const captureIds = new Set<string>();
  const provider: PaymentProvider = {
    ...inner,
    async capturePayment(input, ctx) {
      const result = await inner.capturePayment(input, ctx);
      if (result.status === 'completed') captureIds.add(result.captureId);
      return result;
    },
  };
  return { provider, captureIds };
}

const log = pino({ level: 'silent' });
const noMail: Mailer = { send: async () => 'not sent' };

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
    const before = counter.captureIds.size;
    const payerId = await approveSandbox(t.app, placed.paymentId);
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
    // The confirmation leaves through the outbox worker, started by the capture: one file per order.
    const outbox = join(t.config.dataDir, 'outbox');
    const file = `order-confirmation-${placed.orderId}.eml`;
    await expect.poll(() => existsSync(join(outbox, file)), { timeout: 10_000 }).toBe(true);
    expect(readdirSync(outbox).filter((f) => f.includes(placed.orderId))).toEqual([file]);
    // .eml bodies are quoted-printable: undo soft line breaks and =XX escapes before reading them.
    const mail = readFileSync(join(outbox, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(mail).toContain(`Your Emporium order #${first.json().data.orderNumber}`);
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
    // The shop's name, the items, where they ship and a way back to the shop.
    expect(page.body).toContain('<div class="shop">Emporium</div>');
    expect(page.body).toContain('<span class="title">Test product</span>');
    expect(page.body).toContain('2 × $10.00');
    expect(page.body).toContain('1 Market Street');
    expect(page.body).toContain('Springfield, IL 62701');
    expect(page.body).toContain('href="/shop/home">Back to the shop</a>');
    const res = await t.app.inject({ method: 'POST', url: `/sandbox/pay/${placed.paymentId}/cancel` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://shop.test/shop/checkout?payment=cancelled');
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
});

describe('payment completes on the server (the browser need not come back)', () => {
  const reconcile = (now = new Date()) =>
    reconcilePayments(
      {
        db: t.db,
        images: t.images,
        payments: counter.provider,
        mailer: noMail,
        publicUrl: 'http://shop.test',
        log,
        storefrontUrl: 'http://shop.test',
        catalog: NO_CATALOG_CACHE,
      },
      { pendingTtlMs: 60 * 60_000, graceMs: 0, now },
    );
  const orderOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const sandboxStatus = (paymentId: string, status: 'approved' | 'captured' | 'cancelled') =>
    t.db.update(sandboxPayments).set({ status, payerId: 'PAYER' }).where(eq(sandboxPayments.id, paymentId));
  async function pendingOrder(stock = 5, quantity = 2) {
    const s = await signUpAndLogIn(t.app);
    const p = await insertProduct(t.db, { title: 'Desk Lamp', price: 30, totalStock: stock });
    await addToCart(t.app, s, p, quantity);
    return { s, p, placed: await placeOrder(t.app, s, (await addAddress(t.app, s))._id) };
  }

  it('Pay on the payment page captures at once; the shop’s own capture later answers success and takes no more stock', async () => {
    const { s, p, placed } = await pendingOrder();
    const before = counter.captureIds.size;
    const res = await t.app.inject({ method: 'POST', url: `/sandbox/pay/${placed.paymentId}/approve` });
    expect(res.statusCode).toBe(303);
    const back = new URL(String(res.headers.location));
    expect(back.pathname).toBe('/shop/paypal-return');
    expect(back.searchParams.get('paymentId')).toBe(placed.paymentId);
    expect(await orderOf(placed.orderId)).toMatchObject({
      paymentStatus: 'completed',
      orderStatus: 'Processing',
    });
    expect(await stockOf(p)).toBe(3);
    const late = await capture(t.app, s, { ...placed, payerId: back.searchParams.get('PayerID')! });
    expect(late.statusCode).toBe(200);
    expect(late.json().message).toBe('Payment captured successfully');
    expect(counter.captureIds.size).toBe(before + 1);
    expect(await stockOf(p)).toBe(3);
  });

  it('an approved payment whose return never happened is captured by the reconciliation job', async () => {
    const { p, placed } = await pendingOrder();
    await sandboxStatus(placed.paymentId, 'approved');
    expect(await reconcile()).toMatchObject({ paid: 1 });
    expect(await orderOf(placed.orderId)).toMatchObject({ paymentStatus: 'completed', capturingSince: null });
    expect(await stockOf(p)).toBe(3);
  });

  it('a crash after the provider captured (order left capturing) ends paid, stock taken once, one mail queued', async () => {
    const { p, placed } = await pendingOrder();
    // What a crash leaves behind: stock reserved and the order marked capturing (step 1), the money taken by the
    // provider (step 2), nothing recorded (step 3 never ran).
    expect(await reserveStock(t.db, placed.orderId)).toHaveProperty('move');
    await t.db
      .update(sandboxPayments)
      .set({ status: 'captured', captureId: 'SBX-CRASH' })
      .where(eq(sandboxPayments.id, placed.paymentId));
    expect(await stockOf(p)).toBe(3);
    expect(await reconcile()).toMatchObject({ paid: 1, cancelled: 0 });
    expect(await orderOf(placed.orderId)).toMatchObject({
      paymentStatus: 'completed',
      captureId: 'SBX-CRASH',
    });
    expect(await stockOf(p)).toBe(3);
    expect(await reconcile()).toMatchObject({ paid: 0 });
    const queued = await t.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, placed.orderId));
    expect(queued).toHaveLength(1);
  });

  it('a voided payment is cancelled and its reserved stock given back', async () => {
    const { p, placed } = await pendingOrder();
    expect(await reserveStock(t.db, placed.orderId)).toHaveProperty('move');
    await sandboxStatus(placed.paymentId, 'cancelled');
    expect(await reconcile()).toMatchObject({ cancelled: 1 });
    expect(await orderOf(placed.orderId)).toMatchObject({
      paymentStatus: 'cancelled',
      paymentMessage: VOIDED_MESSAGE,
    });
    expect(await stockOf(p)).toBe(5);
  });

  it('an order never approved is left alone until PENDING_ORDER_TTL, then cancelled, and a late Pay cannot pay it', async () => {
    const { s, placed } = await pendingOrder();
    await reconcile(new Date(Date.now() + 59 * 60_000));
    expect(await orderOf(placed.orderId)).toMatchObject({ paymentStatus: 'pending' });
    await t.db.update(orders).set({ checkedAt: null }).where(eq(orders.id, placed.orderId));
    await reconcile(new Date(Date.now() + 61 * 60_000));
    expect(await orderOf(placed.orderId)).toMatchObject({ paymentStatus: 'cancelled' });
    const late = await t.app.inject({ method: 'POST', url: `/sandbox/pay/${placed.paymentId}/approve` });
    expect(late.statusCode).toBe(303);
    const res = await capture(t.app, s, { ...placed, payerId: 'X' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ABANDONED_MESSAGE);
    expect(
      (await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, placed.paymentId)))[0]!.status,
    ).toBe('cancelled');
  });

  it('money captured for an order the shop cancelled meanwhile is refunded, never kept', async () => {
    const { placed } = await pendingOrder();
    expect(await reserveStock(t.db, placed.orderId)).toHaveProperty('move');
    const admin = await signUpAndLogIn(t.app);
    await promoteToAdmin(t.db, admin.userId);
    const cancelled = await as(t.app, admin).put(`/api/admin/orders/status/${placed.orderId}`, {
      orderStatus: 'Cancelled',
    });
    expect(cancelled.statusCode).toBe(200);
    await t.db
      .update(sandboxPayments)
      .set({ status: 'captured', captureId: 'SBX-LATE' })
      .where(eq(sandboxPayments.id, placed.paymentId));
    await t.db.update(orders).set({ checkedAt: null }).where(eq(orders.id, placed.orderId));
    const outcome = await recordCapture(
      {
        db: t.db,
        images: t.images,
        payments: counter.provider,
        mailer: noMail,
        publicUrl: '',
        log,
        storefrontUrl: 'http://shop.test',
        catalog: NO_CATALOG_CACHE,
      },
      await orderOf(placed.orderId),
      { status: 'completed', captureId: 'SBX-LATE', amountCents: 6000, currency: 'USD' },
    );
    expect(outcome).toMatchObject({ ok: false, status: 409 });
    expect(
      (await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, placed.paymentId)))[0]!.status,
    ).toBe('refunded');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('races (PostgreSQL)', () => {
  it('two captures at the same moment charge once and both answer success', async () => {
    const s = await signUpAndLogIn(t.app);
    const p = await insertProduct(t.db, { totalStock: 5 });
    await addToCart(t.app, s, p, 1);
    const placed = await placeOrder(t.app, s, (await addAddress(t.app, s))._id);
    const payerId = await approveWithoutReturn(t.db, placed.paymentId);
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
    // Signed up one after another: 50 registrations at once would (rightly) meet the password-hashing queue's 503.
    const shoppers = [];
    for (let i = 0; i < 50; i++) shoppers.push(await signUpAndLogIn(t.app));
    const placed = await Promise.all(
      shoppers.map(async (s) => {
        await addToCart(t.app, s, p, 1);
        const order = await placeOrder(t.app, s, (await addAddress(t.app, s))._id);
        return { s, order, payerId: await approveWithoutReturn(t.db, order.paymentId) };
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

  it('two-line orders captured at once in opposite line order never deadlock into a 500', async () => {
    const a = await insertProduct(t.db, { title: 'Left', totalStock: 1000 });
    const b = await insertProduct(t.db, { title: 'Right', totalStock: 1000 });
    const shoppers = [];
    for (let i = 0; i < 20; i++) shoppers.push(await signUpAndLogIn(t.app));
    const placed = [];
    for (const [i, s] of shoppers.entries()) {
      for (const p of i % 2 === 0 ? [a, b] : [b, a]) await addToCart(t.app, s, p, 1);
      const order = await placeOrder(t.app, s, (await addAddress(t.app, s))._id);
      placed.push({ s, order, payerId: await approveWithoutReturn(t.db, order.paymentId) });
    }
    const results = await Promise.all(
      placed.map(({ s, order, payerId }) => capture(t.app, s, { ...order, payerId })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect([await stockOf(a), await stockOf(b)]).toEqual([980, 980]);
  });
});
