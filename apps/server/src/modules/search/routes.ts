/** Search route (spec §7 Shop, prefix /api/shop): public. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, SearchParams, SearchQuery, SearchResponse } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { RawJson, SEARCH_KEY_PREFIX, type CatalogCache } from '../../lib/catalog-cache.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { withLowestPrices } from '../price-history/service.ts';
import { withOptionNames } from '../products/service.ts';
import { createSearchProvider } from './service.ts';

export const searchRoutes: FastifyPluginAsyncZod<{
  db: Db;
  images: ImageStore;
  cache: CatalogCache;
}> = async (app, { db, images, cache }) => {
  const provider = createSearchProvider(db, images);
  /**
   * `GET /search/:query?page=1&limit=24` → 200 matches, best first, with paging like the product list (the total
   * counts up to MAX_HITS), `correctedQuery` when a misspelt word was corrected, and `suggestion` when nothing was
   * found but a query close to it finds something ("Did you mean …", issue 28); `matchedQuery` and `unmatchedWords`
   * when words were left out to find something, and `popular` on an empty first page (issue 40); 400 when the trimmed query is
   * empty or longer than 100 characters. Without `page` and `limit` (spec §7's client) `data` is every match, up to
   * `LIMITS.unpagedList.max` and MAX_HITS, with `limit` the unpaged cap and `pagination.pages` 1. Answers come from the catalog cache (lib/catalog-cache.ts: serialized and
   * compressed once per catalog generation, query and page), so a popular search costs no query until the catalog
   * changes.
   */
  app.get(
    '/search/:query',
    {
      config: { access: 'public', cachedAnswer: true },
      compress: false,
      schema: {
        tags: ['search'],
        params: SearchParams,
        querystring: SearchQuery,
        response: { 200: SearchResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const text = request.params.query;
      const key = `${SEARCH_KEY_PREFIX}${JSON.stringify([text, page, limit])}`;
      const answer = await cache.answer(
        key,
        async () => {
          const { items, total, correctedQuery, suggestion, matchedQuery, unmatchedWords, popular } =
            await provider.search(text, page, limit);
          const found = SearchResponse.parse({
            success: true,
            data: await withLowestPrices(db, await withOptionNames(db, items)),
            page,
            limit,
            pagination: { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) },
            ...(correctedQuery ? { correctedQuery } : {}),
            ...(suggestion ? { suggestion } : {}),
            ...(matchedQuery ? { matchedQuery, unmatchedWords } : {}),
            ...(popular ? { popular: await withLowestPrices(db, popular) } : {}),
          });
          // A stock move of a product it shows forgets it; others leave it cached.
          return new RawJson(
            JSON.stringify(found),
            [...found.data, ...(found.popular ?? [])].map((p) => p._id),
          );
        },
        request,
      );
      return cache.send(request, reply, answer);
    },
  );
};
