/**
 * Issue 40, item 4: a checkout never paid (pending, or cancelled on the payment page before capture) is not an order.
 * The shopper's history and its count leave it out; so do the admin's default list, its count, the CSV export and the
 * dashboard's counts by status. The admin finds it under "Unpaid checkouts" (`payment=unpaid`), with its own count.
 * Paid orders, cancelled and refunded ones included, stay where they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, Dashboard, Order } from '@emporium/contract';
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
  buyProducts,
  capture,
  placeOrder,
  type Session,
} from '../../test/shop-client.ts';

let t: TestApp;
let admin: Session;
let shopper: Session & { email: string };
let paid: Order;
let refunded: Order;
let cancelledCheckout: string;
let pendingCheckout: { orderId: string; paymentId: string };
let before: Dashboard;

async function adminList(query = '') {
  const res = await as(t.app, admin).get(`/api/admin/orders/get${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: AdminOrder[]; pagination: { total: number } };
}

const ids = (list: Array<{ _id: string }>) => list.map((o) => o._id);
const dashboard = async () => (await as(t.app, admin).get('/api/admin/dashboard')).json().data as Dashboard;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  before = await dashboard();
  shopper = await signUpAndLogIn(t.app, { userName: 'Una Unpaid' });
  const lamp = await insertProduct(t.db, { title: 'Lamp', price: 7, totalStock: 100 });
  paid = await buyProducts(t.app, shopper, [{ productId: lamp, quantity: 1 }]);
  refunded = await buyProducts(t.app, shopper, [{ productId: lamp, quantity: 2 }]);
  // A paid order the admin cancels (and so refunds) stays an order: it was paid.
  const cancel = await as(t.app, admin).put(`/api/admin/orders/status/${refunded._id}`, {
    orderStatus: 'Cancelled',
  });
  expect(cancel.statusCode).toBe(200);
  const address = (await as(t.app, shopper).get(`/api/shop/address/get/${shopper.userId}`)).json().data[0];
  // Cancel pressed on the payment page: Cancelled/cancelled, never paid.
  await addToCart(t.app, shopper, lamp, 3);
  const first = await placeOrder(t.app, shopper, address._id);
  const res = await t.app.inject({ method: 'POST', url: `/sandbox/pay/${first.paymentId}/cancel` });
  expect(res.headers.location).toBe('http://shop.test/shop/checkout?payment=cancelled');
  cancelledCheckout = first.orderId;
  // The shopper comes back and leaves on the payment page: Pending/pending.
  await addToCart(t.app, shopper, lamp, 1);
  pendingCheckout = await placeOrder(t.app, shopper, (await addAddress(t.app, shopper))._id);
});
afterAll(async () => {
  await t.app.close();
});

describe('a checkout never paid is not an order', () => {
  it('is left out of the shopper’s history and its count, and still opens by id (the return page)', async () => {
    const res = await as(t.app, shopper).get(`/api/shop/order/list/${shopper.userId}?page=1&limit=10`);
    const body = res.json() as { data: Order[]; pagination: { total: number } };
    expect(ids(body.data)).toEqual([refunded._id, paid._id]);
    expect(body.pagination.total).toBe(2);
    const unpaged = (await as(t.app, shopper).get(`/api/shop/order/list/${shopper.userId}`)).json();
    expect(ids(unpaged.data)).toEqual([refunded._id, paid._id]);
    const details = await as(t.app, shopper).get(`/api/shop/order/details/${cancelledCheckout}`);
    expect(details.json().data).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'cancelled' });
  });

  it('is left out of the admin’s list, its count, its status filter and the CSV', async () => {
    const all = await adminList();
    expect(ids(all.data)).toEqual([refunded._id, paid._id]);
    expect(all.pagination.total).toBe(2);
    const cancelled = await adminList('?status=Cancelled&page=1&limit=10');
    expect(ids(cancelled.data)).toEqual([refunded._id]);
    expect(cancelled.pagination.total).toBe(1);
    expect((await adminList('?status=Pending')).pagination.total).toBe(0);
    // A filter the summary table cannot answer counts the rows: the same rule.
    expect((await adminList(`?search=${shopper.email}`)).pagination.total).toBe(2);
    const csv = (await as(t.app, admin).get('/api/admin/orders/export.csv')).body;
    expect(csv).toContain(paid._id);
    expect(csv).not.toContain(cancelledCheckout);
    expect(csv).not.toContain(pendingCheckout.orderId);
  });

  it('is listed, counted and exported under "Unpaid checkouts" (payment=unpaid)', async () => {
    const unpaid = await adminList('?payment=unpaid');
    expect(ids(unpaid.data)).toEqual([pendingCheckout.orderId, cancelledCheckout]);
    expect(unpaid.pagination.total).toBe(2);
    const cancelled = await adminList('?payment=unpaid&status=Cancelled');
    expect(ids(cancelled.data)).toEqual([cancelledCheckout]);
    expect(cancelled.pagination.total).toBe(1);
    expect((await adminList(`?payment=unpaid&search=${shopper.email}`)).pagination.total).toBe(2);
    const csv = (await as(t.app, admin).get('/api/admin/orders/export.csv?payment=unpaid')).body;
    expect(csv).toContain(cancelledCheckout);
    expect(csv).not.toContain(paid._id);
    // An unknown value is ignored (DESIGN.md §4: unknown filter values), as for the other filters.
    expect(ids((await adminList('?payment=anything')).data)).toEqual([refunded._id, paid._id]);
  });

  it('is not counted by the dashboard, whose latest orders are paid ones', async () => {
    const d = await dashboard();
    expect(d.ordersByStatus.Pending - before.ordersByStatus.Pending).toBe(0);
    expect(d.ordersByStatus.Cancelled - before.ordersByStatus.Cancelled).toBe(1);
    expect(d.ordersByStatus.Processing - before.ordersByStatus.Processing).toBe(1);
    expect(ids(d.latestOrders)).toEqual([refunded._id, paid._id]);
  });

  it('becomes an order once paid: it moves from the unpaid count to the orders', async () => {
    const payerId = await approveSandbox(t.app, pendingCheckout.paymentId);
    expect((await capture(t.app, shopper, { ...pendingCheckout, payerId })).statusCode).toBe(200);
    expect(ids((await adminList('?payment=unpaid')).data)).toEqual([cancelledCheckout]);
    expect((await adminList('?payment=unpaid')).pagination.total).toBe(1);
    expect((await adminList()).pagination.total).toBe(3);
    expect((await dashboard()).ordersByStatus.Processing - before.ordersByStatus.Processing).toBe(2);
    const history = (await as(t.app, shopper).get(`/api/shop/order/list/${shopper.userId}`)).json();
    expect(ids(history.data)[0]).toBe(pendingCheckout.orderId);
  });
});
