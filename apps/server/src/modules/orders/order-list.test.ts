/**
 * The shopper's order list (`GET /api/shop/order/list/:userId`, spec §7): unpaged, as spec §7's client calls it, the
 * whole list in `data`; with `page`/`limit` one slice of it, newest first, and the paging beside it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@emporium/contract';
import { buildTestApp, insertProduct, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { as, buyProducts, type Session } from '../../test/shop-client.ts';

let t: TestApp;
let alice: Session;
let bob: Session;
const ORDERS = 12;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpAndLogIn(t.app);
  bob = await signUpAndLogIn(t.app);
  const lamp = await insertProduct(t.db, { title: 'Lamp', price: 5, totalStock: 1000 });
  // Each order a different quantity, so each has its own total.
  for (let i = 1; i <= ORDERS; i++) await buyProducts(t.app, alice, [{ productId: lamp, quantity: i }]);
  await buyProducts(t.app, bob, [{ productId: lamp, quantity: 1 }]);
});
afterAll(async () => {
  await t.app.close();
});

async function list(s: Session, query = '') {
  const res = await as(t.app, s).get(`/api/shop/order/list/${s.userId}${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    success: true;
    data: Order[];
    pagination?: { page: number; limit: number; total: number; pages: number };
  };
}

describe('order list paging', () => {
  it('answers the whole list, newest first, to a call without page and limit (spec §7’s client)', async () => {
    const all = await list(alice);
    expect(all.success).toBe(true);
    expect(all.data).toHaveLength(ORDERS);
    expect(all.data.map((o) => o.totalPrice)).toEqual(
      Array.from({ length: ORDERS }, (_, i) => (ORDERS - i) * 5),
    );
    expect(all.data.every((o) => o.userId === alice.userId && o.cartItems.length === 1)).toBe(true);
  });

  it('answers the asked slice and the total with page and limit', async () => {
    const all = (await list(alice)).data.map((o) => o._id);
    const second = await list(alice, '?page=2&limit=5');
    expect(second.data.map((o) => o._id)).toEqual(all.slice(5, 10));
    expect(second.pagination).toEqual({ page: 2, limit: 5, total: ORDERS, pages: 3 });
    const last = await list(alice, '?page=3&limit=5');
    expect(last.data.map((o) => o._id)).toEqual(all.slice(10));
    expect((await list(alice, '?page=4&limit=5')).data).toEqual([]);
    // `page` alone: the default page size (20) holds them all.
    const first = await list(alice, '?page=1');
    expect(first.data.map((o) => o._id)).toEqual(all);
    expect(first.pagination).toEqual({ page: 1, limit: 20, total: ORDERS, pages: 1 });
  });

  it('counts and pages only the caller’s orders', async () => {
    const bobs = await list(bob, '?page=1&limit=10');
    expect(bobs.data).toHaveLength(1);
    expect(bobs.pagination?.total).toBe(1);
    expect((await as(t.app, bob).get(`/api/shop/order/list/${alice.userId}?page=1&limit=5`)).statusCode).toBe(
      403,
    );
  });
});
