/**
 * Issue 26 (DESIGN.md §4): an admin moves an order only along the allowed transitions (anything else is a 409 that
 * changes nothing), and deleting a finished paid order archives it: gone from the admin's list, still in the
 * dashboard's figures, the shopper's history and reachable for refunds (issue 46); an unfinished one is refused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '@emporium/contract';
import { orders, products, sandboxPayments } from '../../db/schema.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { addAddress, addToCart, as, buyProducts, placeOrder, type Session } from '../../test/shop-client.ts';

let t: TestApp;
let admin: Session;
let shopper: Awaited<ReturnType<typeof signUpAndLogIn>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  shopper = await signUpAndLogIn(t.app);
  await addAddress(t.app, shopper);
});
afterAll(async () => {
  await t.app.close();
});

const QTY = 2;
const STOCK = 10;

const stockOf = async (id: string) =>
  (await t.db.select({ s: products.totalStock }).from(products).where(eq(products.id, id)))[0]!.s;
const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const setStatus = (id: string, orderStatus: OrderStatus) =>
  as(t.app, admin).put(`/api/admin/orders/status/${id}`, { orderStatus });

/** A fresh product and an order of QTY of it in `status`; Pending is placed but not paid (it holds no stock). */
async function orderIn(status: OrderStatus): Promise<{ orderId: string; productId: string }> {
  const productId = await insertProduct(t.db, { totalStock: STOCK });
  if (status === 'Pending') {
    await addToCart(t.app, shopper, productId, QTY);
    const address = (await as(t.app, shopper).get(`/api/shop/address/get/${shopper.userId}`)).json().data[0];
    const placed = await placeOrder(t.app, shopper, address._id);
    return { orderId: placed.orderId, productId };
  }
  const order = await buyProducts(t.app, shopper, [{ productId, quantity: QTY }]);
  // Shipped via Processing; Delivered and Cancelled straight from Processing.
  const path: OrderStatus[] = status === 'Shipped' ? ['Shipped'] : status === 'Processing' ? [] : [status];
  for (const step of path) expect((await setStatus(order._id, step)).statusCode).toBe(200);
  return { orderId: order._id, productId };
}

/** The allowed moves, written out here independently of the contract's table (DESIGN.md §4). */
const ALLOWED = new Set([
  'Pending→Cancelled',
  'Processing→Shipped',
  'Processing→Delivered',
  'Processing→Cancelled',
  'Shipped→Delivered',
]);
const PAIRS = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));
const FORBIDDEN = PAIRS.filter(([from, to]) => from !== to && !ALLOWED.has(`${from}→${to}`));

describe('PUT /api/admin/orders/status/:id: allowed transitions only', () => {
  it('the pairs cover every status: 5 allowed, 5 no-ops, 15 refused', () => {
    expect(PAIRS).toHaveLength(25);
    expect(FORBIDDEN).toHaveLength(15);
  });

  it.each(FORBIDDEN)('%s → %s is a 409 naming both statuses, and changes nothing', async (from, to) => {
    const { orderId, productId } = await orderIn(from);
    const before = await rowOf(orderId);
    const stock = await stockOf(productId);
    const res = await setStatus(orderId, to);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: `An order that is ${from} cannot be set to ${to}.`,
    });
    const after = await rowOf(orderId);
    expect(after).toMatchObject({
      orderStatus: from,
      paymentStatus: before!.paymentStatus,
      stockHeld: before!.stockHeld,
    });
    expect(after!.orderUpdateDate).toEqual(before!.orderUpdateDate);
    expect(await stockOf(productId)).toBe(stock);
  });

  it.each(ORDER_STATUSES)('%s → %s again is a no-op 200 (no stock moves)', async (status) => {
    const { orderId, productId } = await orderIn(status);
    const before = await rowOf(orderId);
    const stock = await stockOf(productId);
    const res = await setStatus(orderId, status);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.orderStatus).toBe(status);
    expect(await rowOf(orderId)).toEqual(before);
    expect(await stockOf(productId)).toBe(stock);
  });

  it.each([
    // [from, to, stock change, payment status after]; a paid order cancelled is refunded in full (issue 26)
    ['Pending', 'Cancelled', 0, 'cancelled'],
    ['Processing', 'Shipped', 0, 'completed'],
    ['Processing', 'Delivered', 0, 'completed'],
    ['Processing', 'Cancelled', QTY, 'refunded'],
    ['Shipped', 'Delivered', 0, 'completed'],
  ] as const)('%s → %s is allowed (stock %i back, payment %s)', async (from, to, back, payment) => {
    const { orderId, productId } = await orderIn(from);
    const stock = await stockOf(productId);
    const res = await setStatus(orderId, to);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      // A paid order cancelled says what became of its refund (issue 26).
      message:
        payment === 'refunded'
          ? expect.stringMatching(/^The order is cancelled\. Refunded \$[\d,.]+\.$/)
          : 'Order status updated successfully',
      data: { _id: orderId, orderStatus: to, paymentStatus: payment },
    });
    expect(await stockOf(productId)).toBe(stock + back);
  });

  it('Cancelled → Processing is refused and the stock given back is not taken again (no oversell)', async () => {
    const { orderId, productId } = await orderIn('Cancelled');
    expect(await stockOf(productId)).toBe(STOCK);
    const res = await setStatus(orderId, 'Processing');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An order that is Cancelled cannot be set to Processing.');
    expect((await rowOf(orderId))!.orderStatus).toBe('Cancelled');
    expect(await stockOf(productId)).toBe(STOCK);
  });

  it('an unknown or malformed order is a 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await setStatus(id, 'Shipped');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Order not found' });
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('status races (PostgreSQL)', () => {
  it('Cancelled and Shipped sent at once to a Processing order: exactly one wins, stock matches the winner', async () => {
    for (let round = 0; round < 8; round++) {
      const { orderId, productId } = await orderIn('Processing');
      const results = await Promise.allSettled([
        setStatus(orderId, 'Cancelled'),
        setStatus(orderId, 'Shipped'),
      ]);
      const codes = results.map((r) => (r.status === 'fulfilled' ? r.value.statusCode : 0));
      // Invariant: one 200 and one 409 (Cancelled → Shipped and Shipped → Cancelled are both refused); the order ends
      // in the winner's status; stock is back exactly when Cancelled won.
      expect([...codes].sort()).toEqual([200, 409]);
      const winner = codes[0] === 200 ? 'Cancelled' : 'Shipped';
      expect((await rowOf(orderId))!.orderStatus).toBe(winner);
      expect(await stockOf(productId)).toBe(winner === 'Cancelled' ? STOCK : STOCK - QTY);
    }
  });
});

