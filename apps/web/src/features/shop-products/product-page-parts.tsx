/**
 * The catalog's pieces the product page shows (router.tsx hands them to features/product-page, which does not
 * import this feature): the price, the rating summary and the reviews section, the same ones the dialog uses.
 */
import type { Product } from '@emporium/contract';
import { ProductPrice } from './product-price';
import { ProductReviews } from './product-reviews';
import { RatingSummary } from './rating-summary';

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
  return <ProductReviews product={product} onProductChange={onProductChange} headingLevel="h2" />;
}

export const productPageParts = {
  Price: PagePrice,
  Rating: PageRating,
  Reviews: PageReviews,
};
