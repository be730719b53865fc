import { orderStatusLabel, paymentStatusLabel, type StateTone } from '@emporium/contract';
import { cn } from '@/lib/cn';

/** One background and text pair per tone (contract state-labels.ts), the same in the shop and the admin. */
const TONES: Record<StateTone, string> = {
  yellow: 'bg-yellow-100 text-yellow-900',
  blue: 'bg-blue-100 text-blue-900',
  purple: 'bg-purple-100 text-purple-900',
  green: 'bg-green-100 text-green-900',
  red: 'bg-red-100 text-red-900',
  grey: 'bg-neutral-200 text-neutral-800',
};

const base = 'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

/**
 * A state's badge (issue 40, item 13): an order status (`kind="order"`) or a payment status (`kind="payment"`) in
 * the shared words and colour of contract state-labels.ts; `data-status` keeps the raw value for tests and styles.
 */
export function StateBadge({ kind, status }: { kind: 'order' | 'payment'; status: string }) {
  const { label, tone } = kind === 'order' ? orderStatusLabel(status) : paymentStatusLabel(status);
  return (
    <span data-status={status} data-tone={tone} className={cn(base, TONES[tone])}>
      {label}
    </span>
  );
}
