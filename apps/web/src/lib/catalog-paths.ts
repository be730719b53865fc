import { LIMITS, type SortBy } from '@emporium/contract';
import {
  buildFilterQuery,
  filtersFromSearchParams,
  parseSortBy,
  readStoredFilters,
  searchParamsHaveFilters,
  type Filters,
} from './filters';

/**
 * The API paths of the public catalog reads (spec §7), built in one place: a read started at page load
 * (`prefetchGet`, lib/api.ts) is used only when the screen later asks for exactly the same path.
 */

export interface ProductListParams {
  filters: Filters;
  sortBy: SortBy;
  page: number;
  limit: number;
}

/** `GET /api/shop/products/get?category=…&brand=…&sortBy=…&page=…&limit=…`. */
export function productListPath({ filters, sortBy, page, limit }: ProductListParams): string {
  return `/api/shop/products/get?${buildFilterQuery(filters, { sortBy, page, limit })}`;
}

/** `GET /api/shop/products/get/:id`. */
export function productDetailsPath(id: string): string {
  return `/api/shop/products/get/${encodeURIComponent(id)}`;
}

/** `GET /api/common/feature/get`: the home hero's images. */
export const FEATURE_IMAGES_PATH = '/api/common/feature/get';

/**
 * `GET /api/shop/products/featured`: Home's Featured Products (issue 28): the admin's picks in their order, or, when
 * none are picked, the first 12 of the catalog by price ascending (spec §2).
 */
export const FEATURED_PRODUCTS_PATH = '/api/shop/products/featured';

/**
 * The listing's first page for an address's query (spec §4): its filters, or when it carries none the ones kept in
 * session storage (which the listing then moves into the address), and its sort.
 */
export function listingFirstPage(search: URLSearchParams): ProductListParams {
  return {
    filters: searchParamsHaveFilters(search) ? filtersFromSearchParams(search) : readStoredFilters(),
    sortBy: parseSortBy(search.get('sortBy')),
    page: 1,
    limit: LIMITS.pageSize.default,
  };
}
