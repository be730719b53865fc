/**
 * Images in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …): the image store for several instances
 * (DESIGN.md §6). Objects are stored under `uploads/<key>` with their Content-Type and a year-long immutable
 * Cache-Control. Images are linked from `S3_PUBLIC_URL/uploads/<key>` when it is set (a CDN or the bucket's public
 * URL); otherwise from `PUBLIC_URL/uploads/<key>`, which the server answers by streaming the object (`read`).
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import {
  contentTypeOf,
  IMAGE_CACHE_CONTROL,
  imageUrl,
  isImageKey,
  type ImageStore,
  type StoredImage,
} from './image-store.ts';

export interface S3ImageStoreOptions {
  bucket: string;
  region: string;
  /** S3-compatible server; undefined means AWS S3. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Undefined: the AWS SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** The shop's origin (PUBLIC_URL): images are linked from `<publicUrl>/uploads/` unless `imagesUrl` is set. */
  publicUrl: string;
  /** Where the bucket is reachable by browsers (S3_PUBLIC_URL): images are linked from `<imagesUrl>/uploads/`. */
  imagesUrl?: string;
}

/** Objects live under this prefix, so that a bucket or CDN URL and the server answer the same paths. */
const PREFIX = 'uploads/';

/** The HTTP status of an AWS SDK error (404 missing, 304 not modified, …), if it carries one. */
function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function unsafe(key: string): Error {
  return new Error(`Unsafe image key: ${key}`);
}

export class S3ImageStore implements ImageStore {
  readonly baseUrl: string;
  readonly bucket: string;
  private readonly client: S3Client;

  constructor(options: S3ImageStoreOptions) {
    this.bucket = options.bucket;
    this.baseUrl = `${options.imagesUrl ?? options.publicUrl}/${PREFIX}`;
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      // Most S3-compatible servers do not know the newer default checksum headers; S3 itself needs them only where
      // an operation requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that does not answer fails the request in seconds instead of holding it (and a socket) open.
      requestHandler: { connectionTimeout: 5_000, socketTimeout: 15_000 },
      maxAttempts: 3,
    };
    if (options.endpoint) config.endpoint = options.endpoint;
    if (options.credentials) config.credentials = options.credentials;
    this.client = new S3Client(config);
  }

  private objectKey(key: string): string {
    if (!isImageKey(key)) throw unsafe(key);
    return PREFIX + key;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentLength: data.length,
        ContentType: contentTypeOf(key),
        CacheControl: IMAGE_CACHE_CONTROL,
      }),
    );
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    if (!isImageKey(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (err) {
      if (statusOf(err) === 404) return false;
      throw err;
    }
  }

  url(key: string): string {
    return imageUrl(this.baseUrl, key);
  }

  async read(
    key: string,
    options: { ifNoneMatch?: string; headOnly?: boolean } = {},
  ): Promise<StoredImage | 'not-modified' | undefined> {
    if (!isImageKey(key)) return undefined;
    const input = { Bucket: this.bucket, Key: this.objectKey(key), IfNoneMatch: options.ifNoneMatch };
    try {
      const out = options.headOnly
        ? await this.client.send(new HeadObjectCommand(input))
        : await this.client.send(new GetObjectCommand(input));
      return {
        body: 'Body' in out ? (out.Body as Readable | undefined) : undefined,
        // The type follows the key, whatever was stored: the route never answers markup for an image URL.
        contentType: contentTypeOf(key),
        contentLength: out.ContentLength,
        etag: out.ETag,
        lastModified: out.LastModified,
      };
    } catch (err) {
      const status = statusOf(err);
      if (status === 404) return undefined;
      if (status === 304) return 'not-modified';
      throw err;
    }
  }

  /** Closes the client's connections. */
  destroy(): void {
    this.client.destroy();
  }
}
