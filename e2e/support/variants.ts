/**
 * Products with options and variants (issue 28) set up through the admin API, for the variant journeys: uploads of
 * one-colour pictures, a product added, its gallery and its Size × Colour grid saved.
 */
import sharp from 'sharp';
import type { Product, ProductDetails } from '@emporium/contract';
import { baseURL } from './browser.ts';
import { adminToken } from './purchase.ts';

/** Calls the admin API with the demo admin's token; resolves with the JSON answer (throws on a refusal). */
export async function adminCall<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await adminToken()}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** A PNG of one colour, as the admin's file picker would hand it over. */
export async function pngFile(colour: string, name = 'picture.png') {
  return {
    name,
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 800, height: 800, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  };
}

/** Uploads a one-colour picture (`POST /api/admin/products/upload-image`); resolves with its absolute URL. */
export async function uploadPicture(colour: string): Promise<string> {
  const file = await pngFile(colour);
  const form = new FormData();
  form.append('my_file', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const res = await fetch(`${baseURL()}/api/admin/products/upload-image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken()}` },
    body: form,
  });
  const answer = (await res.json()) as { url: string };
  if (!res.ok) throw new Error(`upload: ${res.status} ${JSON.stringify(answer)}`);
  return answer.url;
}

/** A product of the journeys: Size 42/43 × Colour Red/Blue, red variants with a red photo. */
export interface RunnerShoe {
  product: ProductDetails;
  mainPhoto: string;
  redPhoto: string;
  /** Variant ids by "size/colour", e.g. `42/Red`. */
  ids: Record<string, string>;
}

/**
 * Adds "Variant Runner <n>" (Shoes, Nike) with a grey main photo and a red one in its gallery, and the grid:
 * 42/Red $80 (5 left, red photo), 42/Blue $80 on sale at $70 (5), 43/Red $90 sold out (red photo), 43/Blue $90 (4).
 */
export async function addRunnerShoe(): Promise<RunnerShoe> {
  const [mainPhoto, redPhoto] = [await uploadPicture('#9ca3af'), await uploadPicture('#dc2626')];
  const added = await adminCall<{ data: Product }>('/api/admin/products/add', 'POST', {
    image: mainPhoto,
    title: `Variant Runner ${Date.now().toString(36)}`,
    description: 'A running shoe in two sizes and two colours, added by the variants journey.',
    category: 'Shoes',
    brand: 'Nike',
    price: 80,
    salePrice: 0,
    totalStock: 10,
  });
  const id = added.data._id;
  await adminCall(`/api/admin/products/images/${id}`, 'PUT', {
    images: [
      { image: mainPhoto, alt: '' },
      { image: redPhoto, alt: 'The red runner' },
    ],
  });
  const row = (size: string, colour: string, price: number, salePrice: number, stock: number) => ({
    sku: `RUN-${id.slice(0, 6)}-${size}-${colour}`.toUpperCase(),
    options: { Size: size, Colour: colour },
    price,
    salePrice,
    stock,
    image: colour === 'Red' ? redPhoto : null,
  });
  const saved = await adminCall<{ data: ProductDetails }>(`/api/admin/products/variants/${id}`, 'PUT', {
    options: [
      { name: 'Size', values: ['42', '43'] },
      { name: 'Colour', values: ['Red', 'Blue'] },
    ],
    variants: [
      row('42', 'Red', 80, 0, 5),
      row('42', 'Blue', 80, 70, 5),
      row('43', 'Red', 90, 0, 0),
      row('43', 'Blue', 90, 0, 4),
    ],
  });
  const product = saved.data;
  const ids = Object.fromEntries(
    product.variants.map((v) => [`${v.options.Size}/${v.options.Colour}`, v._id]),
  );
  return { product, mainPhoto, redPhoto: product.variants.find((v) => v.image)!.image!, ids };
}
