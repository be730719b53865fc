/**
 * Issue 26, the shopper's cancellation (`POST /api/shop/order/cancel/:id`), written as the failures it guards
 * against: cancelling someone else's order, cancelling what has shipped, cancelling twice (or double-clicking) and
 * being refunded or restocked twice, and a cancel racing the admin's Shipped that ends shipped *and* refunded.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, refunds, sandboxPayments } from '../../db/schema.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { addAddress, addToCart, as, buyProducts, placeOrder, type Session } from '../../test/shop-client.ts';
import { captureMail, type CapturedMail } from '../account/test-mail.ts';
import { REFUNDED_IN_FULL_MESSAGE } from './service.ts';

let t: TestApp;
let mail: CapturedMail;
let admin: Session;
let shopper: Awaited<ReturnType<typeof signUpAndLogIn>>;
let stranger: Session;

beforeAll(async () => {
  mail = captureMail();
  t = await buildTestApp({}, { mailer: mail.mailer });
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  shopper = await signUpAndLogIn(t.app, { userName: 'Sam Shopper' });
  await addAddress(t.app, shopper);
  stranger = await signUpAndLogIn(t.app);
});
afterAll(async () => {
  await t.app.close();
});

const STOCK = 10;
const QTY = 3;

const stockOf = async (id: string) =>
  (await t.db.select({ s: products.totalStock }).from(products).where(eq(products.id, id)))[0]!.s;
const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundsOf = (id: string) => t.db.select().from(refunds).where(eq(refunds.orderId, id));
/** As the web app sends it: `{}` or `{reason}`. */
const cancel = (id: string, who: Session = shopper, body: object = {}) =>
  as(t.app, who).post(`/api/shop/order/cancel/${id}`, body);
const setStatus = (id: string, orderStatus: string) =>
  as(t.app, admin).put(`/api/admin/orders/status/${id}`, { orderStatus });

/** A paid order of QTY × $4 ($12) of a fresh product, moved on by the admin to `status`. */
async function paidOrder(status: 'Processing' | 'Shipped' | 'Delivered' = 'Processing') {
  const productId = await insertProduct(t.db, { title: 'Teapot', price: 4, totalStock: STOCK });
  const order = await buyProducts(t.app, shopper, [{ productId, quantity: QTY }]);
  expect(order).toMatchObject({ paymentStatus: 'completed', totalPrice: 12 });
  if (status === 'Shipped' || status === 'Delivered')
    expect((await setStatus(order._id, status)).statusCode).toBe(200);
  return { id: order._id, number: order.orderNumber, productId };
}

