/**
 * The dashboard's summary tables (issue 29, migration 0021) stay equal to the sums they replace, computed again from
 * the orders, after every kind of change an order goes through: placed, paid, refunded in part, cancelled (refunded in
 * full), cancelled unpaid, delivered, archived, moved to another day, deleted. A fully refunded order that stays
 * open brings no revenue and is not a paid order (issue 40, item 13; migration 0038).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ORDER_STATUSES } from '@emporium/contract';
import { selectRows } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { addAddress, addToCart, as, buyProducts, placeOrder, type Session } from '../../test/shop-client.ts';
import { dashboardFigures } from './service.ts';

let t: TestApp;
let admin: Session;
let buyer: Session;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  buyer = await signUpAndLogIn(t.app);
});
afterAll(async () => {
  await t.app.close();
});

/** The summary tables (slots summed) and the same figures computed from the orders, side by side. */
async function compare() {
  const counted = sql`paid_at is not null and payment_status in ('completed', 'partially_refunded', 'refunded')
    and order_status <> 'Cancelled'`;
  const [days, daysAgain, statuses, statusesAgain] = await Promise.all([
    selectRows(
      t.db,
      sql`select day::text, sum(paid_orders)::int as n, sum(net_cents)::int as net from order_day_totals
          group by day having sum(paid_orders) <> 0 or sum(net_cents) <> 0 order by day`,
    ),
    selectRows(
      t.db,
      sql`select (paid_at at time zone 'UTC')::date::text as day,
                 (count(*) filter (where payment_status <> 'refunded'))::int as n,
                 sum(total_cents - refunded_cents)::int as net
          from orders where ${counted} group by 1 order by 1`,
    ),
    selectRows(
      t.db,
      sql`select order_status, archived, unpaid, sum(orders)::int as n from order_status_totals
          group by 1, 2, 3 having sum(orders) <> 0 order by 1, 2, 3`,
    ),
    selectRows(
      t.db,
      sql`select order_status, archived_at is not null as archived, paid_at is null as unpaid, count(*)::int as n
          from orders group by 1, 2, 3 order by 1, 2, 3`,
    ),
  ]);
  return { days, daysAgain, statuses, statusesAgain };
}

