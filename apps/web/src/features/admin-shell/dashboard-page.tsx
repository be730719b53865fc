import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ORDER_STATUSES, type Dashboard } from '@emporium/contract';
import { StateBadge } from '@/components/ui/state-badge';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';
import { adminApi } from '@/lib/admin/admin-api';
import { VariantsLowStock } from './variants-low-stock';

function Card({ label, value, sub }: { label: string; value: string; sub?: string }) {
  return (
    <div className="min-w-0 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-neutral-600">{label}</p>
      <p className="mt-1 text-2xl font-bold break-words">{value}</p>
      {sub && <p className="text-xs text-neutral-500">{sub}</p>}
    </div>
  );
}

/**
 * The dashboard: revenue net of refunds and paid orders (today, 7 and 30 days), average order value, orders by
 * status with the withdrawals to process (issue 26, linking to those orders), revenue per day for 30 days, variants
 * low on stock or sold out (issue 28), and the latest orders by number (#1023, issue 40) with their order and payment
 * statuses, linking to their details. Badges use the shared state words and colours (state-badge.tsx).
 */
export function AdminDashboardPage() {
  const [data, setData] = useState<Dashboard | null>(null);
  const [error, setError] = useState(false);

  useEffect(() => {
    adminApi
      .dashboard()
      .then((res) => setData(res.data))
      .catch(() => setError(true));
  }, []);

  if (error) return <p className="text-red-700">The dashboard could not be loaded.</p>;
  if (!data) return <p className="text-neutral-600">Loading...</p>;
  const orders = (n: number) => `${n} paid order${n === 1 ? '' : 's'} · net of refunds`;

  return (
    <section className="min-w-0 space-y-6">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Card
          label="Revenue today"
          value={formatPrice(data.today.revenue)}
          sub={orders(data.today.paidOrders)}
        />
        <Card
          label="Last 7 days"
          value={formatPrice(data.last7Days.revenue)}
          sub={orders(data.last7Days.paidOrders)}
        />
        <Card
          label="Last 30 days"
          value={formatPrice(data.last30Days.revenue)}
          sub={orders(data.last30Days.paidOrders)}
        />
        <Card label="Average order value" value={formatPrice(data.averageOrderValue)} sub="last 30 days" />
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
        <div className="min-w-0 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm xl:col-span-2">
          <h2 className="mb-2 font-bold">Revenue per day, net of refunds (last 30 days)</h2>
          <div className="h-64 w-full min-w-0" data-testid="revenue-chart">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data.revenueByDay}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} fontSize={11} />
                <YAxis fontSize={11} width={60} tickFormatter={(v: number) => `$${v}`} />
                <Tooltip formatter={(v) => formatPrice(Number(v))} />
                <Bar dataKey="revenue" fill="#171717" radius={[4, 4, 0, 0]} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </div>
        <div className="min-w-0 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm">
          <h2 className="mb-2 font-bold">Orders by status</h2>
          <ul className="space-y-2">
            {ORDER_STATUSES.map((s) => (
              <li key={s} className="flex items-center justify-between">
                <StateBadge kind="order" status={s} />
                <span className="font-semibold">{data.ordersByStatus[s] ?? 0}</span>
              </li>
            ))}
          </ul>
          <p
            className="mt-3 flex items-center justify-between gap-2 border-t border-neutral-200 pt-3 text-sm"
            data-testid="open-withdrawals"
          >
            <Link
              to="/admin/orders?withdrawal=open"
              className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4 sm:min-h-0"
            >
              Withdrawals to process
            </Link>
            <span
              data-testid="open-withdrawals-count"
              className={cn(
                'font-semibold',
                data.openWithdrawals > 0 && 'rounded-full bg-amber-200 px-2 text-amber-950',
              )}
            >
              {data.openWithdrawals}
            </span>
          </p>
          <p className="flex items-center justify-between gap-2 pt-2 text-sm" data-testid="refunds-due">
            <Link
              to="/admin/orders?refund=due"
              className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4 sm:min-h-0"
            >
              Refunds due
            </Link>
            <span
              className={cn(
                'font-semibold',
                data.refundsDue > 0 && 'rounded-full bg-red-100 px-2 text-red-900',
              )}
            >
              {data.refundsDue}
            </span>
          </p>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <div className="min-w-0 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm">
          <h2 className="mb-2 font-bold">Low on stock</h2>
          <VariantsLowStock />
        </div>
        <div className="min-w-0 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm">
          <h2 className="mb-2 font-bold">Latest orders</h2>
          {data.latestOrders.length === 0 ? (
            <p className="text-sm text-neutral-600">No orders found</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {data.latestOrders.map((o) => (
                <li key={o._id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <Link
                    to={`/admin/orders?order=${o._id}`}
                    className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4 sm:min-h-0"
                    data-testid="latest-order-number"
                  >
                    #{o.orderNumber}
                  </Link>
                  <span className="text-neutral-600">
                    {new Date(o.orderDate).toLocaleDateString('en-US')}
                  </span>
                  <span className="ml-auto font-semibold">{formatPrice(o.totalPrice)}</span>
                  <StateBadge kind="order" status={o.orderStatus} />
                  <StateBadge kind="payment" status={o.paymentStatus} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
