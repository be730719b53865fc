import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ShoppingCart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { formatPrice } from '@/lib/format';

/** The header cart button and its side panel. The item list arrives with the cart feature. */
export function CartSheet() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const itemCount = 0;

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button
          variant="outline"
          size="icon"
          className="relative"
          aria-label="Cart"
          aria-describedby="cart-count"
        >
          <ShoppingCart className="h-5 w-5" aria-hidden="true" />
          <span
            id="cart-count"
            data-testid="cart-count"
            title={`${itemCount} items in cart`}
            className="absolute -top-2 -right-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-neutral-900 px-1 text-xs font-bold text-white"
          >
            {itemCount}
          </span>
        </Button>
      </SheetTrigger>
      <SheetContent side="right">
        <SheetTitle>Your Cart</SheetTitle>
        <SheetDescription className="sr-only">Items in your cart and their total.</SheetDescription>
        <div className="flex-1 space-y-4">
          <p className="text-neutral-600">No items in cart</p>
        </div>
        <div className="flex items-center justify-between border-t border-neutral-200 pt-4 font-bold">
          <span>Total</span>
          <span>{formatPrice(0)}</span>
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
