/**
 * Uploaded image handling (DESIGN.md §4 Images): the content must decode as JPEG, PNG, WebP or AVIF (never SVG or
 * anything else, whatever the file name says), stay under a pixel limit (decompression bombs), carry no embedded
 * markup (polyglots), and is re-encoded to WebP in a few widths without metadata under a random key.
 */
import { randomUUID } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../../lib/http-error.ts';
import { isImageKey, type ImageStore } from '../../storage/image-store.ts';

/** Largest accepted image, in pixels (width × height). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Stored widths; images are never enlarged. The URL answered is the largest. */
export const UPLOAD_WIDTHS = [400, 800, 1600] as const;

const MAGIC: Array<{ format: string; test: (b: Buffer) => boolean }> = [
  { format: 'jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    format: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    format: 'webp',
    test: (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
  {
    format: 'heif',
    test: (b) => b.toString('latin1', 4, 8) === 'ftyp' && /avi[fs]/.test(b.toString('latin1', 8, 12)),
  },
];

const MARKUP = /<\s*(script|html|svg|iframe|body|object|embed)\b/i;

const unsupported = () => new HttpError(415, 'Unsupported image: upload a JPEG, PNG, WebP or AVIF picture');

/**
 * Validates and stores an uploaded image; returns the key of the largest stored width. 415 when the content is
 * not a supported image or carries markup, 413 above MAX_IMAGE_PIXELS, 400 when it cannot be decoded (truncated).
 */
export async function storeUploadedImage(images: ImageStore, data: Buffer, folder: string): Promise<string> {
  const magic = MAGIC.find((m) => m.test(data));
  if (!magic || MARKUP.test(data.toString('latin1'))) throw unsupported();
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  if (meta.format !== magic.format || (meta.format === 'heif' && meta.compression !== 'av1'))
    throw unsupported();
  if (!meta.width || !meta.height) throw unsupported();
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new HttpError(413, `Image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`);
  }
  const id = randomUUID();
  const rendered: Array<[string, Buffer]> = [];
  try {
    const base = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' }).rotate();
    for (const width of UPLOAD_WIDTHS) {
      const out = await base
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      rendered.push([`${folder}/${id}-${width}.webp`, out]);
    }
  } catch {
    throw new HttpError(400, 'The image could not be read: it may be damaged or incomplete');
  }
  try {
    await Promise.all(rendered.map(([key, out]) => images.put(key, out)));
  } catch (err) {
    throw Object.assign(
      new HttpError(503, 'The image could not be stored right now. Please try again.', {
        'retry-after': '5',
      }),
      { cause: err },
    );
  }
  return rendered[rendered.length - 1]![0];
}

const NOT_OURS = 'Image: use an image uploaded to this shop';

/**
 * Turns a product/feature `image` value (the URL answered by the upload, or a bare key) back into a stored key,
 * asking the image store (shared by every instance with S3) whether it exists. 400 when it points anywhere else or
 * the image does not exist; 503 when the store cannot answer.
 */
export async function imageKeyFrom(images: ImageStore, value: string, publicUrl: string): Promise<string> {
  const prefix = [images.baseUrl, `${publicUrl}/uploads/`].find((p) => value.startsWith(p));
  const key = prefix ? value.slice(prefix.length) : value;
  if (!isImageKey(key)) throw new HttpError(400, NOT_OURS);
  let exists: boolean;
  try {
    exists = await images.exists(key);
  } catch (err) {
    throw Object.assign(
      new HttpError(503, 'The image store is unavailable right now. Please try again.', {
        'retry-after': '5',
      }),
      { cause: err },
    );
  }
  if (!exists) throw new HttpError(400, NOT_OURS);
  return key;
}
