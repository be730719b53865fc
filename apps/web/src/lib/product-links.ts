/**
 * Links to product pages (issue 41). Kept out of lib/catalog-paths.ts, which every page loads with the entry: only
 * the screens that link to a product page (the details dialog) load this.
 */
import { productUrlParam } from '@emporium/contract';
import { openStorefront } from './storefront-mode';

/**
 * A product page's address (router.tsx: /shop/product/:id): the readable `/shop/product/<slug>-<id>` in the open
 * storefront, where it is the canonical one search engines list (issue 41); the spec's `/shop/product/:id` otherwise.
 */
export function productPagePath(product: { _id: string; title: string }): string {
  return `/shop/product/${openStorefront ? productUrlParam(product) : encodeURIComponent(product._id)}`;
}
