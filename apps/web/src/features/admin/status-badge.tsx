import type { OrderStatus, PaymentStatus } from '@emporium/contract';
import { cn } from '@/lib/cn';

const COLOURS: Record<string, string> = {
  Pending: 'bg-yellow-400 text-neutral-900',
  Processing: 'bg-blue-700 text-white',
  Shipped: 'bg-purple-700 text-white',
  Delivered: 'bg-green-700 text-white',
};

const PAYMENT_COLOURS: Record<PaymentStatus, string> = {
  pending: 'bg-yellow-400 text-neutral-900',
  completed: 'bg-green-700 text-white',
  cancelled: 'bg-red-700 text-white',
  partially_refunded: 'bg-amber-200 text-amber-950',
  refunded: 'bg-neutral-600 text-white',
};

/** Words for the payment statuses added by issue 26; the spec's three show their own value. */
const PAYMENT_LABELS: Partial<Record<PaymentStatus, string>> = {
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

const base = 'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

/** Admin order status badge: Pending yellow, Processing blue, Shipped purple, Delivered green, any other red. */
export function AdminStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span data-status={status} className={cn(base, COLOURS[status] ?? 'bg-red-700 text-white')}>
      {status}
    </span>
  );
}

/**
 * Admin payment status badge: pending yellow, completed green, cancelled red, and the refunds' statuses (issue 26)
 * "Partially refunded" amber and "Refunded" grey.
 */
export function AdminPaymentBadge({ status }: { status: PaymentStatus }) {
  return (
    <span
      data-status={status}
      className={cn(base, PAYMENT_COLOURS[status] ?? 'bg-neutral-200 text-neutral-800')}
    >
      {PAYMENT_LABELS[status] ?? status}
    </span>
  );
}

/**
 * "Withdrawal" (to process): the shopper withdrew from the contract and the shop has not refunded it yet (issue 26).
 * One short word, so the badge never wraps in the list's narrow status column.
 */
/** A cancelled paid order whose refund the provider refused: the admin refunds it again (issue 26). */
export function RefundDueBadge() {
  return (
    <span className={cn(base, 'bg-red-100 text-red-900')} data-testid="refund-due-badge">
      Refund due
    </span>
  );
}

export function WithdrawalBadge() {
  return (
    <span className={cn(base, 'bg-amber-200 text-amber-950')} data-testid="withdrawal-badge">
      Withdrawal<span className="sr-only"> to process</span>
    </span>
  );
}
