import { useEffect } from 'react';
import { ShoppingCart } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { DeferredPopup, useDeferredPopup, type StandInProps } from '@/components/ui/deferred-popup';
import { dismissCurrentToast } from '@/components/ui/toast-store';
import { useSessionUser } from '@/app/session';
import { lazyComponent } from '@/lib/lazy-component';
import { openStorefront } from '@/lib/storefront-mode';
import { cartCleared, fetchCartItems, selectCartCount } from './cart-slice';

// The panel (Radix Dialog, the cart lines) downloads on first use, not with the page.
const cartPanel = lazyComponent(
  () => import('./cart-panel'),
  (m) => m.CartPanel,
);

/** The header cart button with the item count, and its side panel (spec §2 Shop header). */
export function CartSheet() {
  const panel = useDeferredPopup('dialog', cartPanel.preload);
  const dispatch = useAppDispatch();
  const user = useSessionUser();
  const itemCount = useAppSelector(selectCartCount);

  // The panel's lines are what "Product added to cart" talks about: opening it closes the toast (issue 40, item 6).
  useEffect(() => {
    if (panel.open) dismissCurrentToast();
  }, [panel.open]);

  useEffect(() => {
    if (user) void dispatch(fetchCartItems(user.userId));
    // A visitor of the open storefront has the guest cart of its cookie (issue 41).
    else if (openStorefront) void dispatch(fetchCartItems(null));
    else dispatch(cartCleared());
  }, [dispatch, user]);

  const cartButton = (props?: StandInProps) => (
    <Button variant="outline" size="icon" className="relative h-11 w-11 lg:h-10 lg:w-10" {...props}>
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
  );
  return (
    <DeferredPopup loaded={panel.loaded} standIn={cartButton(panel.standInProps)}>
      <cartPanel.Component open={panel.open} onOpenChange={panel.setOpen} trigger={cartButton()} />
    </DeferredPopup>
  );
}
