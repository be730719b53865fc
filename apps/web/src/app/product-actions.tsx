/**
 * What a shopper can do with a product from any grid, dialog or product page (Add to Cart, Buy Now). The catalog,
 * search and product-page features read these through `useProductActions()`; the app wires them to the purchase
 * feature, so the features do not import each other.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { addToastAction } from '@/components/ui/toast-store';
import { ADDED_TO_CART, useCartActions } from '@/features/purchase/use-cart-actions';

/** `variantId` names the product's variant (issue 28); without it the server adds the in-stock variant at the product's price with the most units (issue 46, item 17). */
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

/** Gives the shop's pages Add to Cart (with "View cart" on its toast) and Buy Now (purchase/use-cart-actions). */
export function ProductActionsProvider({ children }: { children: ReactNode }) {
  const { addProduct, buyNow } = useCartActions();

  const addToCart = useCallback(
    async (productId: string, quantity = 1, variantId?: string): Promise<boolean> => {
      const added = await addProduct(productId, quantity, variantId);
      if (added) addToastAction(ADDED_TO_CART, VIEW_CART);
      return added;
    },
    [addProduct],
  );

  const value = useMemo(() => ({ addToCart, buyNow }), [addToCart, buyNow]);
  return <ProductActionsContext.Provider value={value}>{children}</ProductActionsContext.Provider>;
}

export function useProductActions(): ProductActionHandlers {
  const value = useContext(ProductActionsContext);
  if (!value)
    throw new Error('useProductActions needs a ProductActionsProvider (the shop layout provides it)');
  return value;
}
