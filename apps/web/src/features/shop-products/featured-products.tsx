import { useDeferredValue, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Skeleton } from '@/components/ui/skeleton';
import { ProductGrid } from './product-grid';
import { fetchFeaturedProducts } from './shop-products-slice';

/**
 * Home's Featured Products: the admin's picks in their order, or the catalog loaded with price ascending when none
 * are picked (spec §2, issue 28).
 */
export function FeaturedProducts() {
  const dispatch = useAppDispatch();
  // Only these fields: opening the product dialog changes others in the slice, and must not re-render the grid.
  const featuredList = useAppSelector((state) => state.shopProducts.featuredList);
  const isFeaturedLoading = useAppSelector((state) => state.shopProducts.isFeaturedLoading);
  // Rendered in the background (interruptible), the skeleton staying until the cards are ready: see ListingPage.
  const shownList = useDeferredValue(featuredList);

  useEffect(() => {
    void dispatch(fetchFeaturedProducts());
  }, [dispatch]);

  if ((isFeaturedLoading || shownList !== featuredList) && shownList.length === 0) {
    return (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4" role="status">
        <span className="sr-only">Loading...</span>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-96" />
        ))}
      </div>
    );
  }
  if (shownList.length === 0) {
    return <p className="py-8 text-center text-neutral-600">No products found</p>;
  }
  return <ProductGrid products={shownList} />;
}
