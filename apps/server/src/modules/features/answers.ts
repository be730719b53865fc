/**
 * The hero images' answer as `GET /api/common/feature/get` sends it (spec §7 Common), from the catalog cache
 * (lib/catalog-cache.ts). Shared by the route and the web shell's image hint.
 */
import { FeatureListResponse } from '@emporium/contract';
import { RawJson, type CachedAnswer, type CatalogReads } from '../../lib/catalog-cache.ts';
import { listFeatureImages } from './service.ts';

/**
 * `FeatureListResponse`: the hero images, oldest first; they show no product and no order, so stock moves leave them
 * cached.
 */
export function featureImagesAnswer(reads: CatalogReads): Promise<CachedAnswer> {
  return reads.cache.answer(
    'features',
    async () =>
      new RawJson(
        JSON.stringify(
          FeatureListResponse.parse({ success: true, data: await listFeatureImages(reads.db, reads.images) }),
        ),
        [],
        undefined,
        true,
      ),
  );
}
