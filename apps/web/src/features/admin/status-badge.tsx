import type { OrderStatus } from '@emporium/contract';
import { cn } from '@/lib/cn';

const COLOURS: Record<string, string> = {
  Pending: 'bg-yellow-400 text-neutral-900',
  Processing: 'bg-blue-700 text-white',
  Shipped: 'bg-purple-700 text-white',
  Delivered: 'bg-green-700 text-white',
};

/** Admin order status badge: Pending yellow, Processing blue, Shipped purple, Delivered green, any other red. */
export function AdminStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
        COLOURS[status] ?? 'bg-red-700 text-white',
      )}
    >
      {status}
    </span>
  );
}
