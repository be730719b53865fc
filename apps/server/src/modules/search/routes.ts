/** Search route (spec §7 Shop, prefix /api/shop): public. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, SearchParams, SearchQuery, SearchResponse } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { createSearchProvider } from './service.ts';

export const searchRoutes: FastifyPluginAsyncZod<{ db: Db; images: ImageStore }> = async (
  app,
  { db, images },
) => {
  const provider = createSearchProvider(db, images);
  /**
   * `GET /search/:query?page=1&limit=24` → 200 matches, best first, with paging like the product list (the total
   * counts up to MAX_HITS) and `correctedQuery` when a misspelt word was corrected; 400 when the trimmed query is
   * empty or longer than 100 characters.
   */
  app.get(
    '/search/:query',
    {
      config: { access: 'public' },
      schema: {
        tags: ['search'],
        params: SearchParams,
        querystring: SearchQuery,
        response: { 200: SearchResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total, correctedQuery } = await provider.search(request.params.query, page, limit);
      return {
        success: true as const,
        data: items,
        page,
        limit,
        pagination: { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) },
        ...(correctedQuery ? { correctedQuery } : {}),
      };
    },
  );
};
