/**
 * What a shopper can do with a product from any grid or dialog (Add to Cart, Buy Now). The catalog and search
 * features read these through `useProductActions()`; the app wires them to the purchase feature, so the features do
 * not import each other.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useCartActions } from '@/features/purchase/use-cart-actions';

export interface ProductActionHandlers {
  /** Adds one unit to the cart with the spec's toasts; resolves whether it was added. */
  addToCart: (productId: string) => Promise<boolean>;
  /** Adds one unit and goes to checkout (or to login without a user). */
  buyNow: (productId: string) => Promise<void>;
}

const ProductActionsContext = createContext<ProductActionHandlers | null>(null);

export function ProductActionsProvider({ children }: { children: ReactNode }) {
  const { addProduct, buyNow } = useCartActions();
  const value = useMemo(() => ({ addToCart: addProduct, buyNow }), [addProduct, buyNow]);
  return <ProductActionsContext.Provider value={value}>{children}</ProductActionsContext.Provider>;
}

export function useProductActions(): ProductActionHandlers {
  const value = useContext(ProductActionsContext);
  if (!value)
    throw new Error('useProductActions needs a ProductActionsProvider (the shop layout provides it)');
  return value;
}