describe('dashboard summary tables', () => {
  it('equal the sums over the orders through payment, refunds, cancellation, archiving and deletion', async () => {
    const a = await insertProduct(t.db, { price: 20, totalStock: 50 });
    const b = await insertProduct(t.db, { price: 5, salePrice: 4, totalStock: 30 });
    const o1 = await buyProducts(t.app, buyer, [{ productId: a, quantity: 2 }]);
    const o2 = await buyProducts(t.app, buyer, [{ productId: b, quantity: 3 }]);
    const o3 = await buyProducts(t.app, buyer, [{ productId: a, quantity: 1 }]);
    const o4 = await buyProducts(t.app, buyer, [{ productId: b, quantity: 1 }]);
    // An order placed and never paid, then cancelled.
    await addToCart(t.app, buyer, a, 1);
    const unpaid = await placeOrder(t.app, buyer, (await addAddress(t.app, buyer))._id);
    let c = await compare();
    expect(c.days).toEqual(c.daysAgain);
    expect(c.statuses).toEqual(c.statusesAgain);
    expect(c.days).toEqual([{ day: expect.any(String), n: 4, net: 4000 + 1200 + 2000 + 400 }]);

    const refund = await as(t.app, admin).post(`/api/admin/orders/refund/${o1._id}`, { amount: 7.5 });
    expect(refund.statusCode).toBe(200);
    expect(
      (await as(t.app, admin).put(`/api/admin/orders/status/${o3._id}`, { orderStatus: 'Cancelled' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await as(t.app, admin).put(`/api/admin/orders/status/${o2._id}`, { orderStatus: 'Delivered' }))
        .statusCode,
    ).toBe(200);
    expect((await as(t.app, admin).delete(`/api/admin/orders/delete/${o2._id}`)).statusCode).toBe(200);
    expect(
      (await as(t.app, admin).put(`/api/admin/orders/status/${unpaid.orderId}`, { orderStatus: 'Cancelled' }))
        .statusCode,
    ).toBe(200);
    c = await compare();
    expect(c.days).toEqual(c.daysAgain);
    expect(c.statuses).toEqual(c.statusesAgain);
    // o1 less its refund, o2 (archived: still revenue), o4; o3 cancelled.
    expect(c.days).toEqual([{ day: expect.any(String), n: 3, net: 4000 - 750 + 1200 + 400 }]);
    expect(c.statuses).toContainEqual({ order_status: 'Delivered', archived: true, unpaid: false, n: 1 });

    // A change by hand (moving a payment to another day) and a deletion go through the same trigger.
    await t.db
      .update(orders)
      .set({ paidAt: sql`paid_at - interval '3 days'` })
      .where(eq(orders.id, o4._id));
    await t.db.delete(orders).where(eq(orders.id, o1._id));
    c = await compare();
    expect(c.days).toEqual(c.daysAgain);
    expect(c.statuses).toEqual(c.statusesAgain);
    expect(c.days.map((d) => (d as { n: number }).n)).toEqual([1, 1]);

    // The dashboard reads them: its figures are the orders' own.
    const d = await dashboardFigures(t.db, t.images);
    expect(d.today).toEqual({ revenue: 12, paidOrders: 1 });
    expect(d.last7Days).toEqual({ revenue: 16, paidOrders: 2 });
    expect(d.revenueByDay.filter((x) => x.orders > 0).map((x) => x.revenue)).toEqual([4, 12]);
    // Issue 40: paid orders only; the checkout never paid (cancelled above) is counted apart.
    const byStatus = Object.fromEntries(
      (c.statusesAgain as Array<{ order_status: string; unpaid: boolean; n: number }>)
        .filter((r) => !r.unpaid)
        .reduce(
          (m, r) => m.set(r.order_status, (m.get(r.order_status) ?? 0) + r.n),
          new Map<string, number>(),
        ),
    );
    for (const s of ORDER_STATUSES) expect(d.ordersByStatus[s]).toBe(byStatus[s] ?? 0);

    // The admin order list counts from the same table: every paid order not archived, and per status.
    const list = (await as(t.app, admin).get('/api/admin/orders/get?page=1&limit=2')).json();
    expect(list.pagination.total).toBe(Number(byStatus.Processing ?? 0) + Number(byStatus.Cancelled ?? 0));
    const cancelled = (
      await as(t.app, admin).get('/api/admin/orders/get?status=Cancelled&page=1&limit=2')
    ).json();
    expect(cancelled.pagination.total).toBe(1);
    const checkouts = (
      await as(t.app, admin).get('/api/admin/orders/get?payment=unpaid&page=1&limit=2')
    ).json();
    expect(checkouts.pagination.total).toBe(1);
  });
});

describe('a fully refunded order', () => {
  it('is not counted as a paid order of its day; a partly refunded one still is', async () => {
    const p = await insertProduct(t.db, { price: 30, totalStock: 20 });
    const before = await dashboardFigures(t.db, t.images);
    const full = await buyProducts(t.app, buyer, [{ productId: p, quantity: 1 }]);
    const part = await buyProducts(t.app, buyer, [{ productId: p, quantity: 1 }]);
    const paid = await dashboardFigures(t.db, t.images);
    expect(paid.today.paidOrders).toBe(before.today.paidOrders + 2);
    expect(paid.today.revenue).toBeCloseTo(before.today.revenue + full.totalPrice + part.totalPrice, 2);

    const all = await as(t.app, admin).post(`/api/admin/orders/refund/${full._id}`, {
      amount: full.totalPrice,
    });
    expect(all.statusCode).toBe(200);
    const some = await as(t.app, admin).post(`/api/admin/orders/refund/${part._id}`, { amount: 10 });
    expect(some.statusCode).toBe(200);
    const [states] = await selectRows<{ full: string; part: string; status: string }>(
      t.db,
      sql`select (select payment_status from orders where id = ${full._id}) as full,
                 (select payment_status from orders where id = ${part._id}) as part,
                 (select order_status from orders where id = ${full._id}) as status`,
    );
    expect(states).toEqual({ full: 'refunded', part: 'partially_refunded', status: 'Processing' });

    const after = await dashboardFigures(t.db, t.images);
    expect(after.today.paidOrders).toBe(before.today.paidOrders + 1);
    expect(after.last30Days.paidOrders).toBe(before.last30Days.paidOrders + 1);
    expect(after.today.revenue).toBeCloseTo(before.today.revenue + part.totalPrice - 10, 2);
    const c = await compare();
    expect(c.days).toEqual(c.daysAgain);

    // Deleting the refunded order takes nothing more away.
    await t.db.delete(orders).where(eq(orders.id, full._id));
    expect((await dashboardFigures(t.db, t.images)).today.paidOrders).toBe(before.today.paidOrders + 1);
  });
});
