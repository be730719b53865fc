/**
 * `GET /api/shop/order/by-payment/:paymentId` (issue 27): the return page opened without the checkout tab's stored
 * order id finds the signed-in shopper's order by the payment id in its URL, and nobody else's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@emporium/contract';
import { buildTestApp, insertProduct, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { as, buyProducts, type Session } from '../../test/shop-client.ts';

let t: TestApp;
let alice: Session;
let bob: Session;
let paid: Order;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpAndLogIn(t.app);
  bob = await signUpAndLogIn(t.app);
  const lamp = await insertProduct(t.db, { title: 'Lamp', price: 5, totalStock: 10 });
  paid = await buyProducts(t.app, alice, [{ productId: lamp, quantity: 2 }]);
});
afterAll(async () => {
  await t.app.close();
});

describe('order by payment id', () => {
  it('answers the shopper their own order, paid, for the payment id of the return URL', async () => {
    const res = await as(t.app, alice).get(`/api/shop/order/by-payment/${paid.paymentId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: paid._id,
      orderStatus: 'Processing',
      paymentStatus: 'completed',
      totalPrice: 10,
    });
  });

  it('answers 404 to another shopper holding the same payment id, and to an unknown one', async () => {
    const theirs = await as(t.app, bob).get(`/api/shop/order/by-payment/${paid.paymentId}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ success: false, message: 'Order not found' });
    const unknown = await as(t.app, alice).get('/api/shop/order/by-payment/PAY-UNKNOWN');
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 401 to a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/order/by-payment/${paid.paymentId}` });
    expect(res.statusCode).toBe(401);
  });
});
