/**
 * One short order number everywhere (issue 26 / DESIGN.md §4): every order gets the next `orders.number` from 1001
 * on insert, and it is what the shopper's list and details, the payment description (sandbox page), the
 * confirmation e-mail, the admin search and the orders CSV show. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL (where the concurrent creations really run side by side).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, Order } from '@emporium/contract';
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
  as,
  capture,
  placeOrder,
  type Session,
} from '../../test/shop-client.ts';

let t: TestApp;
let admin: Session;
let shopper: Session;
let lamp: string;
/** The first two orders of the fresh database: placed, then the first one paid. */
let first: { orderId: string; paymentId: string };
let second: { orderId: string; paymentId: string };

async function details(s: Session, orderId: string): Promise<Order> {
  const res = await as(t.app, s).get(`/api/shop/order/details/${orderId}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** The admin's search; `unpaid`: among the checkouts never paid (issue 40: the second order is never paid). */
async function adminSearch(search: string, unpaid = false): Promise<AdminOrder[]> {
  const res = await as(t.app, admin).get(
    `/api/admin/orders/get?search=${encodeURIComponent(search)}${unpaid ? '&payment=unpaid' : ''}`,
  );
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  t = await buildTestApp();
  shopper = await signUpAndLogIn(t.app, { userName: 'Nina Number' });
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  lamp = await insertProduct(t.db, { title: 'Number lamp', price: 12, totalStock: 1000 });
  const address = await addAddress(t.app, shopper);
  await addToCart(t.app, shopper, lamp, 2);
  first = await placeOrder(t.app, shopper, address._id);
  // A different cart (another quantity), so it is a new order rather than the unpaid one answered again.
  await addToCart(t.app, shopper, lamp, 1);
  second = await placeOrder(t.app, shopper, address._id);
});
afterAll(async () => {
  await t?.app.close();
});

describe('order numbers', () => {
  it('the first order of a fresh database is #1001, the next #1002, in the list and the details', async () => {
    expect((await details(shopper, first.orderId)).orderNumber).toBe(1001);
    expect((await details(shopper, second.orderId)).orderNumber).toBe(1002);
    // Not paid yet: not in the history (issue 40); the number is the order's from its placing on.
    const list = await as(t.app, shopper).get(`/api/shop/order/list/${shopper.userId}`);
    expect(list.json().data).toEqual([]);
  });

  it('the payment description sent to the provider, shown on the sandbox page, carries the number', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/pay/${first.paymentId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Emporium order #1001 (2 items)');
    expect(page.body).not.toContain(`#${first.orderId.slice(-6)}`);
  });

  it('the confirmation e-mail says "Your Emporium order #1001"', async () => {
    const payerId = await approveSandbox(t.app, first.paymentId);
    const paid = await capture(t.app, shopper, { ...first, payerId });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.orderNumber).toBe(1001);
    const list = await as(t.app, shopper).get(`/api/shop/order/list/${shopper.userId}`);
    expect(list.json().data.map((o: Order) => [o._id, o.orderNumber])).toEqual([[first.orderId, 1001]]);
    const file = join(t.config.dataDir, 'outbox', `order-confirmation-${first.orderId}.eml`);
    await expect.poll(() => existsSync(file), { timeout: 10_000 }).toBe(true);
    // .eml bodies are quoted-printable: undo soft line breaks and =XX escapes before reading them.
    const mail = readFileSync(file, 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(mail).toMatch(/^Subject: Your Emporium order #1001\r?$/m);
    expect(mail).toContain('Thank you for your order #1001 of ');
    expect(mail).toContain('Order <strong>#1001</strong>');
  });

  it.each([
    ['the number', '1001', 'first'],
    ['# and the number', '#1001', 'first'],
    ['# and the number, with spaces', '  #1002 ', 'second'],
  ] as const)('the admin search finds an order by %s', async (_label, search, which) => {
    const wanted = which === 'first' ? first.orderId : second.orderId;
    const found = await adminSearch(search, which === 'second');
    expect(found.map((o) => o._id)).toEqual([wanted]);
    expect(found[0]!.orderNumber).toBe(which === 'first' ? 1001 : 1002);
  });

  it.each([
    ['a number no order has', '999999'],
    ['a number too long to be one', '1'.repeat(40)],
  ])('the admin search by %s finds nothing (and does not fail)', async (_label, search) => {
    expect(await adminSearch(search)).toEqual([]);
  });

  it('the id-prefix search of the admin list still works beside the number', async () => {
    expect((await adminSearch(first.orderId.slice(0, 8))).map((o) => o._id)).toEqual([first.orderId]);
    expect((await adminSearch(`#${second.orderId.slice(-6)}`, true)).map((o) => o._id)).toEqual([
      second.orderId,
    ]);
  });

  it('the admin details and the orders CSV carry the number ("Number", after "Order ID")', async () => {
    const one = await as(t.app, admin).get(`/api/admin/orders/details/${second.orderId}`);
    expect(one.json().data.orderNumber).toBe(1002);
    const csv = await as(t.app, admin).get('/api/admin/orders/export.csv?search=%231001');
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.split('\r\n');
    expect(header!.split(',').slice(0, 3)).toEqual(['Order ID', 'Number', 'Order Date']);
    expect(row!.split(',').slice(0, 2)).toEqual([first.orderId, '1001']);
  });

  it('numbers never repeat under 10 concurrent order creations, and go on from the last', async () => {
    // Invariant: every order created gets a number no other order has (the sequence, and UNIQUE on the column);
    // ten creations at once all succeed with ten different numbers following the two placed above.
    const shoppers: Session[] = [];
    const addressIds: string[] = [];
    for (let i = 0; i < 10; i++) {
      const s = await signUpAndLogIn(t.app);
      shoppers.push(s);
      await addToCart(t.app, s, lamp, 1);
      addressIds.push((await addAddress(t.app, s))._id);
    }
    const results = await Promise.allSettled(shoppers.map((s, i) => placeOrder(t.app, s, addressIds[i]!)));
    const placed = results.map((r) => {
      if (r.status === 'rejected') throw r.reason;
      return r.value;
    });
    const numbers = await Promise.all(
      placed.map(async (p, i) => (await details(shoppers[i]!, p.orderId)).orderNumber),
    );
    expect(new Set(numbers).size).toBe(10);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => 1003 + i));
  });
});
