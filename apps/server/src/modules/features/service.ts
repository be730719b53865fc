/** Home-page feature images (spec §7 Common). */
import { asc } from 'drizzle-orm';
import type { FeatureImage } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { featureImages } from '../../db/schema.ts';
import type { ImageStore } from '../../storage/image-store.ts';

/** All feature images, oldest first (the carousel order), with absolute URLs. */
export async function listFeatureImages(db: Db, images: ImageStore): Promise<FeatureImage[]> {
  const rows = await db
    .select()
    .from(featureImages)
    .orderBy(asc(featureImages.createdAt), asc(featureImages.id));
  return rows.map((r) => ({ _id: r.id, image: images.url(r.imageKey) }));
}
