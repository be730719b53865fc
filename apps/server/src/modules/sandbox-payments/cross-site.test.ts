/**
 * Issue 24, findings 3 and 8: the sandbox page's Pay and Cancel, public routes, refuse a cross-site POST with or
 * without the shopper's cookie (the order stays pending), while the page's own same-origin forms and non-browser
 * clients work; a separately hosted storefront (STOREFRONT_URL) gets the shopper back after paying, and may post.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { buildTestApp, insertProduct, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { addAddress, addToCart, placeOrder, type Session } from '../../test/shop-client.ts';

let t: TestApp;
let shopper: Session;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp({ STOREFRONT_URL: 'https://store.example.com' });
  shopper = await signUpAndLogIn(t.app);
  productId = await insertProduct(t.db, { totalStock: 100 });
  await addAddress(t.app, shopper);
});
afterAll(async () => {
  await t.app.close();
});

/** A pending order of the shopper with its sandbox payment. */
async function pendingOrder() {
  await addToCart(t.app, shopper, productId, 1);
  const [address] = (
    await t.app.inject({
      method: 'GET',
      url: `/api/shop/address/get/${shopper.userId}`,
      headers: { authorization: `Bearer ${shopper.token}` },
    })
  ).json().data;
  return placeOrder(t.app, shopper, address._id);
}
const statusOf = async (orderId: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

describe('cross-site POSTs to the payment page are refused', () => {
  const attacks: Array<[string, Record<string, string>]> = [
    ['a foreign Origin with the cookie', { origin: 'https://evil.example', cookie: 'token=' }],
    ['a foreign Origin without a cookie', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
  ];
  it.each(attacks)('Pay with %s is 403 and the order stays pending', async (_name, headers) => {
    const placed = await pendingOrder();
    const withCookie = headers.cookie ? { ...headers, cookie: `token=${shopper.token}` } : headers;
    for (const action of ['approve', 'cancel']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/sandbox/pay/${placed.paymentId}/${action}`,
        headers: { ...withCookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: 'Request origin not allowed' });
    }
    expect(await statusOf(placed.orderId)).toMatchObject({
      orderStatus: 'Pending',
      paymentStatus: 'pending',
    });
  });

  it('a foreign Origin is refused on every public state-changing route, not only the payment page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'someone@example.test', password: 'whatever it is' },
    });
    expect(res.statusCode).toBe(403);
  });

  it("the page's own form (same origin) pays, and the shopper returns to the storefront", async () => {
    const placed = await pendingOrder();
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${placed.paymentId}/approve`,
      headers: {
        origin: 'http://shop.test',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    const back = new URL(String(res.headers.location));
    expect(back.origin).toBe('https://store.example.com');
    expect(back.pathname).toBe('/shop/paypal-return');
    expect(back.searchParams.get('paymentId')).toBe(placed.paymentId);
    expect(await statusOf(placed.orderId)).toMatchObject({ paymentStatus: 'completed' });
  });

  it('Cancel sends the shopper back to the storefront checkout', async () => {
    const placed = await pendingOrder();
    const res = await t.app.inject({ method: 'POST', url: `/sandbox/pay/${placed.paymentId}/cancel` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('https://store.example.com/shop/checkout?payment=cancelled');
  });

  it('the storefront origin may post with the cookie and gets CORS headers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shop/cart/add/${shopper.userId}/${productId}`,
      headers: { origin: 'https://store.example.com', cookie: `token=${shopper.token}` },
      payload: { quantity: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://store.example.com');
  });
});
