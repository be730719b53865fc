import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ShoppingCart } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { useSessionUser } from '@/app/session';
import { CartItemRow } from './cart-item-row';
import { cartCleared, fetchCartItems, selectCart, selectCartCount, selectCartTotal } from './cart-slice';
import { formatPrice } from '@/lib/format';

/** The header cart button with the item count, and its side panel (spec §2 Shop header). */
export function CartSheet() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useSessionUser();
  const { cartItems } = useAppSelector(selectCart);
  const itemCount = useAppSelector(selectCartCount);
  const total = useAppSelector(selectCartTotal);

  useEffect(() => {
    if (user) void dispatch(fetchCartItems(user.userId));
    else dispatch(cartCleared());
  }, [dispatch, user]);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="outline" size="icon" className="relative">
          <ShoppingCart className="h-5 w-5" aria-hidden="true" />
          {/* The accessible name ("Cart, 2 items") contains the visible count (WCAG 2.5.3). */}
          <span className="sr-only">Cart, </span>
          <span
            data-testid="cart-count"
            className="absolute -top-2 -right-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-neutral-900 px-1 text-xs font-bold text-white"
          >
            {itemCount}
          </span>
          <span className="sr-only">{itemCount === 1 ? ' item' : ' items'}</span>
        </Button>
      </SheetTrigger>
      <SheetContent side="right">
        <SheetTitle>Your Cart</SheetTitle>
        <SheetDescription className="sr-only">Items in your cart and their total.</SheetDescription>
        <div className="-mx-1 flex-1 overflow-y-auto px-1">
          {cartItems.length > 0 ? (
            <ul className="space-y-4">
              {cartItems.map((item) => (
                <CartItemRow key={item.productId} item={item} />
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
        <Button
          className="w-full"
          onClick={() => {
            setOpen(false);
            void navigate('/shop/checkout');
          }}
        >
          Checkout
        </Button>
      </SheetContent>
    </Sheet>
  );
}
