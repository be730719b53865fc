/**
 * Where images live (DESIGN.md §4 Images, §6 Scaling). The database keeps keys (`products/ab12….webp`); URLs are
 * built at response time from PUBLIC_URL (or S3_PUBLIC_URL), so moving the shop to another host breaks no image.
 * Local disk is the default (one instance); an S3-compatible bucket (`s3-image-store.ts`) is the path to scale:
 * every instance reads and writes the same images. `createImageStore` (`index.ts`) picks one from the configuration.
 */
import { mkdir, writeFile, rm, access } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { dirname, join, resolve, sep } from 'node:path';

/** An image read back from the store, for `GET /uploads/<key>`. */
export interface StoredImage {
  /** Undefined for a HEAD request. */
  body?: Readable;
  contentType: string;
  contentLength?: number;
  etag?: string;
  lastModified?: Date;
}

export interface ImageStore {
  /** Stores `data` under `key` (a relative path of safe characters, see `isImageKey`). */
  put(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  /** Whether `key` is stored; false for a key that is not a safe image key. Throws when the store cannot answer. */
  exists(key: string): Promise<boolean>;
  /** Absolute URL of `key`. */
  url(key: string): string;
  /** The URLs this store answers start with this prefix (followed by the key). */
  readonly baseUrl: string;
  /**
   * Reads `key` for the server's `/uploads/` route (stores that are not a local folder). `not-modified` when the
   * stored image still has the ETag `ifNoneMatch`; undefined when there is no such image.
   */
  read?(
    key: string,
    options?: { ifNoneMatch?: string; headOnly?: boolean },
  ): Promise<StoredImage | 'not-modified' | undefined>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.(webp|png|jpg)$/i;

/** Whether `key` is a key the stores accept: letters, digits, `/`, `_`, `-`, an image extension, no `..`. */
export function isImageKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..') && !key.includes('//');
}

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' };

/** Content-Type of a stored image, from its key's extension. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** Keys are never reused (random names), so a stored image may be cached for a year without revalidation. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** `url()` of any store: absolute URLs stored by hand pass through, keys are appended to the base URL. */
export function imageUrl(baseUrl: string, key: string): string {
  return /^https?:\/\//.test(key) ? key : `${baseUrl}${key}`;
}

export class LocalImageStore implements ImageStore {
  readonly baseUrl: string;

  constructor(
    /** Folder served at /uploads/. */
    readonly root: string,
    publicUrl: string,
  ) {
    this.baseUrl = `${publicUrl}/uploads/`;
  }

  private path(key: string): string {
    if (!isImageKey(key)) throw new Error(`Unsafe image key: ${key}`);
    const full = resolve(this.root, key);
    if (!full.startsWith(resolve(this.root) + sep)) throw new Error(`Unsafe image key: ${key}`);
    return full;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const full = this.path(key);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, data);
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    if (!isImageKey(key)) return false;
    return access(this.path(key)).then(
      () => true,
      () => false,
    );
  }

  url(key: string): string {
    return imageUrl(this.baseUrl, key);
  }
}

export function localImageStore(dataDir: string, publicUrl: string): LocalImageStore {
  return new LocalImageStore(join(dataDir, 'uploads'), publicUrl);
}
