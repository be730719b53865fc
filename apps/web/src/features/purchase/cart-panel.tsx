import { useEffect, useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { afterNextPaint } from '@/lib/after-next-paint';
import { formatPrice } from '@/lib/format';
import { useSessionUser } from '@/app/session';
import type { SignInNext } from '@/lib/sign-in-next';
import { selectCart, selectCartTotal } from './cart-slice';
// From the checkout's chunk (purchase-screens.ts), which the panel downloads with its own.
import { CartItemRow, CartShippingNote } from './purchase-screens';

export interface CartPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's cart button (cart-sheet.tsx), made the panel's trigger. */
  trigger: ReactElement;
}

const TO_CHECKOUT: SignInNext = { next: '/shop/checkout' };

/**
 * The cart's side panel: lines, total and Checkout (spec §2), loaded on first open by CartSheet; with shipping methods
 * configured, a note of their prices (issue 27).
 */
export function CartPanel({ open, onOpenChange, trigger }: CartPanelProps) {
  const navigate = useNavigate();
  const user = useSessionUser();
  const { cartItems } = useAppSelector(selectCart);
  const total = useAppSelector(selectCartTotal);
  // The shipping note asks the server for a quote: it mounts once the open panel is painted, so the request does not
  // start inside the tap's frame (issue 29); it shows nothing until the answer anyway.
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!open) return;
    const cancel = afterNextPaint(() => setPainted(true));
    return () => {
      cancel();
      setPainted(false);
    };
  }, [open]);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="right">
        <SheetTitle>Your Cart</SheetTitle>
        <SheetDescription className="sr-only">Items in your cart and their total.</SheetDescription>
        <div className="-mx-1 flex-1 overflow-y-auto px-1">
          {cartItems.length > 0 ? (
            <ul className="space-y-4">
              {cartItems.map((item) => (
                <CartItemRow key={item.variantId} item={item} />
              ))}
            </ul>
          ) : (
            <p className="text-neutral-600">No items in cart</p>
          )}
        </div>
        <div className="flex items-center justify-between border-t border-neutral-200 pt-4 font-bold">
          <span>Total</span>
          <span data-testid="cart-total">{formatPrice(total)}</span>
        </div>
        {open && painted && <CartShippingNote cart={cartItems} />}
        <Button
          className="w-full"
          onClick={() => {
            onOpenChange(false);
            // A visitor of the open storefront signs in first, then goes on to checkout with the cart (issue 41).
            void navigate(user ? '/shop/checkout' : '/auth/login', user ? undefined : { state: TO_CHECKOUT });
          }}
        >
          Checkout
        </Button>
      </SheetContent>
    </Sheet>
  );
}