describe('POST /api/shop/order/cancel/:id', () => {
  it('an unpaid Pending order: Cancelled, its payment cancelled, nothing refunded', async () => {
    // A shopper of its own: the unpaid order's lines stay in the cart.
    const s = await signUpAndLogIn(t.app);
    const productId = await insertProduct(t.db, { totalStock: STOCK });
    await addToCart(t.app, s, productId, 1);
    const placed = await placeOrder(t.app, s, (await addAddress(t.app, s))._id);
    const res = await cancel(placed.orderId, s, { reason: 'Changed my mind' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Your order was cancelled.',
      data: { _id: placed.orderId, orderStatus: 'Cancelled', paymentStatus: 'cancelled', refundedTotal: 0 },
    });
    expect(res.json().data.cancellable).toBe(false);
    expect(await rowOf(placed.orderId)).toMatchObject({
      orderStatus: 'Cancelled',
      paymentStatus: 'cancelled',
      paymentMessage: 'Order cancelled by the customer',
      refundedCents: 0,
      refundReservedCents: 0,
    });
    expect(await refundsOf(placed.orderId)).toEqual([]);
    expect(await stockOf(productId)).toBe(STOCK);
    const sent = await mail.latest(t, s.email, 'was cancelled');
    expect(sent.text).toContain('Nothing was charged for it.');
  });

  it('a paid Processing order: Cancelled, refunded in full, stock back exactly once, e-mail queued', async () => {
    const o = await paidOrder();
    expect(await stockOf(o.productId)).toBe(STOCK - QTY);
    const res = await cancel(o.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Your order was cancelled and $12.00 was refunded to your PayPal account.',
      data: { _id: o.id, orderStatus: 'Cancelled', paymentStatus: 'refunded', refundedTotal: 12 },
    });
    const kinds = res.json().data.timeline.map((e: { kind: string; actor: unknown }) => [e.kind, e.actor]);
    expect(kinds).toEqual([
      ['placed', null],
      ['paid', null],
      ['cancelled', null],
      ['refunded', null],
    ]);
    expect(await rowOf(o.id)).toMatchObject({
      refundedCents: 1200,
      refundReservedCents: 1200,
      stockHeld: false,
    });
    expect(await stockOf(o.productId)).toBe(STOCK);
    const rs = await refundsOf(o.id);
    expect(rs).toHaveLength(1);
    expect(rs[0]).toMatchObject({
      status: 'completed',
      source: 'cancellation',
      amountCents: 1200,
      requestedBy: shopper.userId,
    });

    const sent = await mail.latest(t, shopper.email, `Your Emporium order #${o.number} was cancelled`);
    expect(sent.text).toContain(`Hello Sam Shopper, your order #${o.number} was cancelled as you asked.`);
    expect(sent.text).toContain('$12.00 is being refunded to the account you paid with (PayPal).');

    // Cancelling again: 409, nothing refunded or restocked a second time.
    const again = await cancel(o.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is already cancelled.');
    expect(await refundsOf(o.id)).toHaveLength(1);
    expect(await stockOf(o.productId)).toBe(STOCK);
    // Nor does the admin's Cancelled afterwards.
    expect((await setStatus(o.id, 'Cancelled')).statusCode).toBe(200);
    expect(await refundsOf(o.id)).toHaveLength(1);
    expect(await stockOf(o.productId)).toBe(STOCK);
  });

  it("another shopper's order is a 404 and nothing changes; so are unknown and malformed ids", async () => {
    const o = await paidOrder();
    const before = await rowOf(o.id);
    const res = await cancel(o.id, stranger);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Order not found' });
    expect(await rowOf(o.id)).toEqual(before);
    expect(await refundsOf(o.id)).toEqual([]);
    expect(await stockOf(o.productId)).toBe(STOCK - QTY);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await cancel(id)).statusCode).toBe(404);
    }
    // A visitor is not even asked.
    const visitor = await t.app.inject({ method: 'POST', url: `/api/shop/order/cancel/${o.id}` });
    expect(visitor.statusCode).toBe(401);
    expect(await rowOf(o.id)).toEqual(before);
  });

  it.each(['Shipped', 'Delivered'] as const)(
    'a %s order: 409, nothing refunded, stock unchanged',
    async (status) => {
      const o = await paidOrder(status);
      const before = await rowOf(o.id);
      const res = await cancel(o.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'This order has already shipped and can no longer be cancelled. You can withdraw from it once it is delivered.',
      );
      expect(await rowOf(o.id)).toEqual(before);
      expect(await refundsOf(o.id)).toEqual([]);
      expect(await stockOf(o.productId)).toBe(STOCK - QTY);
    },
  );

  // Found by this test and fixed in db7400e: a POST without a body reached the schema as null and was refused with
  // 400 "body: Invalid input: expected object, received null", although the contract makes the body optional.
  it('a POST without a body (an API client, curl) cancels like {}', async () => {
    const o = await paidOrder();
    const res = await as(t.app, shopper).post(`/api/shop/order/cancel/${o.id}`);
    expect(res.json()).toMatchObject({ success: true, data: { orderStatus: 'Cancelled' } });
    expect(res.statusCode).toBe(200);
  });

  it('a Pending order whose payment is being captured right now: 409, nothing changed', async () => {
    const s = await signUpAndLogIn(t.app);
    const productId = await insertProduct(t.db, { totalStock: STOCK });
    await addToCart(t.app, s, productId, 1);
    const placed = await placeOrder(t.app, s, (await addAddress(t.app, s))._id);
    await t.db.update(orders).set({ capturingSince: new Date() }).where(eq(orders.id, placed.orderId));
    const before = await rowOf(placed.orderId);
    const res = await cancel(placed.orderId, s);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The payment for this order is being processed. Please try again in a minute.',
    );
    expect(await rowOf(placed.orderId)).toEqual(before);
  });

  it('a cancelled unpaid order cannot be paid afterwards: a late approval and capture take no money and no stock', async () => {
    const s = await signUpAndLogIn(t.app);
    const productId = await insertProduct(t.db, { totalStock: STOCK });
    await addToCart(t.app, s, productId, 2);
    const placed = await placeOrder(t.app, s, (await addAddress(t.app, s))._id);
    expect((await cancel(placed.orderId, s)).statusCode).toBe(200);
    // The approval page the shopper still has open: pressing Pay now must not lead to a charge.
    const approve = await t.app.inject({ method: 'POST', url: `/sandbox/pay/${placed.paymentId}/approve` });
    const payerId = new URL(String(approve.headers.location ?? 'http://x/?PayerID=LATE')).searchParams.get(
      'PayerID',
    );
    const late = await as(t.app, s).post('/api/shop/order/capture', {
      orderId: placed.orderId,
      paymentId: placed.paymentId,
      payerId: payerId ?? 'LATE',
    });
    expect(late.statusCode).toBeGreaterThanOrEqual(400);
    expect(await rowOf(placed.orderId)).toMatchObject({
      orderStatus: 'Cancelled',
      paymentStatus: 'cancelled',
    });
    const [payment] = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, placed.paymentId));
    expect(payment!.status).not.toBe('captured');
    expect(await stockOf(productId)).toBe(STOCK);
  });

  // Found by this test and fixed in db7400e: a refused refund was told to the shopper as one in flight ("is being
  // processed; we will e-mail you when it is done") though it was `failed` and nothing retries a failed refund.
  it('the provider refuses the refund: cancelled, the refund failed, and the shopper is not told it is on its way', async () => {
    const o = await paidOrder();
    // Refunded outside the shop already (the provider's dashboard): the sandbox refuses any further refund.
    await t.db.update(sandboxPayments).set({ refundedCents: 1200 }).where(eq(sandboxPayments.orderId, o.id));
    const res = await cancel(o.id);
    expect(res.statusCode).toBe(200);
    expect(await rowOf(o.id)).toMatchObject({
      orderStatus: 'Cancelled',
      paymentStatus: 'completed',
      refundedCents: 0,
      refundReservedCents: 0,
    });
    expect((await refundsOf(o.id))[0]).toMatchObject({ status: 'failed', amountCents: 1200 });
    expect(await stockOf(o.productId)).toBe(STOCK);
    expect(res.json().message).not.toContain('is being processed');
    expect(res.json().message).toBe(
      'Your order was cancelled, but PayPal did not accept the refund of $12.00. Our team has been told and will refund you; we will e-mail you when it is done.',
    );
    // The admin's way out: the balance is still there to refund from the order once the provider accepts it.
    await t.db.update(sandboxPayments).set({ refundedCents: 0 }).where(eq(sandboxPayments.orderId, o.id));
    const again = await as(t.app, admin).post(`/api/admin/orders/refund/${o.id}`, {});
    expect(again.statusCode).toBe(200);
    expect(await rowOf(o.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 1200 });
    expect(await stockOf(o.productId)).toBe(STOCK);
  });

  // Issue 40: an order the admin refunded in full while it is Processing offered "Cancel order", and the cancel
  // went through refunding nothing (and restocking what may still ship).
  it('a Processing order refunded in full: not cancellable, 409 with a message, nothing changed', async () => {
    const o = await paidOrder();
    const refunded = await as(t.app, admin).post(`/api/admin/orders/refund/${o.id}`, {});
    expect(refunded.statusCode).toBe(200);
    expect(await rowOf(o.id)).toMatchObject({ orderStatus: 'Processing', paymentStatus: 'refunded' });
    const shown = await as(t.app, shopper).get(`/api/shop/order/details/${o.id}`);
    expect(shown.json().data).toMatchObject({ orderStatus: 'Processing', cancellable: false });
    const before = await rowOf(o.id);
    const res = await cancel(o.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message:
        'This order has already been refunded in full, so there is nothing left to cancel. Please contact us if you have a question about it.',
    });
    expect(await rowOf(o.id)).toEqual(before);
    expect(await refundsOf(o.id)).toHaveLength(1);
    expect(await stockOf(o.productId)).toBe(STOCK - QTY);
  });

  it('a Processing order refunded in part: still cancellable, and the cancel refunds the rest', async () => {
    const o = await paidOrder();
    expect((await as(t.app, admin).post(`/api/admin/orders/refund/${o.id}`, { amount: 5 })).statusCode).toBe(
      200,
    );
    const shown = await as(t.app, shopper).get(`/api/shop/order/details/${o.id}`);
    expect(shown.json().data).toMatchObject({ paymentStatus: 'partially_refunded', cancellable: true });
    const res = await cancel(o.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'Your order was cancelled and $7.00 was refunded to your PayPal account.',
    );
    expect(await rowOf(o.id)).toMatchObject({
      orderStatus: 'Cancelled',
      paymentStatus: 'refunded',
      refundedCents: 1200,
    });
  });

  it('a reason longer than allowed or unknown keys: 400, nothing changed', async () => {
    const o = await paidOrder();
    expect((await cancel(o.id, shopper, { reason: 'x'.repeat(5000) })).statusCode).toBe(400);
    expect((await cancel(o.id, shopper, { refund: 0 })).statusCode).toBe(400);
    expect((await rowOf(o.id)).orderStatus).toBe('Processing');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('cancellation races (PostgreSQL)', () => {
  it("the shopper's cancel racing the admin's Shipped: one wins, never shipped and refunded", async () => {
    const winners: string[] = [];
    for (let round = 0; round < 8; round++) {
      const o = await paidOrder();
      const [c, s] = await Promise.all([cancel(o.id), setStatus(o.id, 'Shipped')]);
      expect([c.statusCode, s.statusCode].sort()).toEqual([200, 409]);
      const row = await rowOf(o.id);
      const rs = await refundsOf(o.id);
      if (c.statusCode === 200) {
        winners.push('cancel');
        expect(row).toMatchObject({
          orderStatus: 'Cancelled',
          paymentStatus: 'refunded',
          refundedCents: 1200,
        });
        expect(rs).toHaveLength(1);
        expect(await stockOf(o.productId)).toBe(STOCK);
      } else {
        winners.push('ship');
        expect(row).toMatchObject({ orderStatus: 'Shipped', paymentStatus: 'completed', refundedCents: 0 });
        expect(row.refundReservedCents).toBe(0);
        expect(rs).toEqual([]);
        expect(await stockOf(o.productId)).toBe(STOCK - QTY);
      }
    }
    expect(winners).toHaveLength(8);
  });

  // Issue 40: the admin's full refund and the shopper's cancel at once never refund twice, and a cancel that comes
  // second is refused with the message rather than cancelling an order it would refund nothing for.
  it("the shopper's cancel racing the admin's full refund: one refund, and the loser is told", async () => {
    for (let round = 0; round < 6; round++) {
      const o = await paidOrder();
      const [c, r] = await Promise.all([
        cancel(o.id),
        as(t.app, admin).post(`/api/admin/orders/refund/${o.id}`, {}),
      ]);
      const row = await rowOf(o.id);
      expect(await refundsOf(o.id)).toHaveLength(1);
      expect(row).toMatchObject({
        paymentStatus: 'refunded',
        refundedCents: 1200,
        refundReservedCents: 1200,
      });
      if (c.statusCode === 200) {
        expect(r.statusCode).toBe(409);
        expect(row.orderStatus).toBe('Cancelled');
        expect(await stockOf(o.productId)).toBe(STOCK);
      } else {
        expect(c.statusCode).toBe(409);
        expect(c.json().message).toBe(REFUNDED_IN_FULL_MESSAGE);
        expect(r.statusCode).toBe(200);
        expect(row.orderStatus).toBe('Processing');
      }
    }
  });

  it('a double-click (two cancels at once): one cancels, one refund, stock back once', async () => {
    for (let round = 0; round < 8; round++) {
      const o = await paidOrder();
      const results = await Promise.all([cancel(o.id), cancel(o.id)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await rowOf(o.id)).toMatchObject({ orderStatus: 'Cancelled', refundedCents: 1200 });
      expect(await refundsOf(o.id)).toHaveLength(1);
      expect(await stockOf(o.productId)).toBe(STOCK);
    }
  });
});
