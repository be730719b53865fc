/**
 * The catalog's pieces the product page shows (router.tsx hands them to features/product-page, which does not
 * import this feature): the photo, the price, the rating summary and the reviews section, the same ones the dialog uses.
 */
import { IMAGE_SIZES, type Product } from '@emporium/contract';
import { ProductPhoto } from './product-photo';
import { ProductPrice } from './product-price';
import { ProductReviews } from './product-reviews';
import { RatingSummary } from './rating-summary';

/** The page's largest image (the page's HTML preloads it with the same sizes: web-shell/shell.ts). */
function PagePhoto({ product }: { product: Product }) {
  return (
    <ProductPhoto
      product={product}
      sizes={IMAGE_SIZES.productPage}
      priority
      className="self-start rounded-2xl"
    />
  );
}

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
  Photo: PagePhoto,
  Price: PagePrice,
  Rating: PageRating,
  Reviews: PageReviews,
};
