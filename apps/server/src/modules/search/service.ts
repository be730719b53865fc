/**
 * Catalog search (spec §7 `GET /api/shop/search/:query`; DESIGN.md §4; docs/decisions/006-search.md): typo-tolerant,
 * ranked, paginated. The work is done by a `SearchProvider` (provider.ts); today the PostgreSQL one
 * (postgres-provider.ts), which needs nothing beyond the shop's own database.
 */
import type { Db } from '../../db/client.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { postgresSearchProvider } from './postgres-provider.ts';
import type { SearchPage, SearchProvider } from './provider.ts';

/** The search provider for this database. The place to choose another engine by configuration. */
export function createSearchProvider(db: Db, images: ImageStore): SearchProvider {
  return postgresSearchProvider(db, images);
}

/** One page of matches, best first, the number of matches (up to MAX_HITS) and the corrected query, if any. */
export async function searchProducts(
  db: Db,
  images: ImageStore,
  text: string,
  page: number,
  limit: number,
): Promise<SearchPage> {
  return createSearchProvider(db, images).search(text, page, limit);
}
