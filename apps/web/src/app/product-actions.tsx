/**
 * What a shopper can do with a product from any grid, dialog or product page (Add to Cart, Buy Now). The catalog,
 * search and product-page features read these through `useProductActions()`; the app wires them to the purchase
 * feature, so the features do not import each other.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from './hooks';
import { useSessionUser } from './session';
import { addToastAction, toast } from '@/components/ui/toast-store';
import { addToCart as addToCartThunk } from '@/features/purchase/cart-slice';
import { useCartActions } from '@/features/purchase/use-cart-actions';

/** The add-to-cart toast's title (spec §8); "View cart" is attached to it. */
const ADDED_TITLE = 'Product added to cart';
const ADDED_DESCRIPTION = 'You can view your cart in the cart page';

/** `variantId` names the product's variant (issue 28); without it the server adds the default (first in stock). */
export interface ProductActionHandlers {
  /** Adds `quantity` units (default 1) to the cart with the spec's toasts; resolves whether they were added. */
  addToCart: (productId: string, quantity?: number, variantId?: string) => Promise<boolean>;
  /** Adds `quantity` units (default 1) and goes to checkout (or to login without a user). */
  buyNow: (productId: string, quantity?: number, variantId?: string) => Promise<void>;
}

/**
 * Requests to open the cart panel (the toast's "View cart"). The panel lives in the shop header, outside the
 * provider's tree, so the header subscribes with `useCartPanelRequests`.
 */
const cartPanelListeners = new Set<() => void>();

export function requestCartPanel(): void {
  for (const listener of cartPanelListeners) listener();
}

export function useCartPanelRequests(open: () => void): void {
  useEffect(() => {
    cartPanelListeners.add(open);
    return () => {
      cartPanelListeners.delete(open);
    };
  }, [open]);
}

const VIEW_CART = { label: 'View cart', onClick: requestCartPanel };

const ProductActionsContext = createContext<ProductActionHandlers | null>(null);

export function ProductActionsProvider({ children }: { children: ReactNode }) {
  const { addProduct, buyNow } = useCartActions();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useSessionUser();

  /**
   * One unit goes through the purchase feature's action (its toasts); more than one (the product page's quantity
   * picker) calls the same cart thunk with the same toasts. The server caps the line at the stock and at 99 and
   * answers "Only N left in stock" beyond that.
   */
  const addQuantity = useCallback(
    async (productId: string, quantity: number, variantId?: string): Promise<boolean> => {
      if (quantity <= 1) return addProduct(productId, variantId);
      if (!user) {
        toast({ title: 'User ID not found. Please log in again.', variant: 'destructive' });
        return false;
      }
      const result = await dispatch(addToCartThunk({ userId: user.userId, productId, quantity, variantId }));
      if (addToCartThunk.fulfilled.match(result)) {
        toast({ title: ADDED_TITLE, description: ADDED_DESCRIPTION });
        return true;
      }
      toast({ title: result.payload ?? 'Failed to add item to cart', variant: 'destructive' });
      return false;
    },
    [addProduct, dispatch, user],
  );

  const addToCart = useCallback(
    async (productId: string, quantity = 1, variantId?: string): Promise<boolean> => {
      const added = await addQuantity(productId, quantity, variantId);
      if (added) addToastAction(ADDED_TITLE, VIEW_CART);
      return added;
    },
    [addQuantity],
  );

  const buyWithQuantity = useCallback(
    async (productId: string, quantity = 1, variantId?: string): Promise<void> => {
      if (quantity <= 1 || !user) return buyNow(productId, variantId);
      const result = await dispatch(addToCartThunk({ userId: user.userId, productId, quantity, variantId }));
      if (addToCartThunk.fulfilled.match(result)) {
        void navigate('/shop/checkout');
      } else {
        toast({
          title: 'Error',
          description: result.payload ?? 'Failed to add product to cart',
          variant: 'destructive',
        });
      }
    },
    [buyNow, dispatch, navigate, user],
  );

  const value = useMemo(() => ({ addToCart, buyNow: buyWithQuantity }), [addToCart, buyWithQuantity]);
  return <ProductActionsContext.Provider value={value}>{children}</ProductActionsContext.Provider>;
}

export function useProductActions(): ProductActionHandlers {
  const value = useContext(ProductActionsContext);
  if (!value)
    throw new Error('useProductActions needs a ProductActionsProvider (the shop layout provides it)');
  return value;
}
