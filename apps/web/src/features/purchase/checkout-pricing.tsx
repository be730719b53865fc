import { useEffect, useState, type FormEvent } from 'react';
import type { CartItem, CheckoutQuote, CheckoutQuoteResponse } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiRequest, errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { countryName } from '@/lib/countries';
import { formatDiscount, formatPrice } from '@/lib/format';

/** What the checkout asks the server to price (issue 27). */
export interface CheckoutChoice {
  addressId: string | null;
  shippingMethodId: string | null;
  discountCode: string | null;
}

/**
 * The server's quote for the cart (`POST /api/shop/checkout/quote`): asked again whenever the address, the method,
 * the code or the cart changes; the answer to an older question is dropped. `error` is the server's message when it
 * refused (e.g. a method that no longer serves the address).
 */
export function useCheckoutQuote(choice: CheckoutChoice, cart: readonly CartItem[]) {
  const [state, setState] = useState<{ quote: CheckoutQuote | null; error: string | null; key: string }>({
    quote: null,
    error: null,
    key: '',
  });
  const cartKey = cart.map((i) => `${i.productId}:${i.variantId}:${i.quantity}`).join();
  // One string for the question (the choice and the cart), so the effect runs when any of it changes.
  const key = JSON.stringify({
    ...(choice.addressId ? { addressId: choice.addressId } : {}),
    ...(choice.shippingMethodId ? { shippingMethodId: choice.shippingMethodId } : {}),
    ...(choice.discountCode ? { discountCode: choice.discountCode } : {}),
    cartKey,
  });

  useEffect(() => {
    const controller = new AbortController();
    const { cartKey: _cart, ...body } = JSON.parse(key) as CheckoutChoice & { cartKey: string };
    apiRequest<CheckoutQuoteResponse>('/api/shop/checkout/quote', {
      method: 'POST',
      body,
      signal: controller.signal,
    }).then(
      (res) => {
        if (!controller.signal.aborted) setState({ quote: res.data, error: null, key });
      },
      (err: unknown) => {
        if (!controller.signal.aborted) {
          setState((s) => ({ ...s, error: errorMessage(err, 'Prices could not be updated'), key }));
        }
      },
    );
    return () => controller.abort();
  }, [key]);

  return { quote: state.quote, error: state.error, current: state.key === key };
}

/**
 * The shipping methods serving the address, with their price for this cart; one is always chosen: the shopper's
 * pick at once (`pickedId`, while the new quote is on its way), else the one the quote priced.
 */
export function ShippingMethodPicker({
  quote,
  pickedId,
  onChoose,
}: {
  quote: CheckoutQuote;
  pickedId: string | null;
  onChoose: (id: string) => void;
}) {
  if (quote.shippingMethods.length === 0) return null;
  const chosenId = quote.shippingMethods.some((m) => m._id === pickedId) ? pickedId : quote.shippingMethodId;
  return (
    <fieldset className="space-y-2" data-testid="shipping-methods">
      <legend className="mb-1 font-semibold">Shipping method</legend>
      {quote.shippingMethods.map((m) => {
        const chosen = m._id === chosenId;
        return (
          <label
            key={m._id}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm',
              chosen ? 'border-neutral-900 ring-1 ring-neutral-900' : 'border-neutral-200',
            )}
          >
            <input
              type="radio"
              name="shipping-method"
              value={m._id}
              checked={chosen}
              onChange={() => onChoose(m._id)}
              className="h-4 w-4 accent-neutral-900"
            />
            <span className="min-w-0 flex-1">
              <span className="block font-medium break-words">{m.name}</span>
              {m.estimate && <span className="block text-neutral-600">{m.estimate}</span>}
            </span>
            <span className="font-semibold">{m.price === 0 ? 'Free' : formatPrice(m.price)}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

/**
 * The cart panel's note (issue 27): the shipping methods to the shopper's preferred address (issue 40: the one the
 * checkout preselects; without addresses the shop's country) with their price for this cart, and that tax comes at
 * checkout. Nothing when the shop has no shipping methods.
 */
export function CartShippingNote({ cart }: { cart: readonly CartItem[] }) {
  const { quote } = useCheckoutQuote({ addressId: null, shippingMethodId: null, discountCode: null }, cart);
  if (!quote || quote.shippingMethods.length === 0 || cart.length === 0) return null;
  return (
    <div className="space-y-1 text-sm text-neutral-600" data-testid="cart-shipping-note">
      <p>
        Shipping to {countryName(quote.country)}:{' '}
        {quote.shippingMethods
          .map((m) => `${m.name} ${m.price === 0 ? 'free' : formatPrice(m.price)}`)
          .join(' · ')}
      </p>
      <p>Any tax is added at checkout.</p>
    </div>
  );
}

/** The discount code field: Apply sends it to the quote; the quote says whether it applies and why not. */
export function DiscountCodeField({
  quote,
  applied,
  onApply,
}: {
  quote: CheckoutQuote | null;
  applied: string | null;
  onApply: (code: string | null) => void;
}) {
  const [text, setText] = useState(applied ?? '');
  const status = quote?.discountCode;

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(text.trim() ? text.trim().toUpperCase() : null);
  }

  return (
    <form onSubmit={submit} className="space-y-1">
      <Label htmlFor="discount-code">Discount code</Label>
      <div className="flex gap-2">
        <Input
          id="discount-code"
          value={text}
          maxLength={32}
          autoComplete="off"
          placeholder="Enter a code"
          onChange={(e) => setText(e.target.value)}
          className="min-w-0 flex-1 uppercase"
        />
        {applied && status?.applied ? (
          <Button
            type="button"
            variant="outline"
            className="h-10"
            onClick={() => {
              setText('');
              onApply(null);
            }}
          >
            Remove
          </Button>
        ) : (
          <Button type="submit" variant="outline" className="h-10" disabled={!text.trim()}>
            Apply
          </Button>
        )}
      </div>
      {status && (
        <p
          data-testid="discount-status"
          role={status.applied ? 'status' : 'alert'}
          className={cn('text-sm', status.applied ? 'text-green-700' : 'text-red-700')}
        >
          {status.message}
        </p>
      )}
    </form>
  );
}

/**
 * Subtotal, discount, shipping and tax above the total (tax-inclusive prices: "Includes tax"), from the quote. With
 * nothing configured (the spec's shop) only the total shows.
 */
export function PricingSummary({
  quote,
  fallbackTotal,
}: {
  quote: CheckoutQuote | null;
  fallbackTotal: number;
}) {
  const parts =
    quote && (quote.discount > 0 || quote.shipping > 0 || quote.tax > 0 || quote.shippingMethodId !== null);
  return (
    <div className="space-y-1 border-t border-neutral-200 pt-4">
      {quote && parts && (
        <dl className="space-y-1 text-sm text-neutral-700" data-testid="checkout-breakdown">
          <Row label="Subtotal" value={formatPrice(quote.subtotal)} />
          {quote.discount > 0 && <Row label="Discount" value={formatDiscount(quote.discount)} />}
          {quote.shippingMethodId !== null && (
            <Row label="Shipping" value={quote.shipping === 0 ? 'Free' : formatPrice(quote.shipping)} />
          )}
          {quote.tax > 0 && (
            <Row label={quote.pricesIncludeTax ? 'Includes tax' : 'Tax'} value={formatPrice(quote.tax)} />
          )}
        </dl>
      )}
      <div className="flex flex-wrap items-center justify-between gap-x-4 text-lg font-bold">
        <span>Total</span>
        <span data-testid="checkout-total">{formatPrice(quote?.total ?? fallbackTotal)}</span>
      </div>
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt>{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
