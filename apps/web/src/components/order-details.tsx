import { useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { paymentMethodLabel, variantLabel, type Order } from '@emporium/contract';
import { OrderActions, type OrderActionHandlers } from '@/components/order-actions';
import { OrderPricingRows } from '@/components/order-pricing';
import { formatDateTime, OrderTimeline } from '@/components/order-timeline';
import { PostalAddress } from '@/components/postal-address';
import { Button } from '@/components/ui/button';
import { StateBadge } from '@/components/ui/state-badge';
import { formatPrice } from '@/lib/format';

const na = (value: string | null | undefined) => (value && value.trim() ? value : 'N/A');

/**
 * One order as its shopper sees it (spec §2 Account's Order Details; issue 26): the spec's rows (Order ID as # and the
 * last 6 characters of the id, date, statuses, payment method, total), the breakdown, the refunded amount, the
 * shipment with tracking, Cancel order and Withdraw from contract (`actions`), the items, the shipping info and the
 * timeline. Shown in the account's dialog and on a guest's order link page (issue 41).
 */
export function OrderDetails({ order, actions }: { order: Order; actions: OrderActionHandlers }) {
  const [index, setIndex] = useState(0);
  const items = order.cartItems;
  const item = items[index];
  const a = order.address;

  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm break-words">
        <dt className="text-neutral-600">Order ID</dt>
        <dd className="font-medium">#{order._id.slice(-6)}</dd>
        <dt className="text-neutral-600">Order Date</dt>
        <dd className="font-medium">{formatDateTime(order.orderDate)}</dd>
        <dt className="text-neutral-600">Order Status</dt>
        <dd>
          <StateBadge kind="order" status={order.orderStatus} />
        </dd>
        <dt className="text-neutral-600">Payment Status</dt>
        <dd>
          <StateBadge kind="payment" status={order.paymentStatus} />
        </dd>
        <dt className="text-neutral-600">Payment Method</dt>
        <dd className="font-medium">{paymentMethodLabel(order.paymentMethod)}</dd>
        <OrderPricingRows pricing={order.pricing} />
        <dt className="text-neutral-600">Total Amount</dt>
        <dd className="font-bold">{formatPrice(order.totalPrice)}</dd>
        {order.refundedTotal > 0 && (
          <>
            <dt className="text-neutral-600">Refunded</dt>
            <dd className="font-bold text-green-800" data-testid="order-refunded">
              {formatPrice(order.refundedTotal)}
            </dd>
          </>
        )}
      </dl>

      {order.shipment && <ShipmentNotice shipment={order.shipment} />}

      <OrderActions order={order} actions={actions} />

      <section aria-labelledby="order-items-heading" className="space-y-2">
        <h3 id="order-items-heading" className="font-bold">
          Items
        </h3>
        {item ? (
          <div className="rounded-xl border border-neutral-200 p-3">
            <div className="flex gap-3">
              <img
                src={item.image}
                alt={item.title}
                width={96}
                height={96}
                className="h-24 w-24 shrink-0 rounded-lg bg-neutral-100 object-cover"
              />
              <div className="min-w-0 space-y-1 text-sm">
                <p className="font-semibold break-words">{item.title}</p>
                {item.options.length > 0 && (
                  <p data-testid="order-item-options" className="break-words text-neutral-700">
                    {variantLabel(item.options)}
                  </p>
                )}
                <p>
                  Price: {formatPrice(item.price)} · Quantity: {item.quantity}
                </p>
                <p className="font-semibold">Total: {formatPrice(item.price * item.quantity)}</p>
                {item.refundedQuantity > 0 && (
                  <p className="text-green-800">Refunded: {item.refundedQuantity}</p>
                )}
                <p className="line-clamp-3 text-neutral-600">{na(item.description)}</p>
              </div>
            </div>
            <div className="mt-3 flex items-center justify-between">
              <Button
                variant="outline"
                size="icon"
                className="h-11 w-11 sm:h-10 sm:w-10"
                aria-label="Previous item"
                disabled={index === 0}
                onClick={() => setIndex(index - 1)}
              >
                <ChevronLeft className="h-4 w-4" aria-hidden="true" />
              </Button>
              <span className="text-sm text-neutral-600">
                {index + 1} of {items.length}
              </span>
              <Button
                variant="outline"
                size="icon"
                className="h-11 w-11 sm:h-10 sm:w-10"
                aria-label="Next item"
                disabled={index >= items.length - 1}
                onClick={() => setIndex(index + 1)}
              >
                <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          </div>
        ) : (
          <p className="text-sm text-neutral-600">No items found</p>
        )}
      </section>

      <section aria-labelledby="shipping-heading" className="space-y-1 text-sm break-words">
        <h3 id="shipping-heading" className="font-bold">
          Shipping Info
        </h3>
        {a ? (
          <>
            <PostalAddress address={a} data-testid="order-shipping-address" />
            <p className="break-words">Notes: {na(a.notes)}</p>
          </>
        ) : (
          <p className="text-neutral-600">No shipping information available</p>
        )}
      </section>

      {order.timeline && <OrderTimeline events={order.timeline} />}
    </div>
  );
}

/**
 * "Shipped with UPS · Tracking 1Z…" and the carrier's tracking link in a new tab (issue 26); an order shipped
 * without tracking (the spec's client sets only the status) shows the date only.
 */
function ShipmentNotice({ shipment }: { shipment: NonNullable<Order['shipment']> }) {
  // The server accepts only https links; checked again so no other scheme ever becomes a link.
  const url = shipment.trackingUrl?.startsWith('https://') ? shipment.trackingUrl : null;
  return (
    <section
      aria-labelledby="shipment-heading"
      className="space-y-1 rounded-xl border border-neutral-200 bg-neutral-50 p-3 text-sm break-words"
      data-testid="order-shipment"
    >
      <h3 id="shipment-heading" className="font-bold">
        Shipment
      </h3>
      {shipment.carrier && shipment.trackingNumber ? (
        <p>
          Shipped with {shipment.carrier} · Tracking{' '}
          <span className="font-mono break-all">{shipment.trackingNumber}</span>
        </p>
      ) : (
        <p>Shipped</p>
      )}
      <p className="text-neutral-600">On {formatDateTime(shipment.shippedAt)}</p>
      {url && (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2 sm:min-h-0"
        >
          Track your parcel<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </section>
  );
}
