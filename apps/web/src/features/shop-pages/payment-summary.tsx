import { useLocation } from 'react-router';
import { titleWithOptions, type Order } from '@emporium/contract';
import { OrderPricingRows } from '@/components/order-pricing';
import { useSessionUser } from '@/app/session';
import { PostalAddress } from '@/components/postal-address';
import { formatPrice } from '@/lib/format';

/** The paid order the return page left in the history entry's state (paypal-return-page.tsx), or null. */
function paidOrder(state: unknown): Order | null {
  const order = (state as { order?: Order } | null)?.order;
  return order && typeof order.orderNumber === 'number' ? order : null;
}

/**
 * The summary under the payment success page's texts (issue 40, as Shopify's order status page): the order's number
 * and date, where the confirmation went, its lines, its totals and its delivery address (a whole postal address, item 5). Nothing when the page was
 * not reached from a payment (no order in the history entry).
 */
export function PaymentSummary() {
  const { state } = useLocation();
  const user = useSessionUser();
  const order = paidOrder(state);
  if (!order) return null;
  return (
    <section
      aria-labelledby="payment-summary-heading"
      data-testid="payment-summary"
      className="space-y-4 border-t border-neutral-200 pt-4 text-left"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h2 id="payment-summary-heading" className="text-lg font-bold">
          Order #{order.orderNumber}
        </h2>
        <p className="text-sm text-neutral-600">
          {new Date(order.orderDate).toLocaleDateString('en-US', { dateStyle: 'medium' })}
        </p>
      </div>
      {user && (
        <p className="text-sm">
          Confirmation sent to <span className="font-medium break-all">{user.email}</span>
        </p>
      )}
      <ul className="space-y-2 text-sm">
        {order.cartItems.map((item) => (
          <li key={item.lineId} className="flex justify-between gap-4">
            <span className="min-w-0 break-words">
              {titleWithOptions(item.title, item.options)} × {item.quantity}
            </span>
            <span className="font-medium whitespace-nowrap">{formatPrice(item.price * item.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-neutral-200 pt-3 text-sm [&_dd]:text-right">
        <OrderPricingRows pricing={order.pricing} />
        <dt className="text-base font-bold">Total</dt>
        <dd className="text-base font-bold" data-testid="payment-summary-total">
          {formatPrice(order.totalPrice)}
        </dd>
      </dl>
      <div className="text-sm">
        <h3 className="font-semibold">Delivery address</h3>
        <PostalAddress address={order.address} />
      </div>
    </section>
  );
}
