import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { Pagination, Product, intParam } from './products.ts';

/** `GET /api/shop/search/:query`: the query is trimmed and must be 1–100 characters (400 otherwise). */
export const SearchParams = z.object({
  query: z
    .string()
    .trim()
    .min(LIMITS.searchQuery.min, 'Search query is required')
    .max(LIMITS.searchQuery.max, `Search query must be at most ${LIMITS.searchQuery.max} characters`),
});

/** Paging of search results, like the product list (default 24, max 100). */
export const SearchQuery = z.object({
  page: intParam(1, 1_000_000),
  limit: intParam(LIMITS.pageSize.default, LIMITS.pageSize.max),
});

/** Best matches first; `data` stays a list (spec §7) with the paging beside it. */
export const SearchResponse = z.object({
  success: z.literal(true),
  data: z.array(Product),
  page: z.number().int(),
  limit: z.number().int(),
  pagination: Pagination,
});
export type SearchResponse = z.infer<typeof SearchResponse>;
