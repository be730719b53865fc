/**
 * Issue 46, items 9 and 10, written as the failures the review found. Unit-by-unit refunds misrounded: three $1.00
 * units with a $1 code gave $0.67 twice and then refused the third; with shipping on the order three unit refunds
 * returned $2.01 for a $2.00 line; a discounted line of $1.89 gave back $1.90 one unit at a time. And a unit refunded
 * without returning it to stock was put back by a later cancellation.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineRefundCents } from '@emporium/contract';
import { orderItems, products } from '../../db/schema.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { addAddress, addToCart, approveSandbox, as, capture, type Session } from '../../test/shop-client.ts';
import type { Order } from '@emporium/contract';

let t: TestApp;
let admin: Session;
let shopper: Session;
let addressId: string;
let codes = 0;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  shopper = await signUpAndLogIn(t.app);
  addressId = (await addAddress(t.app, shopper))._id;
});
afterAll(async () => {
  await t.app.close();
});

/** A new discount code (percent or fixed dollars); returns its text. */
async function newCode(kind: 'percent' | 'fixed', value: number): Promise<string> {
  const code = `ALLOC${++codes}`;
  const res = await as(t.app, admin).post('/api/admin/discount-codes', { code, kind, value });
  expect(res.statusCode).toBe(201);
  return code;
}

/** Buys `quantity` units of a new product at `price` with `code`; returns the paid order and its line. */
async function buy(price: number, quantity: number, code?: string) {
  const productId = await insertProduct(t.db, { title: `Unit at ${price}`, price, totalStock: 20 });
  await addToCart(t.app, shopper, productId, quantity);
  const placed = await as(t.app, shopper).post('/api/shop/order/create', {
    userId: shopper.userId,
    address: { addressId },
    ...(code ? { discountCode: code } : {}),
  });
  expect(placed.statusCode).toBe(201);
  const { orderId, approvalURL } = placed.json();
  const paymentId = new URL(approvalURL).pathname.split('/').pop()!;
  const payerId = await approveSandbox(t.app, paymentId);
  const paid = await capture(t.app, shopper, { orderId, paymentId, payerId });
  expect(paid.statusCode).toBe(200);
  const order = paid.json().data as Order;
  return { order, productId, lineId: order.cartItems[0]!.lineId };
}

/** Refunds `quantity` units of the line; returns the cents it gave back (from the order's refunded total). */
async function refundUnits(orderId: string, lineId: string, quantity: number, restock = false) {
  const before = (await as(t.app, admin).get(`/api/admin/orders/details/${orderId}`)).json().data;
  const res = await as(t.app, admin).post(`/api/admin/orders/refund/${orderId}`, {
    lines: [{ lineId, quantity }],
    restock,
  });
  expect(res.statusCode, res.body).toBe(200);
  return Math.round((res.json().data.refundedTotal - before.refundedTotal) * 100);
}

const stockOf = async (id: string) =>
  (await t.db.select({ s: products.totalStock }).from(products).where(eq(products.id, id)))[0]!.s;

