import type { AdminOrder } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { StateBadge } from '@/components/ui/state-badge';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';
import { RefundDueBadge, WithdrawalBadge } from './status-badge';

/** A row: a two-column card below `sm`, a table row from `sm` on. */
const row =
  'grid grid-cols-2 gap-x-3 gap-y-2 rounded-xl border border-neutral-200 p-3 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:border-neutral-100 sm:p-0';
const cell = 'min-w-0 break-words sm:py-2 sm:pr-3';
/** The column name shown inside the cell on a phone, where the header row is hidden. */
const cellLabel = 'block font-sans text-xs text-neutral-600 sm:hidden';

/**
 * The All Orders table (spec §4): Order (the number, `#1001`, issue 26), Order ID (first 8 characters), Customer (name and e-mail), Order Date, Order Amount,
 * Order Status, Payment (its status in the shared words, issue 40; between sm and lg inside the status cell) and View
 * Details. Below `sm` each row is a stacked card with its own labels (the header row is
 * hidden), so nothing scrolls sideways on a phone; from `sm` on it is the plain table. An order whose shopper
 * withdrew and that the shop has not refunded yet says "Withdrawal to process" under its status (issue 26).
 */
export function OrdersTable({ orders, onView }: { orders: AdminOrder[]; onView: (id: string) => void }) {
  return (
    <table className="block w-full text-left text-sm sm:table">
      <thead className="hidden border-b border-neutral-200 text-neutral-600 sm:table-header-group">
        <tr>
          <th className="py-2 pr-3 font-semibold">Order</th>
          <th className="py-2 pr-3 font-semibold">Order ID</th>
          <th className="py-2 pr-3 font-semibold">Customer</th>
          <th className="py-2 pr-3 font-semibold">Order Date</th>
          <th className="py-2 pr-3 font-semibold">Order Amount</th>
          <th className="py-2 pr-3 font-semibold">Order Status</th>
          <th className="hidden py-2 pr-3 font-semibold lg:table-cell">Payment</th>
          <th className="py-2 font-semibold">
            <span className="sr-only">Details</span>
          </th>
        </tr>
      </thead>
      <tbody className="block space-y-3 sm:table-row-group sm:space-y-0">
        {orders.length === 0 ? (
          <tr className="block sm:table-row">
            <td colSpan={8} className="block py-6 text-center text-neutral-600 sm:table-cell">
              No orders found
            </td>
          </tr>
        ) : (
          orders.map((o) => (
            <tr key={o._id} data-testid="admin-order-row" className={row}>
              <td className={cn(cell, 'font-semibold')} data-testid="admin-order-number">
                <span className={cn(cellLabel, 'font-normal')}>Order</span>
                <span>#{o.orderNumber}</span>
              </td>
              <td className={cn(cell, 'font-mono')}>
                <span className={cellLabel}>Order ID</span>
                {o._id.slice(0, 8)}...
              </td>
              <td className={cell}>
                <span className={cellLabel}>Customer</span>
                {o.customer.guest ? (
                  // A guest's order (issue 41): no account, the address given at checkout.
                  <span className="block break-all" data-testid="order-customer-guest">
                    <span className="font-medium">Guest</span> · {o.customer.email}
                  </span>
                ) : (
                  <>
                    <span className="block font-medium">{o.customer.userName}</span>
                    <span className="block text-xs break-all text-neutral-600">{o.customer.email}</span>
                  </>
                )}
                {o.customer.emailVerified === false && !o.customer.guest && (
                  <span className="block text-xs text-amber-700">E-mail not verified</span>
                )}
              </td>
              <td className={cell}>
                <span className={cellLabel}>Order Date</span>
                {new Date(o.orderDate).toLocaleDateString('en-US')}
              </td>
              <td className={cell}>
                <span className={cellLabel}>Order Amount</span>
                {formatPrice(o.totalPrice)}
              </td>
              <td className={cell}>
                <span className={cellLabel}>Order Status</span>
                <span className="flex flex-wrap gap-1">
                  <StateBadge kind="order" status={o.orderStatus} />
                  {o.withdrawal && !o.withdrawal.processedAt && <WithdrawalBadge />}
                  {o.refundDue && <RefundDueBadge />}
                  {/* Between sm and lg the Payment column would push the table past a tablet's width. */}
                  <span className="hidden sm:inline-flex lg:hidden">
                    <StateBadge kind="payment" status={o.paymentStatus} />
                  </span>
                </span>
              </td>
              <td className={cn(cell, 'sm:hidden lg:table-cell')} data-testid="admin-order-payment">
                <span className={cellLabel}>Payment</span>
                <StateBadge kind="payment" status={o.paymentStatus} />
              </td>
              <td className="col-span-2 pt-2 sm:py-2 sm:text-right">
                <Button
                  size="sm"
                  variant="outline"
                  className="h-11 w-full sm:h-9 sm:w-auto"
                  onClick={() => onView(o._id)}
                >
                  View Details
                </Button>
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
