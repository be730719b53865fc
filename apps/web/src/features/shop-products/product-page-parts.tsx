/**
 * The catalog's pieces the product page shows (app/screens/shop-product.tsx hands them to features/product-page,
 * which does not import this feature): the price, the rating summary and the reviews section, the same ones the
 * dialog uses.
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import type { Product } from '@emporium/contract';
import { lazyComponent } from '@/lib/lazy-component';
import { ProductPrice } from './product-price';
import { RatingSummary } from './rating-summary';

// The reviews come below the product, out of sight on a phone: their code (and their data) load as the section comes
// within a screen's height of the viewport, not with the page (issue 46: first-load budget).
const productReviews = lazyComponent(
  () => import('./product-reviews'),
  (m) => m.ProductReviews,
);
const NEAR = '100px';

function PagePrice({ product }: { product: Product }) {
  return <ProductPrice product={product} size="lg" />;
}

function PageRating({ product }: { product: Product }) {
  return <RatingSummary product={product} />;
}

function PageReviews({
  product,
  onProductChange,
}: {
  product: Product;
  onProductChange: (product: Product) => void;
}) {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  const placeholder = useRef<HTMLElement>(null);
  useEffect(() => {
    if (near || !placeholder.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR },
    );
    observer.observe(placeholder.current);
    return () => observer.disconnect();
  }, [near]);

  // The section as ProductReviews starts it (heading, Loading reviews...), so nothing moves when it takes over.
  const loading = (
    <section
      ref={placeholder}
      aria-labelledby="product-reviews-heading"
      className="space-y-3 border-t border-neutral-200 pt-4"
    >
      <h2 id="product-reviews-heading" className="text-lg font-bold">
        {`Reviews for ${product.title}`}
      </h2>
      <p className="text-sm text-neutral-600">Loading reviews...</p>
    </section>
  );
  if (!near) return loading;
  return (
    <Suspense fallback={loading}>
      <productReviews.Component product={product} onProductChange={onProductChange} headingLevel="h2" />
    </Suspense>
  );
}

export const productPageParts = {
  Price: PagePrice,
  Rating: PageRating,
  Reviews: PageReviews,
};
