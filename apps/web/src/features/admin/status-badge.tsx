import type { OrderStatus } from '@emporium/contract';
import { cn } from '@/lib/cn';

const COLOURS: Record<string, string> = {
  Pending: 'bg-yellow-500 text-white',
  Processing: 'bg-blue-600 text-white',
  Shipped: 'bg-purple-600 text-white',
  Delivered: 'bg-green-600 text-white',
};

/** Admin order status badge: Pending yellow, Processing blue, Shipped purple, Delivered green, any other red. */
export function AdminStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
        COLOURS[status] ?? 'bg-red-600 text-white',
      )}
    >
      {status}
    </span>
  );
}
