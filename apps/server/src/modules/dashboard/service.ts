/**
 * The admin dashboard's figures (issue: "what an owner opens first"). Revenue counts orders whose payment was captured
 * and that were not cancelled since, by the UTC day they were paid, net of refunds (issue 26: `total_cents -
 * refunded_cents`); a fully refunded order is no paid order (issue 40, item 13; migration 0038). It and the counts
 * by status (of paid orders only, issue 40) are read from the summary tables a trigger keeps exact in each order's
 * transaction (migrations 0021, 0036, 0038, docs/decisions/015), not summed over a year of orders. Money in dollars.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES, toDollars, type Dashboard, type OrderStatus } from '@emporium/contract';
import { selectRows, type Db } from '../../db/client.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { listOrders } from '../orders/order-view.ts';
import { refundDue } from '../admin-orders/service.ts';

/** Products at or below this stock are listed as low (0 = sold out). */
export const LOW_STOCK_AT = 5;
const DAY_MS = 86_400_000;

export async function dashboardFigures(db: Db, images: ImageStore, now = new Date()): Promise<Dashboard> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const since7 = new Date(today.getTime() - 6 * DAY_MS);
  const since30 = new Date(today.getTime() - 29 * DAY_MS);

  // Sums over the slots of order_day_totals (migration 0021), one row per UTC day of payment: at most 30 days × 8
  // slots, instead of every order paid in the last 30 days (issue 29). Whole days: nothing is paid after now.
  const days = await selectRows<{ day: string; revenue: string; orders: string }>(
    db,
    sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(sum(t.net_cents), 0) as revenue,
           coalesce(sum(t.paid_orders), 0) as orders
    from generate_series(${since30.toISOString()}::timestamptz at time zone 'UTC',
                         ${today.toISOString()}::timestamptz at time zone 'UTC', interval '1 day') as d(day)
    left join order_day_totals t on t.day = d.day::date
    group by d.day order by d.day`,
  );
  const sumFrom = (from: Date, field: 'revenue' | 'orders') =>
    days
      .filter((d) => d.day >= from.toISOString().slice(0, 10))
      .reduce((sum, d) => sum + Number(d[field]), 0);

  const byStatus = await selectRows<{ order_status: OrderStatus; n: string }>(
    db,
    sql`select order_status, sum(orders) as n from order_status_totals where not unpaid group by order_status`,
  );
  const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const r of byStatus) ordersByStatus[r.order_status] = Number(r.n);

  // Lowest stock first, then by title: sold-out products come first, straight off the listing's (sold_out, title,
  // id) index; the whole catalog is scanned only when fewer than ten are sold out.
  const lowest = (where: SQL, order: SQL, limit: number) =>
    selectRows<{ id: string; title: string; total_stock: number; image_key: string }>(
      db,
      sql`select id, title, total_stock, image_key from products where ${where} order by ${order} limit ${limit}`,
    );
  const soldOut = await lowest(sql`sold_out`, sql`title asc, id asc`, 10);
  const low =
    soldOut.length < 10
      ? [
          ...soldOut,
          ...(await lowest(
            sql`total_stock between 1 and ${LOW_STOCK_AT}`,
            sql`total_stock asc, title asc, id asc`,
            10 - soldOut.length,
          )),
        ]
      : soldOut;

  const [open] = await selectRows<{ n: string }>(
    db,
    sql`select count(*) as n from withdrawals where processed_at is null`,
  );
  const [due] = await selectRows<{ n: string }>(db, sql`select count(*) as n from orders where ${refundDue}`);

  const revenue30 = sumFrom(since30, 'revenue');
  const orders30 = sumFrom(since30, 'orders');
  return {
    today: { revenue: toDollars(sumFrom(today, 'revenue')), paidOrders: sumFrom(today, 'orders') },
    last7Days: { revenue: toDollars(sumFrom(since7, 'revenue')), paidOrders: sumFrom(since7, 'orders') },
    last30Days: { revenue: toDollars(revenue30), paidOrders: orders30 },
    averageOrderValue: orders30 > 0 ? toDollars(Math.round(revenue30 / orders30)) : 0,
    ordersByStatus,
    revenueByDay: days.map((d) => ({
      date: d.day,
      revenue: toDollars(Number(d.revenue)),
      orders: Number(d.orders),
    })),
    lowStock: low.map((p) => ({
      _id: p.id,
      title: p.title,
      totalStock: Number(p.total_stock),
      image: images.url(p.image_key),
    })),
    latestOrders: await listOrders(db, images, { limit: 8 }),
    openWithdrawals: Number(open?.n ?? 0),
    refundsDue: Number(due?.n ?? 0),
  };
}
