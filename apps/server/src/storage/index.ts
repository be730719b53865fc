/** The one place the image store is created from the configuration (DESIGN.md §4 Images, §6). */
import type { Config } from '../config.ts';
import { LocalImageStore, type ImageStore } from './image-store.ts';
import { S3ImageStore } from './s3-image-store.ts';

export type { ImageStore } from './image-store.ts';

/** Local disk under `DATA_DIR/uploads`, or the S3-compatible bucket `S3_BUCKET`. */
export function createImageStore(config: Pick<Config, 'images' | 'publicUrl'>): ImageStore {
  const c = config.images;
  if (c.store === 'local') return new LocalImageStore(c.dir, config.publicUrl);
  return new S3ImageStore({
    bucket: c.bucket,
    region: c.region,
    endpoint: c.endpoint,
    forcePathStyle: c.forcePathStyle,
    credentials: c.credentials,
    publicUrl: config.publicUrl,
    imagesUrl: c.publicUrl,
  });
}
