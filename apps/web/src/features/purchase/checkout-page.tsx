import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Address, OrderCreateResponse } from '@emporium/contract';
import { useAppSelector } from '@/app/hooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { AddressBook } from './address-book';
import { useSessionUser } from '@/app/session';
import { CartItemRow } from './cart-item-row';
import { selectCart, selectCartTotal } from './cart-slice';
import { selectAddresses } from './addresses-slice';
import { apiRequest, errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { PostalAddress } from '@/components/postal-address';
import { clearCurrentOrderId, saveCurrentOrderId } from './current-order';
import {
  DiscountCodeField,
  PricingSummary,
  ShippingMethodPicker,
  useCheckoutQuote,
} from './checkout-pricing';

/** The checkout's two columns: address book, then the order's summary beside it from `md` on. */
const COLUMNS =
  'mx-auto grid w-full max-w-6xl min-w-0 grid-cols-1 gap-6 p-4 md:grid-cols-[minmax(0,1fr)_340px] md:p-6 lg:grid-cols-[minmax(0,1fr)_380px]';

/**
 * The address to preselect: the server's preferred one (issue 40: ordered to last, else the newest; the same rule
 * prices the cart panel's estimate), else the newest (the list is oldest first: one just added, or the preferred one
 * just deleted, until the list is read again).
 */
function defaultAddress(list: Address[]): Address | null {
  return list.find((a) => a.preferred) ?? list.at(-1) ?? null;
}

/**
 * Checkout (spec §2, §4, §5): Shipping Address with the Address Selected badge and selectable cards, the cart with
 * quantity controls, Total, and the button whose label follows the state. Place Order asks the server to build the
 * order from the cart (it computes every price), keeps the order id and goes to the approval page. Additions (issue
 * 27, 40): the preferred address is preselected, named under "Delivering to" (the whole postal address in one
 * line), and the others fold behind "Change address" (also once another is picked, or one is added here: an added
 * address becomes the selected one); a line that is sold out or above the stock left is flagged here, and Place
 * Order waits until it is fixed; back from Cancel on the payment page (`?payment=cancelled`) it says so until
 * dismissed.
 */
export function CheckoutPage() {
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  // Back from Cancel on the payment page (issue 40): that order is over, the cart is as it was.
  const paymentCancelled = params.get('payment') === 'cancelled';
  useEffect(() => {
    if (paymentCancelled) clearCurrentOrderId();
  }, [paymentCancelled]);
  const { cartItems, cartId, loaded: cartLoaded } = useAppSelector(selectCart);
  const total = useAppSelector(selectCartTotal);
  const { addressList, loaded: addressesLoaded, lastAddedId } = useAppSelector(selectAddresses);
  // The shopper's pick (by id, so an edit shows at once); until they pick, the preselected address.
  const [pickedId, setPickedId] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const [methodId, setMethodId] = useState<string | null>(null);
  // An address added on this page becomes the pick, even when another one is preferred (issue 40): the last added
  // when the page opened is remembered, and a newer one (never null again) is picked as soon as it is in the list.
  const [seenAddedId, setSeenAddedId] = useState(lastAddedId);
  if (lastAddedId !== seenAddedId) {
    setSeenAddedId(lastAddedId);
    setPickedId(lastAddedId);
    setMethodId(null);
  }
  const [code, setCode] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const chosen = pickedId !== null;
  const address = chosen
    ? (addressList.find((a) => a._id === pickedId) ?? null)
    : defaultAddress(addressList);
  const empty = cartItems.length === 0;
  const unavailable = cartItems.filter((i) => i.quantity > i.totalStock);
  const {
    quote,
    error: quoteError,
    current,
  } = useCheckoutQuote(
    { addressId: address?._id ?? null, shippingMethodId: methodId, discountCode: code },
    cartItems,
  );
  // Place Order waits for the quote of what is on screen, and for an address something ships to.
  const blocked = Boolean(quote?.shippingError) || Boolean(quoteError) || !current;
  // The page shows once the cart, the addresses and the prices for them have all answered: each arriving on its own
  // grew the page under the shopper's eyes (issue 46: layout shift 0.21 to 0.30). Until then it is laid out hidden
  // (a hidden element's moves are no layout shift) under the loading skeleton.
  const ready = !user || (cartLoaded && addressesLoaded && current);

  function choose(a: Address) {
    setPickedId(a._id);
    setMethodId(null);
  }

  const label = processing
    ? 'Processing Order...'
    : empty
      ? 'Your Cart is Empty'
      : !address
        ? 'Select an Address to Place Order'
        : 'Place Order';

  async function placeOrder() {
    if (!address) {
      toast({
        title: 'Please select an address',
        description: 'Please select an address to place your order',
      });
      return;
    }
    if (empty || !user) return;
    setProcessing(true);
    try {
      const now = new Date().toISOString();
      const res = await apiRequest<OrderCreateResponse>('/api/shop/order/create', {
        method: 'POST',
        body: {
          userId: user.userId,
          cartId,
          cartItems: cartItems.map((i) => ({
            productId: i.productId,
            title: i.title,
            image: i.image,
            price: i.salePrice > 0 ? i.salePrice : i.price,
            quantity: i.quantity,
          })),
          address: {
            addressId: address._id,
            address: address.address,
            city: address.city,
            state: address.state,
            pincode: address.pincode,
            phone: address.phone,
            notes: address.notes,
          },
          orderStatus: 'pending',
          paymentMethod: 'paypal',
          paymentStatus: 'pending',
          totalPrice: total,
          orderDate: now,
          orderUpdateDate: now,
          paymentId: '',
          payerId: '',
          // Issue 27: the method and code priced in the quote shown (the server prices them again).
          ...(quote?.shippingMethodId ? { shippingMethodId: quote.shippingMethodId } : {}),
          ...(code && quote?.discountCode?.applied ? { discountCode: code } : {}),
        },
      });
      saveCurrentOrderId(res.orderId);
      window.location.href = res.approvalURL;
    } catch (error) {
      setProcessing(false);
      toast({
        title: errorMessage(error, 'Payment processing failed. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <div className="relative w-full">
      {!ready && (
        <div role="status" className={cn(COLUMNS, 'absolute inset-x-0 top-0')}>
          <span className="sr-only">Loading...</span>
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      )}
      <div className={cn(COLUMNS, !ready && 'invisible')}>
        {paymentCancelled && (
          <div
            role="status"
            className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 md:col-span-2"
          >
            <p className="font-medium">Payment cancelled — your cart is still here</p>
            <Button
              variant="outline"
              className="h-11 sm:h-10"
              onClick={() => setParams({}, { replace: true })}
            >
              Dismiss
            </Button>
          </div>
        )}
        <section
          aria-labelledby="shipping-heading"
          className="min-w-0 space-y-4 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm md:p-6"
        >
          <div className="flex flex-wrap items-center gap-3">
            <h1 id="shipping-heading" className="text-2xl font-bold">
              Shipping Address
            </h1>
            {address && <Badge className="bg-green-600">Address Selected</Badge>}
          </div>
          {address && (
            <p data-testid="delivering-to" className="break-words text-neutral-700">
              <span className="font-semibold">Delivering to:</span> <PostalAddress address={address} inline />
            </p>
          )}
          <AddressBook
            selectedId={address?._id ?? null}
            onSelect={choose}
            collapsed={address !== null && !showAll}
            onExpand={() => setShowAll(true)}
          />
        </section>
        <section
          aria-labelledby="order-summary-heading"
          className="min-w-0 space-y-4 self-start rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm md:p-6"
        >
          <h2 id="order-summary-heading" className="text-xl font-bold">
            Your Order
          </h2>
          {empty ? (
            <p className="text-neutral-600">No items in cart</p>
          ) : (
            <ul className="space-y-4">
              {cartItems.map((item) => (
                <CartItemRow key={item.variantId} item={item} />
              ))}
            </ul>
          )}
          {quote && !empty && (
            <ShippingMethodPicker quote={quote} pickedId={methodId} onChoose={setMethodId} />
          )}
          {!empty && <DiscountCodeField quote={quote} applied={code} onApply={setCode} />}
          <PricingSummary quote={quote} fallbackTotal={total} />
          {(quote?.shippingError ?? quoteError) && (
            <p
              role="alert"
              data-testid="checkout-shipping-error"
              className="text-sm font-medium text-red-700"
            >
              {quote?.shippingError ?? quoteError}
            </p>
          )}
          {unavailable.length > 0 && (
            <p role="alert" data-testid="checkout-unavailable" className="text-sm font-medium text-red-700">
              {unavailable.length > 1
                ? `${unavailable.length} items are not available in those quantities. Remove them or lower the quantities to place your order.`
                : unavailable[0]!.totalStock === 0
                  ? `“${unavailable[0]!.title}” is sold out. Remove it to place your order.`
                  : `Only ${unavailable[0]!.totalStock} of “${unavailable[0]!.title}” left. Lower the quantity to place your order.`}
            </p>
          )}
          <Button
            className="h-auto min-h-11 w-full py-2 whitespace-normal"
            size="lg"
            disabled={processing || empty || unavailable.length > 0 || (address !== null && blocked)}
            onClick={() => void placeOrder()}
          >
            {label}
          </Button>
          {empty ? (
            <p className="text-sm text-neutral-600">Please add items to your cart to place an order</p>
          ) : (
            !address && (
              <p className="text-sm text-neutral-600">Please select a shipping address to continue</p>
            )
          )}
        </section>
      </div>
    </div>
  );
}
