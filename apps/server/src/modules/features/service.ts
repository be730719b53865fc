/** Home-page feature images (spec §7 Common). */
import { asc, eq } from 'drizzle-orm';
import type { FeatureImage } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import type { CatalogChanges } from '../../lib/catalog-cache.ts';
import { featureImages } from '../../db/schema.ts';
import { isUuid, notFound } from '../../lib/http-error.ts';
import type { ImageStore } from '../../storage/image-store.ts';

/** All feature images, oldest first (the carousel order), with absolute URLs. */
export async function listFeatureImages(db: Db, images: ImageStore): Promise<FeatureImage[]> {
  const rows = await db
    .select()
    .from(featureImages)
    .orderBy(asc(featureImages.createdAt), asc(featureImages.id));
  return rows.map((r) => ({ _id: r.id, image: images.url(r.imageKey) }));
}

/** What changing the feature images needs; `catalog` is told after each committed change. */
export interface FeatureDeps {
  db: Db;
  images: ImageStore;
  catalog: CatalogChanges;
}

/** Adds a feature image from an uploaded image key. */
export async function addFeatureImage(
  { db, images, catalog }: FeatureDeps,
  imageKey: string,
): Promise<FeatureImage> {
  const [row] = await db.insert(featureImages).values({ imageKey }).returning();
  catalog.changed();
  return { _id: row!.id, image: images.url(row!.imageKey) };
}

/** Deletes a feature image; 404 when it does not exist. The stored file stays (it may be shared). */
export async function deleteFeatureImage(
  { db, images, catalog }: FeatureDeps,
  id: string,
): Promise<FeatureImage> {
  if (!isUuid(id)) throw notFound('Feature image not found');
  const [row] = await db.delete(featureImages).where(eq(featureImages.id, id)).returning();
  if (!row) throw notFound('Feature image not found');
  catalog.changed();
  return { _id: row.id, image: images.url(row.imageKey) };
}