describe('DELETE /api/admin/orders/delete/:id: finished paid orders are archived, unpaid ones deleted', () => {
  const dashboard = async () => (await as(t.app, admin).get('/api/admin/dashboard')).json().data;
  const figures = (d: { last30Days: unknown; today: unknown; revenueByDay: unknown }) => ({
    last30Days: d.last30Days,
    today: d.today,
    revenueByDay: d.revenueByDay,
  });
  const ids = (res: { json: () => { data: Array<{ _id: string }> } }) => res.json().data.map((o) => o._id);

  it.each(['Delivered', 'Cancelled'] as const)(
    'a finished paid %s order leaves the admin’s list, search and CSV, and stays reachable and in the dashboard',
    async (status) => {
      const { orderId } = await orderIn(status);
      const adminList = () => as(t.app, admin).get('/api/admin/orders/get');
      const search = () =>
        as(t.app, admin).get(`/api/admin/orders/get?search=${encodeURIComponent(orderId)}`);
      const csv = () => as(t.app, admin).get(`/api/admin/orders/export.csv?search=${shopper.email}`);
      const history = () => as(t.app, shopper).get(`/api/shop/order/list/${shopper.userId}`);
      expect(ids(await adminList())).toContain(orderId);
      expect(ids(await search())).toEqual([orderId]);
      expect((await csv()).body).toContain(orderId);
      const before = await dashboard();

      const res = await as(t.app, admin).delete(`/api/admin/orders/delete/${orderId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Order deleted successfully' });

      expect((await rowOf(orderId))!.archivedAt).toBeInstanceOf(Date);
      expect(ids(await adminList())).not.toContain(orderId);
      expect(ids(await search())).toEqual([]);
      expect((await csv()).body).not.toContain(orderId);
      // Issue 46: still the shopper's (history, details), and the admin still opens it by id.
      expect(ids(await history())).toContain(orderId);
      expect((await as(t.app, shopper).get(`/api/shop/order/details/${orderId}`)).statusCode).toBe(200);
      const details = await as(t.app, admin).get(`/api/admin/orders/details/${orderId}`);
      expect(details.json().data).toMatchObject({ _id: orderId, orderStatus: status, archived: true });
      const after = await dashboard();
      expect(figures(after)).toEqual(figures(before));
      expect(after.latestOrders.map((o: { _id: string }) => o._id)).not.toContain(orderId);

      const again = await as(t.app, admin).delete(`/api/admin/orders/delete/${orderId}`);
      expect(again.statusCode).toBe(200);
      expect((await rowOf(orderId))!.archivedAt).toEqual((await rowOf(orderId))!.archivedAt);
    },
  );

  // Issue 46, item 7: archiving a paid, unshipped order made it 404 to every route while it stayed paid and
  // Processing with its stock held.
  it.each([
    ['Processing', 'Cancel it (which refunds it) or wait until it is delivered'],
    ['Shipped', 'Cancel it (which refunds it) or wait until it is delivered'],
  ] as const)(
    'a paid %s order is not deleted: 409 says what to do first, nothing changes',
    async (status, hint) => {
      const { orderId, productId } = await orderIn(status);
      const stock = await stockOf(productId);
      const res = await as(t.app, admin).delete(`/api/admin/orders/delete/${orderId}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        message: `This order is paid and not finished. ${hint} before deleting it.`,
      });
      expect(await rowOf(orderId)).toMatchObject({ archivedAt: null, orderStatus: status });
      expect(await stockOf(productId)).toBe(stock);
      expect(ids(await as(t.app, admin).get('/api/admin/orders/get'))).toContain(orderId);
    },
  );

  it('a cancelled order whose refund failed is not deleted, and stays under "Refunds due"', async () => {
    const { orderId } = await orderIn('Processing');
    await t.db
      .update(orders)
      .set({ orderStatus: 'Cancelled', refundReservedCents: 0, refundedCents: 0 })
      .where(eq(orders.id, orderId));
    const res = await as(t.app, admin).delete(`/api/admin/orders/delete/${orderId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This order was paid and is not fully refunded yet. Refund it before deleting it.',
    );
    const due = (await as(t.app, admin).get('/api/admin/orders/get?refund=due&limit=100')).json().data;
    expect(due.map((o: { _id: string }) => o._id)).toContain(orderId);
  });

  it('an order archived while still owed (before this rule) stays reachable: cancelled, due, refunded', async () => {
    const { orderId, productId } = await orderIn('Processing');
    // As the old delete left it: archived while paid and Processing, holding its stock.
    await t.db.update(orders).set({ archivedAt: new Date() }).where(eq(orders.id, orderId));
    expect((await as(t.app, admin).get(`/api/admin/orders/details/${orderId}`)).json().data).toMatchObject({
      archived: true,
      orderStatus: 'Processing',
    });
    // The admin cancels it and the provider refuses the refund (the sandbox thinks it was refunded already).
    await t.db
      .update(sandboxPayments)
      .set({ refundedCents: 2000 })
      .where(eq(sandboxPayments.orderId, orderId));
    expect((await setStatus(orderId, 'Cancelled')).statusCode).toBe(200);
    expect(await stockOf(productId)).toBe(STOCK);
    const dueIds = async () =>
      ids(await as(t.app, admin).get('/api/admin/orders/get?refund=due&limit=100')).filter(
        (id) => id === orderId,
      );
    expect(await dueIds()).toEqual([orderId]);
    const dueBefore = (await dashboard()).refundsDue;
    expect(dueBefore).toBeGreaterThanOrEqual(1);
    // The provider accepts the admin's second try.
    await t.db.update(sandboxPayments).set({ refundedCents: 0 }).where(eq(sandboxPayments.orderId, orderId));
    const refunded = await as(t.app, admin).post(`/api/admin/orders/refund/${orderId}`, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({ paymentStatus: 'refunded', archived: true });
    expect(await dueIds()).toEqual([]);
    expect((await dashboard()).refundsDue).toBe(dueBefore - 1);
  });

  it('a legacy archived Processing order can still be cancelled by its shopper: refunded and restocked', async () => {
    const { orderId, productId } = await orderIn('Processing');
    await t.db.update(orders).set({ archivedAt: new Date() }).where(eq(orders.id, orderId));
    const res = await as(t.app, shopper).post(`/api/shop/order/cancel/${orderId}`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'refunded' });
    expect(await stockOf(productId)).toBe(STOCK);
  });

  it('a paid order counts in the 30-day revenue and paid orders before and after it is deleted', async () => {
    const before = await dashboard();
    const { orderId } = await orderIn('Delivered');
    const paid = await dashboard();
    expect(paid.last30Days.paidOrders).toBe(before.last30Days.paidOrders + 1);
    expect(paid.last30Days.revenue).toBeCloseTo(before.last30Days.revenue + QTY * 10, 2);
    expect((await as(t.app, admin).delete(`/api/admin/orders/delete/${orderId}`)).statusCode).toBe(200);
    expect(figures(await dashboard())).toEqual(figures(paid));
  });

  it.each(['Pending', 'Cancelled'] as const)('an unpaid order (%s) is deleted for good', async (status) => {
    const { orderId } = await orderIn('Pending');
    if (status === 'Cancelled') expect((await setStatus(orderId, 'Cancelled')).statusCode).toBe(200);
    const res = await as(t.app, admin).delete(`/api/admin/orders/delete/${orderId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Order deleted successfully' });
    expect(await rowOf(orderId)).toBeUndefined();
    expect((await as(t.app, admin).delete(`/api/admin/orders/delete/${orderId}`)).statusCode).toBe(404);
  });
});
