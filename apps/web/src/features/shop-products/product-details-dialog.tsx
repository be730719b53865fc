import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { Product } from '@emporium/contract';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { lazyComponent } from '@/lib/lazy-component';
import { productDetailsCleared } from './shop-products-slice';

// The dialog (Radix Dialog, the reviews) downloads when a product is first opened, alongside its details.
const modal = lazyComponent(
  () => import('./product-details-modal'),
  (m) => m.ProductDetailsModal,
);

/** Add to Cart and Buy Now of a card or the dialog; the dialog names the variant chosen (issue 28). */
export interface ProductActions {
  onAddToCart: (product: Product, variantId?: string) => void;
  onBuyNow: (product: Product, variantId?: string) => void;
}

export interface ProductDialogProps extends ProductActions {
  /** Opened from a card's "Choose size" (issue 40, item 1): the option pickers start with nothing picked. */
  startUnpicked?: boolean;
}

/**
 * The detail dialog (spec §2), opened by fetchProductDetails. It closes and clears the details whenever the path
 * changes; when its code cannot be downloaded, it clears them too, so the next click tries again.
 */
export function ProductDetailsDialog(actions: ProductDialogProps) {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const isDetailsOpen = useAppSelector((state) => state.shopProducts.isDetailsOpen);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    dispatch(productDetailsCleared());
  }, [pathname, dispatch]);

  useEffect(() => {
    if (!isDetailsOpen || loaded) return;
    modal.preload().then(
      () => setLoaded(true),
      () => dispatch(productDetailsCleared()),
    );
  }, [isDetailsOpen, loaded, dispatch]);

  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <modal.Component {...actions} />
    </Suspense>
  );
}
