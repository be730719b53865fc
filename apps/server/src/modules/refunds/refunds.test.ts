/**
 * Issue 26, refunds: written as the failures they guard against. Money given back twice (a retry after a time-out, a
 * crash between the provider's refund and its record, two admins at once), more than was captured, stock returned
 * twice for the same units, a refused refund that still counts, a shopper reaching the admin route, and figures
 * (dashboard, CSV) that ignore refunds or drop when a refunded order is deleted.
 */
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { transactionWithRetry } from '../../db/client.ts';
import { orderItems, orders, products, refunds, sandboxPayments } from '../../db/schema.ts';
import { createPaypalProvider } from '../../payments/paypal.ts';
import { startPaypalFake, type PaypalFake } from '../../payments/paypal-fake.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { addAddress, addToCart, as, buyProducts, placeOrder, type Session } from '../../test/shop-client.ts';
import { captureMail, type CapturedMail } from '../account/test-mail.ts';
import type { OrderDeps } from '../orders/service.ts';
import { retryPendingRefunds } from './reconcile.ts';
import { reserveRefundInTx } from './service.ts';
import { NO_CATALOG_CACHE } from '../../lib/catalog-cache.ts';

let t: TestApp;
let mail: CapturedMail;
let admin: Session;
let shopper: Awaited<ReturnType<typeof signUpAndLogIn>>;

beforeAll(async () => {
  mail = captureMail();
  t = await buildTestApp({}, { mailer: mail.mailer });
  admin = await signUpAndLogIn(t.app, { userName: 'Grace Admin' });
  await promoteToAdmin(t.db, admin.userId);
  shopper = await signUpAndLogIn(t.app, { userName: 'Sam Shopper' });
  await addAddress(t.app, shopper);
});
afterAll(async () => {
  await t.app.close();
});

const STOCK = 20;

const stockOf = async (db: TestApp['db'], id: string) =>
  (await db.select({ s: products.totalStock }).from(products).where(eq(products.id, id)))[0]!.s;
