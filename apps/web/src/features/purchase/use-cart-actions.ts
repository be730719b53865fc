import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { useSessionUser } from '@/app/session';
import { toast } from '@/components/ui/toast-store';
import type { SignInNext } from '@/lib/sign-in-next';
import { openStorefront } from '@/lib/storefront-mode';
import { addToCart } from './cart-slice';

/** Where the login goes after a guest's Buy Now (issue 41): on to the checkout. */
const SIGN_IN_TO_CHECKOUT: SignInNext = { next: '/shop/checkout' };

/** The add-to-cart toast's title (spec §8). */
export const ADDED_TO_CART = 'Product added to cart';

/**
 * Add to Cart and Buy Now as every product surface offers them (spec §2, §5, §8): the toasts "Product added to
 * cart" / "You can view your cart in the cart page", the server's message or the fallbacks on failure, "User ID not
 * found. Please log in again." without a user; Buy Now sends a visitor to login and a shopper to checkout. Both add
 * `quantity` units (the product page's picker; 1 elsewhere): the server caps the line at the stock and at 99 and
 * answers "Only N left in stock" beyond that. A `variantId` names the product's variant (issue 28); without one the
 * server adds its default variant. In the open storefront (issue 41) a visitor adds to the guest cart, and Buy Now
 * adds and then asks them to sign in, on to checkout with the cart.
 */
export function useCartActions() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useSessionUser();
  // Whose cart: the shopper's, a visitor's guest cart in the open storefront (null, issue 41), or none (undefined).
  const owner = user ? user.userId : openStorefront ? null : undefined;

  const addProduct = useCallback(
    async (productId: string, quantity = 1, variantId?: string): Promise<boolean> => {
      if (owner === undefined) {
        toast({ title: 'User ID not found. Please log in again.', variant: 'destructive' });
        return false;
      }
      const result = await dispatch(addToCart({ userId: owner, productId, quantity, variantId }));
      if (addToCart.fulfilled.match(result)) {
        toast({ title: ADDED_TO_CART, description: 'You can view your cart in the cart page' });
        return true;
      }
      toast({ title: result.payload ?? 'Failed to add item to cart', variant: 'destructive' });
      return false;
    },
    [dispatch, owner],
  );

  const buyNow = useCallback(
    async (productId: string, quantity = 1, variantId?: string): Promise<void> => {
      if (owner === undefined) {
        void navigate('/auth/login');
        return;
      }
      const result = await dispatch(addToCart({ userId: owner, productId, quantity, variantId }));
      if (addToCart.fulfilled.match(result)) {
        // A guest signs in first (guest checkout is a later step); the cart follows into the account (issue 41).
        void navigate(owner ? '/shop/checkout' : '/auth/login', { state: SIGN_IN_TO_CHECKOUT });
      } else {
        toast({
          title: 'Error',
          description: result.payload ?? 'Failed to add product to cart',
          variant: 'destructive',
        });
      }
    },
    [dispatch, navigate, owner],
  );

  return { addProduct, buyNow };
}
