import type { OrderPricing } from '@emporium/contract';
import { formatDiscount, formatPrice } from '@/lib/format';

/**
 * An order's breakdown as rows of a two-column `<dl>` (issue 27): subtotal, discount (with its code), shipping (with
 * its method) and tax ("Includes tax" for tax-inclusive prices), placed before the total. The discount keeps its sign
 * and amount together (`formatDiscount`). Nothing for an order of
 * lines only, as the spec's are.
 */
export function OrderPricingRows({ pricing }: { pricing: OrderPricing }) {
  const p = pricing;
  if (p.discount === 0 && p.shipping === 0 && p.tax === 0 && !p.shippingMethod) return null;
  return (
    <>
      <dt className="text-neutral-600">Subtotal</dt>
      <dd data-testid="order-subtotal">{formatPrice(p.subtotal)}</dd>
      {p.discount > 0 && (
        <>
          <dt className="text-neutral-600">Discount{p.discountCode ? ` (${p.discountCode})` : ''}</dt>
          <dd data-testid="order-discount">{formatDiscount(p.discount)}</dd>
        </>
      )}
      {p.shippingMethod && (
        <>
          <dt className="text-neutral-600">Shipping ({p.shippingMethod})</dt>
          <dd data-testid="order-shipping">{p.shipping === 0 ? 'Free' : formatPrice(p.shipping)}</dd>
        </>
      )}
      {p.tax > 0 && (
        <>
          <dt className="text-neutral-600">{p.pricesIncludeTax ? 'Includes tax' : 'Tax'}</dt>
          <dd data-testid="order-tax">{formatPrice(p.tax)}</dd>
        </>
      )}
    </>
  );
}
