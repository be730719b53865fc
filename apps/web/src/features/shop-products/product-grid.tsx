import type { Product } from '@emporium/contract';
import { useAppDispatch } from '@/app/hooks';
import { ProductCard } from './product-card';
import { ProductDetailsDialog, type ProductActions } from './product-details-dialog';
import { fetchProductDetails } from './shop-products-slice';

interface ProductGridProps extends ProductActions {
  products: Product[];
  className?: string;
}

/**
 * Cards in a 1 to 4 column grid plus the detail dialog they open. Until the cart feature supplies handlers, a
 * card's Add to Cart opens the detail dialog.
 */
export function ProductGrid({ products, className, onAddToCart, onBuyNow }: ProductGridProps) {
  const dispatch = useAppDispatch();
  const openDetails = (product: Product) => {
    void dispatch(fetchProductDetails(product._id));
  };

  return (
    <>
      <div className={className ?? 'grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4'}>
        {products.map((product, index) => (
          <ProductCard
            key={product._id}
            product={product}
            eager={index < 4}
            onOpenDetails={openDetails}
            onAddToCart={onAddToCart ?? openDetails}
          />
        ))}
      </div>
      <ProductDetailsDialog onAddToCart={onAddToCart} onBuyNow={onBuyNow} />
    </>
  );
}
