import type { Product } from '@emporium/contract';
import { cn } from '@/lib/cn';
import { StarRating } from './star-rating';

interface RatingSummaryProps {
  product: Pick<Product, 'averageRating' | 'reviewsCount'>;
  className?: string;
}

/**
 * A product's rating (spec §2): the stars from averageRating, the average with one decimal and the reviewsCount in
 * brackets. A product nobody has reviewed says "No reviews yet" rather than "0.0 (0)" beside five empty stars.
 */
export function RatingSummary({ product, className }: RatingSummaryProps) {
  if (product.reviewsCount === 0) {
    return (
      <div data-testid="rating-summary" className={cn('text-sm text-neutral-500', className)}>
        No reviews yet
      </div>
    );
  }
  return (
    <div data-testid="rating-summary" className={cn('flex items-center gap-2', className)}>
      <StarRating rating={product.averageRating} />
      <span className="text-sm text-neutral-700">
        <span className="sr-only">Rating </span>
        {product.averageRating.toFixed(1)}
      </span>
      <span className="text-sm text-neutral-500">({product.reviewsCount})</span>
    </div>
  );
}
