import { memo, useCallback, useMemo } from 'react';
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
 * Cards in a 2 to 4 column grid plus the detail dialog they open; Add to Cart and Buy Now go to the cart. The
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
  const openDetails = useCallback(
    (product: Product) => {
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
          />
        ))}
      </div>
      <ProductDetailsDialog {...actions} />
    </>
  );
});