describe('refunds allocate a line by units (item 9)', () => {
  it('three $1.00 units with a $1 code: one unit at a time gives $0.67, $0.66, $0.67 — $2.00, all of it', async () => {
    const { order, lineId } = await buy(1, 3, await newCode('fixed', 1));
    expect(order.totalPrice).toBe(2);
    const given = [];
    for (let i = 0; i < 3; i++) given.push(await refundUnits(order._id, lineId, 1));
    expect(given).toEqual([67, 66, 67]);
    const after = (await as(t.app, admin).get(`/api/admin/orders/details/${order._id}`)).json().data;
    expect(after).toMatchObject({ paymentStatus: 'refunded', refundedTotal: 2 });
    expect(after.cartItems[0]).toMatchObject({ refundedQuantity: 3, refundedAmount: 2 });
  });

  it('a discounted line of $1.89 (two units of $1.05, 10 % off) gives back exactly $1.89 one unit at a time', async () => {
    const { order, lineId } = await buy(1.05, 2, await newCode('percent', 10));
    expect(order.totalPrice).toBe(1.89);
    expect([await refundUnits(order._id, lineId, 1), await refundUnits(order._id, lineId, 1)]).toEqual([
      95, 94,
    ]);
  });

  it('with shipping on the order, three unit refunds of a $2.00 line return $2.00 and the shipping stays to refund', async () => {
    const added = await as(t.app, admin).post('/api/admin/shipping-methods', { name: 'Courier', price: 5 });
    expect(added.statusCode).toBe(201);
    try {
      const { order, lineId } = await buy(1, 3, await newCode('fixed', 1));
      expect(order.totalPrice).toBe(7);
      let sum = 0;
      for (let i = 0; i < 3; i++) sum += await refundUnits(order._id, lineId, 1);
      expect(sum).toBe(200);
      const rest = await as(t.app, admin).post(`/api/admin/orders/refund/${order._id}`, {});
      expect(rest.json()).toMatchObject({ message: 'Refunded $5.00.', data: { refundedTotal: 7 } });
    } finally {
      await as(t.app, admin).delete(`/api/admin/shipping-methods/${added.json().data._id}`);
    }
  });

  it.each([
    ['2 then 1 then 4', [2, 1, 4]],
    ['1 then 4 then 2', [1, 4, 2]],
    ['one at a time', [1, 1, 1, 1, 1, 1, 1]],
  ])(
    'seven units of $1.53 with a 7 percent code, refunded %s, sum to what the line cost',
    async (_, sizes) => {
      const { order, lineId } = await buy(1.53, 7, await newCode('percent', 7));
      const paid = Math.round(order.totalPrice * 100);
      let sum = 0;
      for (const n of sizes) sum += await refundUnits(order._id, lineId, n);
      expect(sum).toBe(paid);
    },
  );

  it('the admin’s preview (contract lineRefundCents) gives what the server refunds, after earlier refunds', () => {
    const line = { price: 1, quantity: 3, discount: 1, tax: 0, refundedQuantity: 0, refundedAmount: 0 };
    expect(lineRefundCents(line, 1, false)).toBe(67);
    expect(lineRefundCents({ ...line, refundedQuantity: 1, refundedAmount: 0.67 }, 1, false)).toBe(66);
    expect(lineRefundCents({ ...line, refundedQuantity: 2, refundedAmount: 1.33 }, 1, false)).toBe(67);
    expect(lineRefundCents({ ...line, refundedQuantity: 1, refundedAmount: 0.67 }, 2, false)).toBe(133);
    expect(lineRefundCents(line, 0, false)).toBe(0);
  });
});

describe('units refunded without a return to stock stay out of it (item 10)', () => {
  it('a unit refunded without restock is not put back when the admin cancels the order', async () => {
    const { order, productId, lineId } = await buy(4, 3);
    expect(await stockOf(productId)).toBe(17);
    await refundUnits(order._id, lineId, 1, false);
    expect(await stockOf(productId)).toBe(17);
    const cancelled = await as(t.app, admin).put(`/api/admin/orders/status/${order._id}`, {
      orderStatus: 'Cancelled',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(productId)).toBe(19);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.id, lineId));
    expect(line).toMatchObject({ keptQuantity: 1, restockedQuantity: 2, refundedQuantity: 3 });
  });

  it('when the shopper cancels: a unit kept out and one restocked by refunds, the third comes back once', async () => {
    const { order, productId, lineId } = await buy(4, 3);
    await refundUnits(order._id, lineId, 1, false);
    await refundUnits(order._id, lineId, 1, true);
    expect(await stockOf(productId)).toBe(18);
    const res = await as(t.app, shopper).post(`/api/shop/order/cancel/${order._id}`, {});
    expect(res.statusCode).toBe(200);
    expect(await stockOf(productId)).toBe(19);
    expect(res.json().data).toMatchObject({
      orderStatus: 'Cancelled',
      paymentStatus: 'refunded',
      refundedTotal: 12,
    });
  });
});
