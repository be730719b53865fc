import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LOW_STOCK_MAX, variantLabel, type LowStockVariant } from '@emporium/contract';
import { cn } from '@/lib/cn';
import { variantsApi } from '@/lib/admin/variants-api';

/** How many variants the dashboard lists; the rest are counted. */
const SHOWN = 10;

/**
 * The dashboard's "Low on stock" list, per variant (issue 28): variants with at most LOW_STOCK_MAX units, fewest
 * first, each with its product's title, options and SKU, linking to the product's admin page.
 */
export function VariantsLowStock() {
  const [variants, setVariants] = useState<LowStockVariant[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    variantsApi.lowStock().then(
      (res) => setVariants(res.data),
      () => setFailed(true),
    );
  }, []);

  if (failed) return <p className="text-sm text-red-700">The low-stock list could not be loaded.</p>;
  if (!variants) return <p className="text-sm text-neutral-600">Loading...</p>;
  if (variants.length === 0) {
    return <p className="text-sm text-neutral-600">Every variant has more than {LOW_STOCK_MAX} in stock.</p>;
  }
  const more = variants.length - SHOWN;
  return (
    <>
      <ul className="space-y-2 text-sm" data-testid="low-stock">
        {variants.slice(0, SHOWN).map((v) => {
          const options = variantLabel(v.options);
          return (
            <li key={v.variantId} className="flex items-center gap-3">
              <img
                src={v.image}
                alt=""
                width={32}
                height={32}
                className="h-8 w-8 shrink-0 rounded object-cover"
              />
              <span className="min-w-0 flex-1">
                <Link
                  to={`/admin/products/${encodeURIComponent(v.productId)}`}
                  className="block truncate underline-offset-4 hover:underline"
                >
                  {v.title}
                </Link>
                <span className="block truncate text-xs text-neutral-600">
                  {[options, `SKU ${v.sku}`].filter(Boolean).join(' · ')}
                </span>
              </span>
              <span
                className={cn('shrink-0', v.stock === 0 ? 'font-semibold text-red-700' : 'text-neutral-700')}
              >
                {v.stock === 0 ? 'Sold out' : `${v.stock} left`}
              </span>
            </li>
          );
        })}
      </ul>
      {more > 0 && <p className="mt-2 text-sm text-neutral-600">and {more} more</p>}
    </>
  );
}
