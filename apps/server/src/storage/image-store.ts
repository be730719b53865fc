/**
 * Where images live (DESIGN.md §4 Images). The database keeps keys (`products/ab12….webp`); URLs are built at
 * response time from PUBLIC_URL, so moving the shop to another host breaks no image. Local disk is the default;
 * object storage is the path to scale (same interface).
 */
import { mkdir, writeFile, rm, access } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

export interface ImageStore {
  /** Stores `data` under `key` (a relative path of safe characters). */
  put(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Absolute URL of `key`. */
  url(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.(webp|png|jpg)$/i;

export class LocalImageStore implements ImageStore {
  constructor(
    /** Folder served at /uploads/. */
    readonly root: string,
    private readonly publicUrl: string,
  ) {}

  private path(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe image key: ${key}`);
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
    return access(this.path(key)).then(
      () => true,
      () => false,
    );
  }

  url(key: string): string {
    // Keys that are already absolute URLs (e.g. set by hand) pass through unchanged.
    if (/^https?:\/\//.test(key)) return key;
    return `${this.publicUrl}/uploads/${key}`;
  }
}

export function localImageStore(dataDir: string, publicUrl: string): LocalImageStore {
  return new LocalImageStore(join(dataDir, 'uploads'), publicUrl);
}
