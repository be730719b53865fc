import type { Product } from '@emporium/contract';
import { formatPrice, lowestPriceText } from '@/lib/format';
import { cn } from '@/lib/cn';

interface ProductPriceProps {
  product: Pick<Product, 'price' | 'salePrice' | 'lowestPrice30Days'>;
  size?: 'md' | 'lg';
}

/**
 * The price, struck through when on sale, followed by the sale price (on the next line when a narrow card needs it),
 * and under a sale price the lowest price of the 30 days before the reduction when the answer has it (issue 41).
 */
export function ProductPrice({ product, size = 'md' }: ProductPriceProps) {
  const onSale = product.salePrice > 0;
  const text = size === 'lg' ? 'text-2xl' : 'text-lg';
  return (
    <div className="flex flex-wrap items-baseline gap-x-2">
      <span
        data-testid={onSale ? 'regular-price' : 'effective-price'}
        className={cn(
          'font-semibold',
          onSale ? 'text-base font-medium text-neutral-500 line-through' : cn(text, 'text-neutral-900'),
        )}
      >
        {onSale && <span className="sr-only">Original price </span>}
        {formatPrice(product.price)}
      </span>
      {onSale && (
        <span data-testid="effective-price" className={cn(text, 'font-bold text-neutral-900')}>
          <span className="sr-only">Sale price </span>
          {formatPrice(product.salePrice)}
        </span>
      )}
      {onSale && product.lowestPrice30Days !== undefined && (
        <span data-testid="lowest-price-30-days" className="block w-full text-xs text-neutral-600">
          {lowestPriceText(product.lowestPrice30Days)}
        </span>
      )}
    </div>
  );
}
