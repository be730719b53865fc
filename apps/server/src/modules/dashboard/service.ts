/**
 * The admin dashboard's figures (issue: "what an owner opens first"), each computed by SQL aggregates. Revenue counts
 * orders whose payment was captured and that were not cancelled since, by the UTC day they were paid, net of refunds
 * (issue 26: `total_cents - refunded_cents`). Money in dollars.
 */
import { sql } from 'drizzle-orm';
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
  const paid = sql`payment_status in ('completed', 'partially_refunded', 'refunded') and order_status <> 'Cancelled'`;
  const net = sql`total_cents - refunded_cents`;

  const windows = await selectRows<{
    r_today: string;
    n_today: string;
    r7: string;
    n7: string;
    r30: string;
    n30: string;
  }>(
    db,
    sql`
    select
      coalesce(sum(${net}) filter (where paid_at >= ${today.toISOString()}), 0) as r_today,
      count(*) filter (where paid_at >= ${today.toISOString()}) as n_today,
      coalesce(sum(${net}) filter (where paid_at >= ${since7.toISOString()}), 0) as r7,
      count(*) filter (where paid_at >= ${since7.toISOString()}) as n7,
      coalesce(sum(${net}) filter (where paid_at >= ${since30.toISOString()}), 0) as r30,
      count(*) filter (where paid_at >= ${since30.toISOString()}) as n30
    from orders where ${paid} and paid_at <= ${now.toISOString()}`,
  );
  const w = windows[0]!;

  const byStatus = await selectRows<{ order_status: OrderStatus; n: string }>(
    db,
    sql`select order_status, count(*) as n from orders group by order_status`,
  );
  const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const r of byStatus) ordersByStatus[r.order_status] = Number(r.n);

  const days = await selectRows<{ day: string; revenue: string; orders: string }>(
    db,
    sql`
    select to_char(d.day, 'YYYY-MM-DD') as day,
           coalesce(sum(o.total_cents - o.refunded_cents), 0) as revenue,
           count(o.id) as orders
    from generate_series(${since30.toISOString()}::timestamptz, ${today.toISOString()}::timestamptz, interval '1 day') as d(day)
    left join orders o
      on o.paid_at >= d.day and o.paid_at < d.day + interval '1 day'
     and o.payment_status in ('completed', 'partially_refunded', 'refunded') and o.order_status <> 'Cancelled'
    group by d.day order by d.day`,
  );

  const low = await selectRows<{ id: string; title: string; total_stock: number; image_key: string }>(
    db,
    sql`
    select id, title, total_stock, image_key from products
    where total_stock <= ${LOW_STOCK_AT} order by total_stock asc, title asc limit 10`,
  );

  const [open] = await selectRows<{ n: string }>(
    db,
    sql`select count(*) as n from withdrawals where processed_at is null`,
  );
  const [due] = await selectRows<{ n: string }>(
    db,
    sql`select count(*) as n from orders where ${refundDue} and archived_at is null`,
  );

  const revenue30 = Number(w.r30);
  const orders30 = Number(w.n30);
  return {
    today: { revenue: toDollars(Number(w.r_today)), paidOrders: Number(w.n_today) },
    last7Days: { revenue: toDollars(Number(w.r7)), paidOrders: Number(w.n7) },
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
