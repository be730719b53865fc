import { useId } from 'react';
import type { OrderEvent } from '@emporium/contract';
import { formatPrice } from '@/lib/format';

/** Date with hour and minute, US English (spec §9), e.g. `11/25/26, 2:05 PM`. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });
}

const LABELS: Record<OrderEvent['kind'], string> = {
  placed: 'Order placed',
  paid: 'Payment received',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refund',
  withdrawal_requested: 'Withdrawal requested',
};

/** What an order event is called on screen: "Order placed", …, "Refund of $12.00" (issue 26). */
export function orderEventLabel(event: OrderEvent): string {
  if (event.kind === 'refunded' && event.amount !== null) return `Refund of ${formatPrice(event.amount)}`;
  return LABELS[event.kind];
}

/**
 * An order's timeline (issue 26), oldest first: what happened, when, and a reason or message when there is one.
 * `showActors` adds who acted ("by Admin"), for the admin's view; the shopper's answers never name anyone.
 */
export function OrderTimeline({
  events,
  showActors = false,
}: {
  events: OrderEvent[];
  showActors?: boolean;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2 text-sm" data-testid="order-timeline">
      <h3 id={headingId} className="font-bold">
        Timeline
      </h3>
      {events.length === 0 ? (
        <p className="text-neutral-600">Nothing has happened to this order yet.</p>
      ) : (
        <ol className="space-y-3 border-l-2 border-neutral-200 pl-4">
          {events.map((event, i) => (
            <li
              key={`${event.kind}-${event.at}-${i}`}
              className="relative min-w-0 break-words"
              data-testid="timeline-event"
              data-kind={event.kind}
            >
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.3rem] h-2.5 w-2.5 rounded-full border-2 border-white bg-neutral-500"
              />
              <p className="font-medium">
                {orderEventLabel(event)}
                {showActors && event.actor && (
                  <span className="font-normal text-neutral-600"> by {event.actor}</span>
                )}
              </p>
              <p className="text-xs text-neutral-600">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              </p>
              {event.note && <p className="text-neutral-700">{event.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
