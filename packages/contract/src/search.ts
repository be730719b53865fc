import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { PagingParams, Pagination, Product, withPaging } from './products.ts';

/** `GET /api/shop/search/:query`: the query is trimmed and must be 1–100 characters (400 otherwise). */
export const SearchParams = z.object({
  query: z
    .string()
    .trim()
    .min(LIMITS.searchQuery.min, 'Search query is required')
    .max(LIMITS.searchQuery.max, `Search query must be at most ${LIMITS.searchQuery.max} characters`),
});

/**
 * The most matches a search ranks and counts (like Meilisearch's `maxTotalHits`): `pagination.total` stops here and
 * pages beyond it are empty. No shopper pages through 500 results; a common word never costs more than this.
 */
export const SEARCH_MAX_HITS = 500;

/**
 * Paging of search results, like the product list: with `page` or `limit`, that page (default 24, max 100); with
 * neither, as spec §7's client calls it, every match from the first, up to `LIMITS.unpagedList.max` (so, in fact,
 * up to SEARCH_MAX_HITS, the most a search ranks).
 */
export const SearchQuery = z
  .object(PagingParams)
  .transform(withPaging(LIMITS.pageSize.default, LIMITS.pageSize.max));
export type SearchQuery = z.infer<typeof SearchQuery>;

/**
 * Best matches first; `data` stays a list (spec §7) with the paging beside it (`pagination.total` counts matches up
 * to SEARCH_MAX_HITS). `correctedQuery` is set when a misspelt word was corrected: the results are for that query.
 * `suggestion` is set when nothing was found but a query close to it finds something: "Did you mean …" (issue 28).
 * When the words find nothing together, some are left out until the rest find something (issue 40, Meilisearch's
 * "last" matching strategy): `matchedQuery` is the words the results are for and `unmatchedWords` those left out.
 * An empty first page carries `popular`: up to 4 in-stock products, the most reviewed first.
 */
export const SearchResponse = z.object({
  success: z.literal(true),
  data: z.array(Product),
  page: z.number().int(),
  limit: z.number().int(),
  pagination: Pagination,
  correctedQuery: z.string().max(400).optional(),
  suggestion: z.string().max(400).optional(),
  matchedQuery: z.string().max(400).optional(),
  unmatchedWords: z.array(z.string().max(100)).max(12).optional(),
  popular: z.array(Product).max(4).optional(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;
