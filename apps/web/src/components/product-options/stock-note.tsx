import { LOW_STOCK_MAX } from '@emporium/contract';

/**
 * The chosen variant's stock in words (issue 28): "Only N left" at LOW_STOCK_MAX units or fewer, "Sold out" at 0,
 * nothing otherwise.
 */
export function StockNote({ stock }: { stock: number }) {
  if (stock > LOW_STOCK_MAX) return null;
  return (
    <p
      data-testid="variant-stock"
      className={stock > 0 ? 'text-sm font-semibold text-amber-700' : 'text-sm font-semibold text-red-700'}
    >
      {stock > 0 ? `Only ${stock} left` : 'Sold out'}
    </p>
  );
}
