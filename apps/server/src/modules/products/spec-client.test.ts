/**
 * The spec's own client, unchanged (spec §7, §3): what it sends must work against our API. Registration with
 * `username`, whole lists when it asks for no page, CORS for the methods it uses from another origin, and
 * server-owned fields (role, prices, user ids) still never taken from it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertProduct, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { addAddress, addToCart, as } from '../../test/shop-client.ts';

const OTHER_SHOP = 'http://client.example';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ CORS_ORIGINS: OTHER_SHOP });
  for (let i = 0; i < 40; i++) await insertProduct(t.db, { title: `Spec item ${i}`, price: 10 + i });
});
afterAll(async () => {
  await t.app.close();
});

describe("spec §7's client", () => {
  it('registers with {username, email, password} and never takes a role from the body', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'Spec Client', email: 'spec@example.test', password: 'a fine passphrase' },
    });
    expect(ok.statusCode).toBe(201);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'spec@example.test', password: 'a fine passphrase' },
    });
    expect(login.json().user).toMatchObject({ userName: 'Spec Client', role: 'user' });
    const withRole = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'Eve', email: 'eve2@example.test', password: 'a fine passphrase', role: 'admin' },
    });
    expect(withRole.statusCode).toBe(400);
  });

  it('GET /products/get?sortBy=price-asc without page/limit answers the whole catalog in order', async () => {
    const res = (
      await t.app.inject({ method: 'GET', url: '/api/shop/products/get?sortBy=price-asc' })
    ).json();
    expect(res.data).toHaveLength(40);
    expect(res.pagination.total).toBe(40);
    const prices = res.data.map((p: { price: number }) => p.price);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const paged = (
      await t.app.inject({ method: 'GET', url: '/api/shop/products/get?page=2&limit=24' })
    ).json();
    expect(paged.data).toHaveLength(16);
  });

  it('a preflight for DELETE with Authorization from a CORS_ORIGINS origin is allowed; from another origin not', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/shop/cart/delete/u/p',
        headers: {
          origin,
          'access-control-request-method': 'DELETE',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const allowed = await preflight(OTHER_SHOP);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(OTHER_SHOP);
    expect(String(allowed.headers['access-control-allow-methods'])).toMatch(/PUT.*DELETE/);
    expect(String(allowed.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const refused = await preflight('http://evil.example');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a catalog answer read from a CORS_ORIGINS origin is allowed there and varies by Origin, the first time and when repeated', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/shop/products/get?sortBy=price-desc&page=1&limit=5',
        headers: { origin: OTHER_SHOP, 'accept-encoding': 'gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(OTHER_SHOP);
      const vary = String(res.headers.vary).toLowerCase();
      expect(vary).toContain('origin');
      expect(vary).toContain('accept-encoding');
    }
  });

  it('order create ignores the prices, totals, statuses and user of the body it sends (spec §3 order)', async () => {
    const s = await signUpAndLogIn(t.app);
    const p = await insertProduct(t.db, { title: 'Priced', price: 80, totalStock: 5 });
    await addToCart(t.app, s, p, 1);
    const address = await addAddress(t.app, s);
    const res = await as(t.app, s).post('/api/shop/order/create', {
      userId: s.userId,
      cartId: 'whatever',
      cartItems: [{ productId: p, title: 'Priced', image: 'x', price: '0.01', quantity: 1 }],
      address: { addressId: address._id, ...address },
      orderStatus: 'Delivered',
      paymentMethod: 'paypal',
      paymentStatus: 'completed',
      totalPrice: 0.01,
      orderDate: new Date().toISOString(),
      orderUpdateDate: new Date().toISOString(),
      paymentId: '',
      payerId: '',
    });
    expect(res.statusCode).toBe(201);
    const order = (await as(t.app, s).get(`/api/shop/order/details/${res.json().orderId}`)).json().data;
    expect(order).toMatchObject({ totalPrice: 80, orderStatus: 'Pending', paymentStatus: 'pending' });
    const other = await signUpAndLogIn(t.app);
    const foreign = await as(t.app, s).post('/api/shop/order/create', {
      userId: other.userId,
      address: { addressId: address._id },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