const rowOf = async (db: TestApp['db'], id: string) =>
  (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const linesOf = async (db: TestApp['db'], id: string) =>
  db.select().from(orderItems).where(eq(orderItems.orderId, id));
const refundsOf = async (db: TestApp['db'], id: string) =>
  db.select().from(refunds).where(eq(refunds.orderId, id));

/**
 * A paid (Processing) order of two lines: 2 × "Lamp" at $10 and 1 × "Mug" at $5 ($25), each product starting with
 * STOCK units.
 */
async function paidOrder(app: TestApp = t, who: Session = shopper) {
  const lamp = await insertProduct(app.db, { title: 'Lamp', price: 10, totalStock: STOCK });
  const mug = await insertProduct(app.db, { title: 'Mug', price: 5, totalStock: STOCK });
  const order = await buyProducts(app.app, who, [
    { productId: lamp, quantity: 2 },
    { productId: mug, quantity: 1 },
  ]);
  expect(order).toMatchObject({ paymentStatus: 'completed', orderStatus: 'Processing', totalPrice: 25 });
  const lampLine = order.cartItems.find((i) => i.productId === lamp)!.lineId;
  const mugLine = order.cartItems.find((i) => i.productId === mug)!.lineId;
  return { id: order._id, number: order.orderNumber, lamp, mug, lampLine, mugLine };
}

const refund = (id: string, body: object = {}, who: Session = admin, app: TestApp = t) =>
  as(app.app, who).post(`/api/admin/orders/refund/${id}`, body);

describe('POST /api/admin/orders/refund/:id', () => {
  it('a full refund: payment refunded, refunded total = total, timeline names the admin (admin only), e-mail queued', async () => {
    const o = await paidOrder();
    const res = await refund(o.id, { reason: 'Damaged in transit' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Refunded $25.00.',
      data: { _id: o.id, paymentStatus: 'refunded', refundedTotal: 25, totalPrice: 25 },
    });
    const row = await rowOf(t.db, o.id);
    expect(row).toMatchObject({ refundedCents: 2500, refundReservedCents: 2500, paymentStatus: 'refunded' });
    const [r] = await refundsOf(t.db, o.id);
    expect(r).toMatchObject({ status: 'completed', amountCents: 2500, source: 'admin', attempts: 1 });
    expect(r!.providerRefundId).toMatch(/^SBX-R/);
    // The sandbox recorded one refund of the whole capture.
    const [payment] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, o.id));
    expect(payment).toMatchObject({ refundedCents: 2500, status: 'refunded' });

    const adminView = (await as(t.app, admin).get(`/api/admin/orders/details/${o.id}`)).json().data;
    const refunded = adminView.timeline.filter((e: { kind: string }) => e.kind === 'refunded');
    expect(refunded).toEqual([
      expect.objectContaining({
        kind: 'refunded',
        amount: 25,
        actor: 'Grace Admin',
        note: 'Damaged in transit',
      }),
    ]);
    const shopperView = (await as(t.app, shopper).get(`/api/shop/order/details/${o.id}`)).json().data;
    expect(shopperView).toMatchObject({ paymentStatus: 'refunded', refundedTotal: 25 });
    const seen = shopperView.timeline.find((e: { kind: string }) => e.kind === 'refunded');
    expect(seen).toMatchObject({ amount: 25, actor: null });
    expect(JSON.stringify(shopperView.timeline)).not.toContain('Grace Admin');

    const sent = await mail.latest(t, shopper.email, `Your refund for Emporium order #${o.number}`);
    expect(sent.text).toContain(`we have refunded $25.00 for your order #${o.number}`);
    // Issue 40: the items, the reason, and a link that opens this order.
    expect(sent.text).toContain('Items refunded:\n2 × Lamp\n1 × Mug\n\nReason: Damaged in transit');
    expect(sent.text).toContain(`View your order: http://shop.test/shop/account?order=${o.id}`);

    // Nothing is left: a second refund is refused and changes nothing.
    const again = await refund(o.id);
    expect(again.statusCode).toBe(409);
    expect((await rowOf(t.db, o.id)).refundedCents).toBe(2500);
    expect(await refundsOf(t.db, o.id)).toHaveLength(1);
  });

  it('one line of two with restock: partially refunded, that line back in stock once; the rest later restocks only the rest', async () => {
    const o = await paidOrder();
    expect([await stockOf(t.db, o.lamp), await stockOf(t.db, o.mug)]).toEqual([STOCK - 2, STOCK - 1]);
    const res = await refund(o.id, { lines: [{ lineId: o.lampLine, quantity: 2 }], restock: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Refunded $20.00.',
      data: { paymentStatus: 'partially_refunded', refundedTotal: 20 },
    });
    const lamp = res.json().data.cartItems.find((i: { lineId: string }) => i.lineId === o.lampLine);
    expect(lamp.refundedQuantity).toBe(2);
    expect([await stockOf(t.db, o.lamp), await stockOf(t.db, o.mug)]).toEqual([STOCK, STOCK - 1]);
    const lineMail = await mail.latest(t, shopper.email, `Your refund for Emporium order #${o.number}`);
    expect(lineMail.text).toContain('we have refunded $20.00');
    expect(lineMail.text).toContain('Items refunded:\n2 × Lamp\n');
    expect(lineMail.text).not.toContain('Mug');
    expect(lineMail.text).not.toContain('Reason:');

    // The same units again: refused, stock unchanged.
    const twice = await refund(o.id, { lines: [{ lineId: o.lampLine, quantity: 1 }], restock: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('“Lamp” has already been refunded.');
    expect(await stockOf(t.db, o.lamp)).toBe(STOCK);

    // The rest (the balance, with restock): only the mug comes back; the lamps are not returned a second time.
    const rest = await refund(o.id, { restock: true });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({
      message: 'Refunded $5.00.',
      data: { paymentStatus: 'refunded', refundedTotal: 25 },
    });
    expect([await stockOf(t.db, o.lamp), await stockOf(t.db, o.mug)]).toEqual([STOCK, STOCK]);
    const lines = await linesOf(t.db, o.id);
    for (const l of lines) expect(l.restockedQuantity).toBe(l.quantity);

    // Cancelling it now gives nothing back a second time.
    expect(
      (await as(t.app, admin).put(`/api/admin/orders/status/${o.id}`, { orderStatus: 'Cancelled' }))
        .statusCode,
    ).toBe(200);
    expect([await stockOf(t.db, o.lamp), await stockOf(t.db, o.mug)]).toEqual([STOCK, STOCK]);
    expect((await rowOf(t.db, o.id)).refundedCents).toBe(2500);
    expect(await refundsOf(t.db, o.id)).toHaveLength(2);
  });

  it('one unit of a line without restock: partially refunded, no stock moves', async () => {
    const o = await paidOrder();
    const res = await refund(o.id, { lines: [{ lineId: o.lampLine, quantity: 1 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ paymentStatus: 'partially_refunded', refundedTotal: 10 });
    expect([await stockOf(t.db, o.lamp), await stockOf(t.db, o.mug)]).toEqual([STOCK - 2, STOCK - 1]);
    // The one unit left of the line can still be refunded, but not two.
    const tooMany = await refund(o.id, { lines: [{ lineId: o.lampLine, quantity: 2 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Only 1 of “Lamp” is left to refund.');
  });

  it('an amount: partially refunded; above the balance a 409 that changes nothing', async () => {
    const o = await paidOrder();
    const res = await refund(o.id, { amount: 7.5, reason: 'Late delivery' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Refunded $7.50.',
      data: { paymentStatus: 'partially_refunded', refundedTotal: 7.5 },
    });
    const before = await rowOf(t.db, o.id);
    expect(before).toMatchObject({ refundedCents: 750, refundReservedCents: 750 });

    const over = await refund(o.id, { amount: 17.51 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      success: false,
      message: 'The refund of $17.51 is more than the $17.50 left to refund.',
    });
    expect(await rowOf(t.db, o.id)).toEqual(before);
    expect(await refundsOf(t.db, o.id)).toHaveLength(1);
    expect([await stockOf(t.db, o.lamp), await stockOf(t.db, o.mug)]).toEqual([STOCK - 2, STOCK - 1]);

    // Lines worth more than the balance are refused too ($20 of lamps against $17.50 left).
    const lines = await refund(o.id, { lines: [{ lineId: o.lampLine, quantity: 2 }] });
    expect(lines.statusCode).toBe(409);
    expect(await rowOf(t.db, o.id)).toEqual(before);
    expect((await linesOf(t.db, o.id)).every((l) => l.refundedQuantity === 0)).toBe(true);

    // Exactly the balance is fine.
    const exact = await refund(o.id, { amount: 17.5 });
    expect(exact.statusCode).toBe(200);
    expect(exact.json().data).toMatchObject({ paymentStatus: 'refunded', refundedTotal: 25 });
  });

  it('refused before anything moves: restock with an amount (400), a line of another order (400), both lines and amount (400)', async () => {
    const o = await paidOrder();
    const other = await paidOrder();
    const before = await rowOf(t.db, o.id);
    const cases = [
      [
        { amount: 5, restock: true },
        'Only refunded items can go back to stock: refund items, not an amount.',
      ],
      [
        { lines: [{ lineId: other.lampLine, quantity: 1 }], restock: true },
        'That item is not part of this order.',
      ],
      [{ lines: [{ lineId: 'not-a-line', quantity: 1 }] }, 'That item is not part of this order.'],
    ] as const;
    for (const [body, message] of cases) {
      const res = await refund(o.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const both = await refund(o.id, { amount: 5, lines: [{ lineId: o.lampLine, quantity: 1 }] });
    expect(both.statusCode).toBe(400);
    expect(await rowOf(t.db, o.id)).toEqual(before);
    expect(await refundsOf(t.db, o.id)).toEqual([]);
    expect(await refundsOf(t.db, other.id)).toEqual([]);
    expect((await linesOf(t.db, other.id)).every((l) => l.refundedQuantity === 0)).toBe(true);
    expect([await stockOf(t.db, o.lamp), await stockOf(t.db, other.lamp)]).toEqual([STOCK - 2, STOCK - 2]);
  });

  it('an unpaid order cannot be refunded (409); an unknown one is a 404', async () => {
    // Another shopper: an unpaid order leaves its lines in the cart.
    const other = await signUpAndLogIn(t.app);
    const p = await insertProduct(t.db, { totalStock: STOCK });
    await addToCart(t.app, other, p, 1);
    const placed = await placeOrder(t.app, other, (await addAddress(t.app, other))._id);
    const res = await refund(placed.orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a paid order can be refunded.');
    expect(await refundsOf(t.db, placed.orderId)).toEqual([]);
    expect((await rowOf(t.db, placed.orderId)).paymentStatus).toBe('pending');
    expect((await refund('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('a shopper calling the admin route gets a 403 and refunds nothing; a visitor a 401', async () => {
    const o = await paidOrder();
    const res = await refund(o.id, {}, shopper);
    expect(res.statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/refund/${o.id}`,
      payload: {},
    });
    expect(visitor.statusCode).toBe(401);
    expect(await refundsOf(t.db, o.id)).toEqual([]);
    expect(await rowOf(t.db, o.id)).toMatchObject({ paymentStatus: 'completed', refundedCents: 0 });
  });

  it('the provider refuses: 409, the reservation given back (amount and units), the refund row failed', async () => {
    const o = await paidOrder();
    // Refunded outside the shop (in the provider's dashboard): the sandbox has nothing left to refund.
    await t.db.update(sandboxPayments).set({ refundedCents: 2500 }).where(eq(sandboxPayments.orderId, o.id));
    const res = await refund(o.id, { lines: [{ lineId: o.lampLine, quantity: 1 }], restock: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The refund of $10.00 was refused: The refund is more than is left of the payment. Nothing was refunded.',
    );
    expect(await rowOf(t.db, o.id)).toMatchObject({
      paymentStatus: 'completed',
      refundedCents: 0,
      refundReservedCents: 0,
    });
    expect((await linesOf(t.db, o.id)).map((l) => [l.refundedQuantity, l.restockedQuantity])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(await stockOf(t.db, o.lamp)).toBe(STOCK - 2);
    const [r] = await refundsOf(t.db, o.id);
    expect(r).toMatchObject({ status: 'failed', amountCents: 1000 });
    expect(r!.lastError).toBe('The refund is more than is left of the payment');

    // With the provider's balance back, the same units can be refunded: the failed refund held nothing.
    await t.db.update(sandboxPayments).set({ refundedCents: 0 }).where(eq(sandboxPayments.orderId, o.id));
    const retry = await refund(o.id, { lines: [{ lineId: o.lampLine, quantity: 2 }], restock: true });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ paymentStatus: 'partially_refunded', refundedTotal: 20 });
    expect(await stockOf(t.db, o.lamp)).toBe(STOCK);
  });
});

describe('admin cancel of a paid order', () => {
  const setStatus = (id: string, orderStatus: string) =>
    as(t.app, admin).put(`/api/admin/orders/status/${id}`, { orderStatus });

  it('Processing → Cancelled refunds the balance and gives the stock back once', async () => {
    const o = await paidOrder();
    const res = await setStatus(o.id, 'Cancelled');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      orderStatus: 'Cancelled',
      paymentStatus: 'refunded',
      refundedTotal: 25,
    });
    expect(await rowOf(t.db, o.id)).toMatchObject({ refundedCents: 2500, stockHeld: false });
    expect([await stockOf(t.db, o.lamp), await stockOf(t.db, o.mug)]).toEqual([STOCK, STOCK]);
    const rs = await refundsOf(t.db, o.id);
    expect(rs).toHaveLength(1);
    expect(rs[0]).toMatchObject({ status: 'completed', source: 'cancellation', amountCents: 2500 });
    // Again: a no-op, nothing refunded or restocked a second time.
    expect((await setStatus(o.id, 'Cancelled')).statusCode).toBe(200);
    expect([await stockOf(t.db, o.lamp), await stockOf(t.db, o.mug)]).toEqual([STOCK, STOCK]);
    expect(await refundsOf(t.db, o.id)).toHaveLength(1);
    const timeline = (await as(t.app, admin).get(`/api/admin/orders/details/${o.id}`)).json().data.timeline;
    expect(timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'placed',
      'paid',
      'cancelled',
      'refunded',
    ]);
    expect(timeline[2].actor).toBe('Grace Admin');
  });

  it('a partly refunded order cancelled: only the balance is refunded, restocked units are not returned twice', async () => {
    const o = await paidOrder();
    expect(
      (await refund(o.id, { lines: [{ lineId: o.lampLine, quantity: 1 }], restock: true })).statusCode,
    ).toBe(200);
    expect(await stockOf(t.db, o.lamp)).toBe(STOCK - 1);
    expect((await setStatus(o.id, 'Cancelled')).statusCode).toBe(200);
    expect(await rowOf(t.db, o.id)).toMatchObject({ refundedCents: 2500, paymentStatus: 'refunded' });
    expect((await refundsOf(t.db, o.id)).map((r) => r.amountCents).sort()).toEqual([1000, 1500]);
    expect([await stockOf(t.db, o.lamp), await stockOf(t.db, o.mug)]).toEqual([STOCK, STOCK]);
  });

  // Found by this test and fixed in db7400e: the refusal was answered 200 "Order status updated successfully", the
  // order left Cancelled with its payment `completed` and nothing refunded, and nobody told.
  it('the provider refuses the refund of an admin cancel: the admin is told, not "updated successfully"', async () => {
    const o = await paidOrder();
    await t.db.update(sandboxPayments).set({ refundedCents: 2500 }).where(eq(sandboxPayments.orderId, o.id));
    const res = await setStatus(o.id, 'Cancelled');
    const [r] = await refundsOf(t.db, o.id);
    expect(r).toMatchObject({ status: 'failed', amountCents: 2500 });
    expect(await rowOf(t.db, o.id)).toMatchObject({
      orderStatus: 'Cancelled',
      refundedCents: 0,
      refundReservedCents: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      // A sentence, not "…, but The refund…" (setOrderStatus joins refundSentence's capital The into it).
      'The order is cancelled, but the refund of $25.00 was refused: The refund is more than is left of the payment. Nothing was refunded. Refund it again from the order.',
    );
    // The admin finds it: flagged in the list, under the "Refunds due" filter and counted on the dashboard.
    const due = async () =>
      (await as(t.app, admin).get('/api/admin/orders/get?refund=due&limit=100')).json().data as Array<{
        _id: string;
        refundDue: boolean;
      }>;
    expect((await due()).find((d) => d._id === o.id)).toMatchObject({ refundDue: true });
    const dueOnDashboard = (await as(t.app, admin).get('/api/admin/dashboard')).json().data.refundsDue;
    expect(dueOnDashboard).toBeGreaterThanOrEqual(1);
    // The admin can: once the provider has the money back, the balance is still there to refund.
    await t.db.update(sandboxPayments).set({ refundedCents: 0 }).where(eq(sandboxPayments.orderId, o.id));
    const again = await refund(o.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({
      orderStatus: 'Cancelled',
      paymentStatus: 'refunded',
      refundedTotal: 25,
      refundDue: false,
    });
    expect((await due()).map((d) => d._id)).not.toContain(o.id);
    expect((await as(t.app, admin).get('/api/admin/dashboard')).json().data.refundsDue).toBe(
      dueOnDashboard - 1,
    );
  });

  it('a Shipped order cannot be cancelled: 409, nothing refunded, stock unchanged', async () => {
    const o = await paidOrder();
    expect((await setStatus(o.id, 'Shipped')).statusCode).toBe(200);
    const res = await setStatus(o.id, 'Cancelled');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An order that is Shipped cannot be set to Cancelled.');
    expect(await rowOf(t.db, o.id)).toMatchObject({
      orderStatus: 'Shipped',
      paymentStatus: 'completed',
      refundedCents: 0,
      refundReservedCents: 0,
    });
    expect(await refundsOf(t.db, o.id)).toEqual([]);
    expect([await stockOf(t.db, o.lamp), await stockOf(t.db, o.mug)]).toEqual([STOCK - 2, STOCK - 1]);
  });
});

describe('figures: dashboard net of refunds, archived refunded orders, CSV', () => {
  const dashboard = async () => (await as(t.app, admin).get('/api/admin/dashboard')).json().data;

  it('a partial refund lowers revenue by the refund; deleting the refunded order leaves it unchanged', async () => {
    const start = await dashboard();
    const o = await paidOrder();
    const paid = await dashboard();
    expect(paid.last30Days.revenue).toBeCloseTo(start.last30Days.revenue + 25, 2);
    expect(paid.today.revenue).toBeCloseTo(start.today.revenue + 25, 2);

    expect((await refund(o.id, { amount: 4 })).statusCode).toBe(200);
    const refunded = await dashboard();
    // Net of refunds: the order counts total − refunded ($21).
    expect(refunded.last30Days.revenue).toBeCloseTo(paid.last30Days.revenue - 4, 2);
    expect(refunded.today.revenue).toBeCloseTo(paid.today.revenue - 4, 2);
    expect(refunded.last30Days.paidOrders).toBe(paid.last30Days.paidOrders);

    const delivered = await as(t.app, admin).put(`/api/admin/orders/status/${o.id}`, {
      orderStatus: 'Delivered',
    });
    expect(delivered.statusCode).toBe(200);
    const del = await as(t.app, admin).delete(`/api/admin/orders/delete/${o.id}`);
    expect(del.statusCode).toBe(200);
    expect((await rowOf(t.db, o.id)).archivedAt).toBeInstanceOf(Date);
    const after = await dashboard();
    expect(after.last30Days).toEqual(refunded.last30Days);
    expect(after.today).toEqual(refunded.today);
    expect(after.revenueByDay).toEqual(refunded.revenueByDay);
    // An archived order can still be refunded (issue 46: a withdrawal after delivery, a goodwill refund).
    expect((await refund(o.id, { amount: 1 })).statusCode).toBe(200);
    expect((await dashboard()).last30Days.revenue).toBeCloseTo(refunded.last30Days.revenue - 1, 2);
  });

  it('a fully refunded order deleted: archived, not destroyed, revenue unchanged', async () => {
    const o = await paidOrder();
    expect((await refund(o.id)).statusCode).toBe(200);
    // Refunded but still Processing (it holds its stock): not finished, so not deleted until cancelled.
    expect((await as(t.app, admin).delete(`/api/admin/orders/delete/${o.id}`)).statusCode).toBe(409);
    const cancel = await as(t.app, admin).put(`/api/admin/orders/status/${o.id}`, {
      orderStatus: 'Cancelled',
    });
    expect(cancel.statusCode).toBe(200);
    const before = await dashboard();
    expect((await as(t.app, admin).delete(`/api/admin/orders/delete/${o.id}`)).statusCode).toBe(200);
    expect(await rowOf(t.db, o.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 2500 });
    expect(await refundsOf(t.db, o.id)).toHaveLength(1);
    const after = await dashboard();
    expect(after.last30Days).toEqual(before.last30Days);
    expect(after.revenueByDay).toEqual(before.revenueByDay);
  });

  it('the orders CSV has the Refunded Amount and the payment status', async () => {
    const o = await paidOrder();
    expect((await refund(o.id, { amount: 2.5 })).statusCode).toBe(200);
    const res = await as(t.app, admin).get(`/api/admin/orders/export.csv?search=${o.number}`);
    expect(res.statusCode).toBe(200);
    const [header, ...records] = res.body.trim().split('\r\n');
    const columns = header!.split(',');
    expect(columns).toContain('Refunded Amount');
    const record = records.find((r) => r.startsWith(o.id))!.split(',');
    expect(record[columns.indexOf('Refunded Amount')]).toBe('2.50');
    expect(record[columns.indexOf('Order Amount')]).toBe('25.00');
    expect(record[columns.indexOf('Payment Status')]).toBe('partially_refunded');
  });
});

describe('against the PayPal fake: time-outs and crashes never refund twice', () => {
  let fake: PaypalFake;
  let p: TestApp;
  let deps: OrderDeps;
  let padmin: Session;
  let pshopper: Session;

  beforeAll(async () => {
    fake = await startPaypalFake();
    // A short time-out and quick retries, so that a slow answer is a time-out within the test.
    const payments = createPaypalProvider({
      clientId: 'id',
      clientSecret: 'secret',
      apiBase: fake.url,
      timeoutMs: 300,
      attempts: 3,
      backoffMs: () => 20,
    });
    p = await buildTestApp(
      {
        PAYMENT_PROVIDER: 'paypal',
        PAYPAL_CLIENT_ID: 'id',
        PAYPAL_CLIENT_SECRET: 'secret',
        PAYPAL_API_BASE: fake.url,
      },
      { payments, mailer: captureMail().mailer },
    );
    padmin = await signUpAndLogIn(p.app);
    await promoteToAdmin(p.db, padmin.userId);
    pshopper = await signUpAndLogIn(p.app);
    await addAddress(p.app, pshopper);
    deps = {
      db: p.db,
      images: p.images,
      payments,
      mailer: captureMail().mailer,
      publicUrl: 'http://shop.test',
      storefrontUrl: 'http://shop.test',
      log: pino({ level: 'silent' }),
      catalog: NO_CATALOG_CACHE,
    };
  });
  afterEach(() => {
    fake.delayMs = 0;
    fake.failNext = 0;
  });
  afterAll(async () => {
    await p.app.close();
    await fake.close();
  });

  /** A paid PayPal order of 2 × $10 and 1 × $5, captured through the API; returns it with its capture id. */
  async function paypalOrder() {
    const lamp = await insertProduct(p.db, { title: 'Lamp', price: 10, totalStock: STOCK });
    const mug = await insertProduct(p.db, { title: 'Mug', price: 5, totalStock: STOCK });
    await addToCart(p.app, pshopper, lamp, 2);
    await addToCart(p.app, pshopper, mug, 1);
    const address = (await as(p.app, pshopper).get(`/api/shop/address/get/${pshopper.userId}`)).json()
      .data[0];
    const created = await as(p.app, pshopper).post('/api/shop/order/create', {
      address: { addressId: address._id },
    });
    expect(created.statusCode).toBe(201);
    const { orderId, approvalURL } = created.json();
    const token = new URL(approvalURL).searchParams.get('token')!;
    const paid = await as(p.app, pshopper).post('/api/shop/order/capture', {
      orderId,
      paymentId: token,
      payerId: 'PAYER1',
    });
    expect(paid.statusCode).toBe(200);
    const row = await rowOf(p.db, orderId);
    expect(row.paymentStatus).toBe('completed');
    const lampLine = (await linesOf(p.db, orderId)).find((l) => l.productId === lamp)!.id;
    return { id: orderId, captureId: row.captureId!, lamp, mug, lampLine };
  }

  const refundsAtFake = (captureId: string) => fake.refunds.filter((c) => c === captureId).length;
  const refundCalls = (captureId: string) =>
    fake.requestIds.filter((r) => r.path === `/v2/payments/captures/${captureId}/refund`);

  it('PayPal answers too late: the refund stays pending, the job completes it; one refund, one PayPal-Request-Id', async () => {
    const o = await paypalOrder();
    fake.delayMs = 1000; // longer than the provider's 300 ms time-out, on every one of its 3 tries
    const res = await refund(
      o.id,
      { lines: [{ lineId: o.lampLine, quantity: 1 }], restock: true },
      padmin,
      p,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The refund of $10.00 was sent and will complete shortly.');
    const [pending] = await refundsOf(p.db, o.id);
    expect(pending).toMatchObject({ status: 'pending', amountCents: 1000, attempts: 1 });
    expect(await rowOf(p.db, o.id)).toMatchObject({
      paymentStatus: 'completed',
      refundedCents: 0,
      refundReservedCents: 1000,
    });
    // PayPal did refund (its answer was lost), once, though the provider sent the request three times.
    expect(refundsAtFake(o.captureId)).toBe(1);
    expect(refundCalls(o.captureId).length).toBe(3);
    expect(await stockOf(p.db, o.lamp)).toBe(STOCK - 2);

    // While the refund is pending its units and amount stay reserved: refunding them again is refused.
    expect((await refund(o.id, { amount: 15.01 }, padmin, p)).statusCode).toBe(409);

    fake.delayMs = 0;
    const report = await retryPendingRefunds(deps, { graceMs: 0, now: new Date(Date.now() + 60_000) });
    expect(report).toMatchObject({ checked: 1, completed: 1, failed: 0, left: 0 });
    expect(await rowOf(p.db, o.id)).toMatchObject({
      paymentStatus: 'partially_refunded',
      refundedCents: 1000,
      refundReservedCents: 1000,
    });
    const [done] = await refundsOf(p.db, o.id);
    expect(done).toMatchObject({ status: 'completed', attempts: 2 });
    expect(refundsAtFake(o.captureId)).toBe(1);
    const calls = refundCalls(o.captureId);
    expect(calls).toHaveLength(4);
    expect(new Set(calls.map((c) => c.id))).toEqual(new Set([`refund-${done!.id}`]));
    expect(done!.providerRefundId).toMatch(/^REF\d+$/);
    expect(await stockOf(p.db, o.lamp)).toBe(STOCK - 1);

    // The job again: nothing pending, nothing sent.
    const again = await retryPendingRefunds(deps, { graceMs: 0, now: new Date(Date.now() + 120_000) });
    expect(again.checked).toBe(0);
    expect(refundCalls(o.captureId)).toHaveLength(4);
  });

  it('PayPal down (5xx on every try): pending; retried later with the same PayPal-Request-Id, refunded once', async () => {
    const o = await paypalOrder();
    fake.failNext = 3;
    const res = await refund(o.id, {}, padmin, p);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The refund of $25.00 was sent and will complete shortly.');
    expect(refundsAtFake(o.captureId)).toBe(0);
    const report = await retryPendingRefunds(deps, { graceMs: 0, now: new Date(Date.now() + 60_000) });
    expect(report.completed).toBe(1);
    expect(refundsAtFake(o.captureId)).toBe(1);
    const [done] = await refundsOf(p.db, o.id);
    expect(new Set(refundCalls(o.captureId).map((c) => c.id))).toEqual(new Set([`refund-${done!.id}`]));
    expect(await rowOf(p.db, o.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 2500 });
  });

  it('a crash between PayPal refunding and the shop recording it: the job records it once, no second refund', async () => {
    const o = await paypalOrder();
    // What sendRefund does, cut short by a crash: reserved, sent to PayPal (which refunded), never recorded.
    const reserved = await transactionWithRetry(p.db, (tx) =>
      reserveRefundInTx(tx, o.id, {
        source: 'admin',
        lines: [{ orderItemId: o.lampLine, quantity: 2 }],
        restock: true,
        requestedBy: padmin.userId,
      }),
    );
    expect(reserved.amountCents).toBe(2000);
    const sent = await deps.payments.refundCapture(
      {
        refundId: reserved.id,
        orderId: o.id,
        paymentId: (await rowOf(p.db, o.id)).paymentId!,
        captureId: o.captureId,
        amountCents: reserved.amountCents,
        currency: 'USD',
      },
      { db: p.db },
    );
    expect(sent.status).toBe('completed');
    expect(refundsAtFake(o.captureId)).toBe(1);
    expect(await rowOf(p.db, o.id)).toMatchObject({ refundedCents: 0, paymentStatus: 'completed' });

    // Within the grace period the job leaves it alone (the request may still be in flight).
    expect((await retryPendingRefunds(deps, { graceMs: 60_000 })).checked).toBe(0);

    const later = new Date(Date.now() + 60_000);
    const first = await retryPendingRefunds(deps, { graceMs: 0, now: later });
    expect(first).toMatchObject({ checked: 1, completed: 1 });
    const second = await retryPendingRefunds(deps, { graceMs: 0, now: new Date(later.getTime() + 60_000) });
    expect(second.checked).toBe(0);

    expect(refundsAtFake(o.captureId)).toBe(1);
    expect(fake.refundedCents.get(o.captureId)).toBe(2000);
    expect(await rowOf(p.db, o.id)).toMatchObject({
      paymentStatus: 'partially_refunded',
      refundedCents: 2000,
      refundReservedCents: 2000,
    });
    const [done] = await refundsOf(p.db, o.id);
    expect(done).toMatchObject({ status: 'completed', amountCents: 2000 });
    expect(new Set(refundCalls(o.captureId).map((c) => c.id))).toEqual(new Set([`refund-${reserved.id}`]));
    // Stock back once; one refunded event on the timeline; the rest ($5) can still be refunded, and only that.
    expect(await stockOf(p.db, o.lamp)).toBe(STOCK);
    const events = (await as(p.app, padmin).get(`/api/admin/orders/details/${o.id}`))
      .json()
      .data.timeline.filter((e: { kind: string }) => e.kind === 'refunded');
    expect(events).toHaveLength(1);
    const rest = await refund(o.id, {}, padmin, p);
    expect(rest.json().message).toBe('Refunded $5.00.');
    expect(fake.refundedCents.get(o.captureId)).toBe(2500);
  });

  it('the job on two instances at once: a pending refund is sent by one of them, refunded and recorded once', async () => {
    const o = await paypalOrder();
    fake.failNext = 3;
    expect((await refund(o.id, { amount: 6 }, padmin, p)).json().message).toBe(
      'The refund of $6.00 was sent and will complete shortly.',
    );
    const now = new Date(Date.now() + 60_000);
    const reports = await Promise.all([
      retryPendingRefunds(deps, { graceMs: 0, now }),
      retryPendingRefunds(deps, { graceMs: 0, now }),
    ]);
    expect(reports.reduce((n, r) => n + r.checked, 0)).toBe(1);
    expect(reports.reduce((n, r) => n + r.completed, 0)).toBe(1);
    expect(refundsAtFake(o.captureId)).toBe(1);
    expect(fake.refundedCents.get(o.captureId)).toBe(600);
    expect(await rowOf(p.db, o.id)).toMatchObject({
      refundedCents: 600,
      paymentStatus: 'partially_refunded',
    });
    const [done] = await refundsOf(p.db, o.id);
    expect(done).toMatchObject({ status: 'completed', attempts: 2 });
  });

  it('a line refund with restock left pending, then the order cancelled: the balance refunded, each unit back once', async () => {
    const o = await paypalOrder();
    fake.delayMs = 1000;
    const res = await refund(
      o.id,
      { lines: [{ lineId: o.lampLine, quantity: 2 }], restock: true },
      padmin,
      p,
    );
    expect(res.json().message).toBe('The refund of $20.00 was sent and will complete shortly.');
    fake.delayMs = 0;
    const cancelled = await as(p.app, padmin).put(`/api/admin/orders/status/${o.id}`, {
      orderStatus: 'Cancelled',
    });
    expect(cancelled.statusCode).toBe(200);
    // The cancel refunds only what the pending refund does not cover, and gives the whole stock back at once.
    expect(await rowOf(p.db, o.id)).toMatchObject({ refundedCents: 500, refundReservedCents: 2500 });
    expect([await stockOf(p.db, o.lamp), await stockOf(p.db, o.mug)]).toEqual([STOCK, STOCK]);
    const report = await retryPendingRefunds(deps, { graceMs: 0, now: new Date(Date.now() + 60_000) });
    expect(report.completed).toBe(1);
    expect(await rowOf(p.db, o.id)).toMatchObject({ refundedCents: 2500, paymentStatus: 'refunded' });
    expect(fake.refundedCents.get(o.captureId)).toBe(2500);
    expect(refundsAtFake(o.captureId)).toBe(2);
    // The pending refund's restock found the stock already given back by the cancel: nothing twice.
    expect([await stockOf(p.db, o.lamp), await stockOf(p.db, o.mug)]).toEqual([STOCK, STOCK]);
  });

  it('PayPal refuses (more than is left of the capture): 409, the reservation given back, the refund failed', async () => {
    const o = await paypalOrder();
    // Refunded in PayPal's own dashboard, outside the shop.
    fake.refundedCents.set(o.captureId, 2500);
    const res = await refund(o.id, { amount: 5 }, padmin, p);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('REFUND_AMOUNT_EXCEEDED');
    expect(await rowOf(p.db, o.id)).toMatchObject({ refundedCents: 0, refundReservedCents: 0 });
    expect((await refundsOf(p.db, o.id))[0]).toMatchObject({ status: 'failed' });
    // A failed refund is not retried by the job.
    expect(
      (await retryPendingRefunds(deps, { graceMs: 0, now: new Date(Date.now() + 60_000) })).checked,
    ).toBe(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('refund races (PostgreSQL)', () => {
  const completedSum = async (id: string) =>
    (await refundsOf(t.db, id))
      .filter((r) => r.status === 'completed')
      .reduce((s, r) => s + r.amountCents, 0);

  it('two partial refunds at once that together exceed the balance: one refused, never more than the total', async () => {
    for (let round = 0; round < 5; round++) {
      const o = await paidOrder();
      const results = await Promise.all([refund(o.id, { amount: 15 }), refund(o.id, { amount: 15 })]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const row = await rowOf(t.db, o.id);
      expect(row).toMatchObject({ refundedCents: 1500, refundReservedCents: 1500 });
      expect(await completedSum(o.id)).toBe(1500);
    }
  });

  it('ten partial refunds of $4 at once against $25: exactly six succeed, the others 409', async () => {
    const o = await paidOrder();
    const results = await Promise.all(Array.from({ length: 10 }, () => refund(o.id, { amount: 4 })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(6);
    expect(codes.filter((c) => c === 409)).toHaveLength(4);
    const row = await rowOf(t.db, o.id);
    expect(row.refundedCents).toBe(2400);
    expect(row.refundedCents).toBeLessThanOrEqual(row.totalCents);
    expect(await completedSum(o.id)).toBe(row.refundedCents);
    const [payment] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, o.id));
    expect(payment!.refundedCents).toBe(2400);
  });

  it('the same units refunded twice at once (with restock): one wins, the stock comes back once', async () => {
    for (let round = 0; round < 5; round++) {
      const o = await paidOrder();
      const body = { lines: [{ lineId: o.lampLine, quantity: 2 }], restock: true };
      const results = await Promise.all([refund(o.id, body), refund(o.id, body)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await stockOf(t.db, o.lamp)).toBe(STOCK);
      expect(await rowOf(t.db, o.id)).toMatchObject({
        refundedCents: 2000,
        paymentStatus: 'partially_refunded',
      });
      const [line] = await t.db
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.orderId, o.id), eq(orderItems.id, o.lampLine)));
      expect(line).toMatchObject({ refundedQuantity: 2, restockedQuantity: 2 });
    }
  });

  it('an admin cancel racing a line refund with restock: every unit back once, never more than the total', async () => {
    for (let round = 0; round < 5; round++) {
      const o = await paidOrder();
      await Promise.all([
        as(t.app, admin).put(`/api/admin/orders/status/${o.id}`, { orderStatus: 'Cancelled' }),
        refund(o.id, { lines: [{ lineId: o.lampLine, quantity: 2 }], restock: true }),
      ]);
      const row = await rowOf(t.db, o.id);
      expect(row).toMatchObject({ orderStatus: 'Cancelled', refundedCents: 2500, paymentStatus: 'refunded' });
      expect(await completedSum(o.id)).toBe(2500);
      expect([await stockOf(t.db, o.lamp), await stockOf(t.db, o.mug)]).toEqual([STOCK, STOCK]);
    }
  });

  it('an admin cancel racing a full refund: the money goes back once', async () => {
    for (let round = 0; round < 5; round++) {
      const o = await paidOrder();
      await Promise.all([
        as(t.app, admin).put(`/api/admin/orders/status/${o.id}`, { orderStatus: 'Cancelled' }),
        refund(o.id, { restock: true }),
      ]);
      const row = await rowOf(t.db, o.id);
      expect(row.refundedCents).toBe(2500);
      expect(await completedSum(o.id)).toBe(2500);
      expect([await stockOf(t.db, o.lamp), await stockOf(t.db, o.mug)]).toEqual([STOCK, STOCK]);
    }
  });
});
