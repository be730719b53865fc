import { memo } from 'react';
import { IMAGE_SIZES, type Product } from '@emporium/contract';
import { ShoppingCart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ProductPhoto } from './product-photo';
import { ProductPrice } from './product-price';
import { RatingSummary } from './rating-summary';

interface ProductCardProps {
  product: Product;
  onOpenDetails: (product: Product) => void;
  onAddToCart: (product: Product) => void;
  /** The button of a product with options: opens the details with nothing picked (issue 40, item 1). */
  onChooseOptions: (product: Product) => void;
  /** The first row of the grid is above the fold, so its images load eagerly. */
  eager?: boolean;
}

/** "Choose size" for a product with one option, "Choose options" for more (issue 40, item 1). */
export function chooseLabel(optionNames: readonly string[]): string {
  return optionNames.length === 1 ? `Choose ${optionNames[0]!.toLowerCase()}` : 'Choose options';
}

/**
 * A product's card (spec §2): Add to Cart in one tap for a product without options (the spec's), "Choose size" for
 * one with options, which opens the details to pick them first (issue 40, item 1; Dawn's quick add). Memoised, with stable callbacks from ProductGrid: a page re-rendered for something
 * else (a new sort or filter before its answer, a loading flag) leaves its two dozen cards alone (issue 29).
 */
export const ProductCard = memo(function ProductCard({
  product,
  onOpenDetails,
  onAddToCart,
  onChooseOptions,
  eager = false,
}: ProductCardProps) {
  const optionNames = product.optionNames ?? [];
  return (
    <article
      data-testid="product-card"
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <button
        type="button"
        onClick={() => onOpenDetails(product)}
        className="flex flex-1 cursor-pointer flex-col text-left focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none focus-visible:ring-inset"
      >
        <ProductPhoto product={product} sizes={IMAGE_SIZES.productCard} loading={eager ? 'eager' : 'lazy'} />
        <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
          <h3 className="line-clamp-2 text-sm font-bold break-words text-neutral-900 sm:text-base lg:text-lg">
            {product.title}
          </h3>
          <div className="flex flex-wrap items-center justify-between gap-x-2 text-xs text-neutral-600 sm:text-sm">
            <span>{product.category}</span>
            <span>{product.brand}</span>
          </div>
          <RatingSummary product={product} className="flex-wrap gap-y-0" />
          <div className="mt-auto">
            <ProductPrice product={product} />
          </div>
        </div>
      </button>
      <div className="p-3 pt-0 sm:p-4 sm:pt-0">
        {product.totalStock > 0 && optionNames.length > 0 ? (
          <Button
            variant="outline"
            className="h-11 w-full lg:h-10"
            aria-haspopup="dialog"
            onClick={() => onChooseOptions(product)}
          >
            {chooseLabel(optionNames)}
          </Button>
        ) : product.totalStock > 0 ? (
          <Button className="h-11 w-full lg:h-10" onClick={() => onAddToCart(product)}>
            <ShoppingCart className="hidden h-4 w-4 sm:block" aria-hidden="true" />
            Add to Cart
          </Button>
        ) : (
          <Button className="h-11 w-full lg:h-10" disabled>
            Out of Stock
          </Button>
        )}
      </div>
    </article>
  );
});
