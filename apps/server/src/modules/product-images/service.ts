/**
 * A product's photo gallery (issue 28): up to LIMITS.productImages photos in order, each with its text alternative.
 * The first photo is the product's `image` (the spec's single image), so saving the gallery also sets
 * `products.image_key`, in the same transaction.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { AdminProductImage, ProductImagesInput } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { productImages, products } from '../../db/schema.ts';
import type { CatalogChanges } from '../../lib/catalog-cache.ts';
import { badRequest, HttpError, isUuid, notFound } from '../../lib/http-error.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { imageKeyFrom } from '../uploads/image-processing.ts';

export interface ProductImageDeps {
  db: Db;
  images: ImageStore;
  publicUrl: string;
  /** Told after every saved gallery (the shop's answers show its first photo). */
  catalog: CatalogChanges;
}

const NOT_FOUND = 'Product not found';

/** The stored gallery rows of a product, in order. */
function galleryRows(db: Db, productId: string) {
  return db
    .select({ key: productImages.imageKey, alt: productImages.alt })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position));
}

/**
 * The product's gallery in order; 404 when there is no such product. A product saved before it had a gallery row
 * (its single image only) answers that image as its one photo.
 */
export async function productGallery(
  deps: ProductImageDeps,
  productId: string,
): Promise<AdminProductImage[]> {
  if (!isUuid(productId)) throw notFound(NOT_FOUND);
  const [product] = await deps.db
    .select({ imageKey: products.imageKey })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw notFound(NOT_FOUND);
  const rows = await galleryRows(deps.db, productId);
  const photos = rows.length > 0 ? rows : [{ key: product.imageKey, alt: '' }];
  return photos.map((p) => ({ image: deps.images.url(p.key), key: p.key, alt: p.alt }));
}

/**
 * The stored key of each photo sent: a photo the product already shows is kept as it is (by its key or its URL);
 * any other must be an upload to this shop (imageKeyFrom). 400 names the photo's position.
 */
async function keysOf(
  deps: ProductImageDeps,
  productId: string,
  input: ProductImagesInput,
): Promise<string[]> {
  const current = new Map<string, string>();
  for (const { key } of await productGallery(deps, productId)) {
    current.set(key, key);
    current.set(deps.images.url(key), key);
  }
  return Promise.all(
    input.images.map(async ({ image }, i) => {
      const known = current.get(image);
      if (known !== undefined) return known;
      try {
        return await imageKeyFrom(deps.images, image, deps.publicUrl);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 400) {
          throw badRequest(`Photo ${i + 1}: use an image uploaded to this shop`);
        }
        throw err;
      }
    }),
  );
}

/**
 * Replaces the product's gallery with `input.images` in that order, in one transaction: the product's `image`
 * becomes the first photo, its version is bumped and `updated_at` set, and the catalog's cached answers are renewed.
 * 404 unknown product; 400 a photo that is not an upload to this shop (nothing is changed). Concurrent saves of one
 * product take turns on its row, the last one wins.
 */
export async function replaceProductGallery(
  deps: ProductImageDeps,
  productId: string,
  input: ProductImagesInput,
): Promise<AdminProductImage[]> {
  const keys = await keysOf(deps, productId, input);
  const photos = input.images.map(({ alt }, i) => ({ key: keys[i]!, alt }));
  await deps.db.transaction(async (tx) => {
    // Updating the product first locks its row, so a second save waits here until this one has committed.
    const [product] = await tx
      .update(products)
      .set({ imageKey: photos[0]!.key, version: sql`${products.version} + 1`, updatedAt: new Date() })
      .where(eq(products.id, productId))
      .returning({ id: products.id });
    if (!product) throw notFound(NOT_FOUND);
    await tx.delete(productImages).where(eq(productImages.productId, productId));
    await tx
      .insert(productImages)
      .values(photos.map((p, position) => ({ productId, position, imageKey: p.key, alt: p.alt })));
  });
  deps.catalog.changed();
  return photos.map((p) => ({ image: deps.images.url(p.key), key: p.key, alt: p.alt }));
}
