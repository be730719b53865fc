import { memo, useCallback, useMemo, useState } from 'react';
import type { Product } from '@emporium/contract';
import { useAppDispatch } from '@/app/hooks';
import { useProductActions } from '@/app/product-actions';
import { ProductCard } from './product-card';
import { ProductDetailsDialog, type ProductActions } from './product-details-dialog';
import { fetchProductDetails } from './shop-products-slice';

interface ProductGridProps {
  products: Product[];
  className?: string;
  /** A heading for screen readers above the cards, where the page has none between its h1 and the cards' h3s. */
  heading?: string;
}

/**
 * Cards in a 2 to 4 column grid plus the detail dialog they open (from a card's "Choose size" with nothing picked);
 * Add to Cart and Buy Now go to the cart. The
 * callbacks keep their identity across renders, so the memoised cards re-render only for a new product.
 */
export const ProductGrid = memo(function ProductGrid({ products, className, heading }: ProductGridProps) {
  const dispatch = useAppDispatch();
  const { addToCart, buyNow } = useProductActions();
  const actions = useMemo<ProductActions>(
    () => ({
      onAddToCart: (product, variantId) => void addToCart(product._id, 1, variantId),
      onBuyNow: (product, variantId) => void buyNow(product._id, 1, variantId),
    }),
    [addToCart, buyNow],
  );
  // Whether the dialog was opened by a card's "Choose size" (nothing picked) rather than by the card itself.
  const [choosing, setChoosing] = useState(false);
  const openDetails = useCallback(
    (product: Product) => {
      setChoosing(false);
      void dispatch(fetchProductDetails(product._id));
    },
    [dispatch],
  );
  const chooseOptions = useCallback(
    (product: Product) => {
      setChoosing(true);
      void dispatch(fetchProductDetails(product._id));
    },
    [dispatch],
  );

  return (
    <>
      {heading && <h2 className="sr-only">{heading}</h2>}
      <div className={className ?? 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4'}>
        {products.map((product, index) => (
          <ProductCard
            key={product._id}
            product={product}
            eager={index < 4}
            onOpenDetails={openDetails}
            onAddToCart={actions.onAddToCart}
            onChooseOptions={chooseOptions}
          />
        ))}
      </div>
      <ProductDetailsDialog {...actions} startUnpicked={choosing} />
    </>
  );
});
