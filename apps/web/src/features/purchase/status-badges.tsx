import type { OrderStatus, PaymentStatus } from '@emporium/contract';
import { cn } from '@/lib/cn';

const ORDER_COLOURS: Record<string, string> = {
  Pending: 'bg-yellow-100 text-yellow-900',
  Processing: 'bg-blue-100 text-blue-900',
  Shipped: 'bg-purple-100 text-purple-900',
  Delivered: 'bg-green-100 text-green-900',
};
const PAYMENT_COLOURS: Record<string, string> = {
  pending: 'bg-yellow-100 text-yellow-900',
  completed: 'bg-green-100 text-green-900',
  cancelled: 'bg-red-100 text-red-900',
};

/** Words for the payment statuses added by issue 26; the spec's three keep their own value as their text. */
const PAYMENT_LABELS: Partial<Record<PaymentStatus, string>> = {
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

const base = 'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

/** Order status badge: Pending yellow, Processing blue, Shipped purple, Delivered green, any other red (spec §4). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span data-status={status} className={cn(base, ORDER_COLOURS[status] ?? 'bg-red-100 text-red-900')}>
      {status}
    </span>
  );
}

/**
 * Payment status badge: pending yellow, completed green, cancelled red, other grey (spec §4); the refunds' statuses
 * (grey) read "Partially refunded" and "Refunded".
 */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <span
      data-status={status}
      className={cn(base, PAYMENT_COLOURS[status] ?? 'bg-neutral-200 text-neutral-800')}
    >
      {PAYMENT_LABELS[status] ?? status}
    </span>
  );
}
