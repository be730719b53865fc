/**
 * Product photo galleries (issue 28) through the API on a real database: replace, reorder, remove, alt text, the
 * first photo as the product's image in the shop's answer, and the refusals (too many photos, a foreign image,
 * unknown product, not an admin) that change nothing.
 */
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages, products } from '../../db/schema.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { as, type Session } from '../../test/shop-client.ts';

let t: TestApp;
let admin: Session;
let shopper: Session;

const url = (id: string) => `/api/admin/products/images/${id}`;

/** Uploads a small PNG of `colour` as the admin; returns the answered absolute URL. */
async function upload(colour: string): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const boundary = '----gallerytest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="my_file"; filename="p.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products/upload-image',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${admin.token}`,
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json().url as string;
}

/** A product whose single image is an upload; returns its id and that image's URL. */
async function productWithUpload(): Promise<{ id: string; first: string }> {
  const first = await upload('#264653');
  const id = await insertProduct(t.db, { imageKey: first.slice(`${t.config.publicUrl}/uploads/`.length) });
  return { id, first };
}

/** The stored rows of a product's gallery, in order. */
function rows(id: string) {
  return t.db
    .select({ position: productImages.position, key: productImages.imageKey, alt: productImages.alt })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position));
}

async function productRow(id: string) {
  const [row] = await t.db
    .select({ imageKey: products.imageKey, version: products.version, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

const keyOf = (imageUrl: string) => imageUrl.slice(`${t.config.publicUrl}/uploads/`.length);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  shopper = await signUpAndLogIn(t.app);
});
afterAll(async () => {
  await t.app.close();
});

describe('product gallery', () => {
  it("answers a product's single image as its one photo before a gallery is saved", async () => {
    const { id, first } = await productWithUpload();
    const res = await as(t.app, admin).get(url(id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: [{ image: first, key: keyOf(first), alt: '' }] });
  });

  it('replaces, reorders and removes photos; the first is the product image in the shop answer', async () => {
    const { id, first } = await productWithUpload();
    const [second, third] = [await upload('#e9c46a'), await upload('#e76f51')];
    const before = await productRow(id);

    // Add two photos (one by URL, one by key) with alt text.
    const added = await as(t.app, admin).put(url(id), {
      images: [
        { image: first, alt: '  Front view ' },
        { image: second, alt: 'Side view' },
        { image: keyOf(third) },
      ],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({
      success: true,
      message: 'Photos saved',
      data: [
        { image: first, key: keyOf(first), alt: 'Front view' },
        { image: second, key: keyOf(second), alt: 'Side view' },
        { image: third, key: keyOf(third), alt: '' },
      ],
    });
    expect(await rows(id)).toEqual([
      { position: 0, key: keyOf(first), alt: 'Front view' },
      { position: 1, key: keyOf(second), alt: 'Side view' },
      { position: 2, key: keyOf(third), alt: '' },
    ]);
    const afterAdd = await productRow(id);
    expect(afterAdd.imageKey).toBe(keyOf(first));
    expect(afterAdd.version).toBe(before.version + 1);
    expect(afterAdd.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());

    // Reorder: the third photo goes first and becomes the product's image, in the shop's (cached) answer too.
    const shopBefore = await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${id}` });
    expect(shopBefore.json().data.image).toBe(first);
    const reordered = await as(t.app, admin).put(url(id), {
      images: [
        { image: third, alt: 'Back view' },
        { image: first, alt: 'Front view' },
        { image: second, alt: 'Side view' },
      ],
    });
    expect(reordered.statusCode).toBe(200);
    expect((await rows(id)).map((r) => r.key)).toEqual([keyOf(third), keyOf(first), keyOf(second)]);
    expect((await productRow(id)).imageKey).toBe(keyOf(third));
    const shop = await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${id}` });
    expect(shop.statusCode).toBe(200);
    expect(shop.json().data.image).toBe(third);
    const listing = await t.app.inject({ method: 'GET', url: '/api/shop/products/get' });
    expect(listing.json().data.find((p: { _id: string }) => p._id === id).image).toBe(third);

    // Remove two: one photo left, positions from 0 again.
    const removed = await as(t.app, admin).put(url(id), { images: [{ image: second, alt: 'Side view' }] });
    expect(removed.statusCode).toBe(200);
    expect(await rows(id)).toEqual([{ position: 0, key: keyOf(second), alt: 'Side view' }]);
    expect((await productRow(id)).imageKey).toBe(keyOf(second));
    expect((await as(t.app, admin).get(url(id))).json().data).toEqual([
      { image: second, key: keyOf(second), alt: 'Side view' },
    ]);
  });

  it('keeps a photo the product already shows even when it is not in the image store', async () => {
    // The demo's and hand-set images may not be files of this store; sending them back unchanged is not a new upload.
    const id = await insertProduct(t.db, { imageKey: 'products/not-stored-800.webp' });
    const added = await upload('#2a9d8f');
    const res = await as(t.app, admin).put(url(id), {
      images: [{ image: `${t.config.publicUrl}/uploads/products/not-stored-800.webp` }, { image: added }],
    });
    expect(res.statusCode).toBe(200);
    expect((await rows(id)).map((r) => r.key)).toEqual(['products/not-stored-800.webp', keyOf(added)]);
  });

  describe('refusals change nothing', () => {
    it.each([
      ['no photo', () => ({ images: [] }), 'A product needs at least one photo'],
      [
        'nine photos',
        (first: string) => ({ images: Array.from({ length: 9 }, () => ({ image: first })) }),
        'A product has at most 8 photos',
      ],
      [
        'a foreign URL',
        (first: string) => ({ images: [{ image: first }, { image: 'https://elsewhere.test/cat.webp' }] }),
        'Photo 2: use an image uploaded to this shop',
      ],
      [
        'a key of no stored image',
        (first: string) => ({ images: [{ image: first }, { image: 'products/missing-800.webp' }] }),
        'Photo 2: use an image uploaded to this shop',
      ],
      [
        'an alt text over 200 characters',
        (first: string) => ({ images: [{ image: first, alt: 'a'.repeat(201) }] }),
        'Photo 1: alt text must be at most 200 characters',
      ],
      [
        'an unknown field',
        (first: string) => ({ images: [{ image: first, url: first }] }),
        'This request does not take the field url',
      ],
    ])('400 for %s', async (_case, body, message) => {
      const { id, first } = await productWithUpload();
      await as(t.app, admin).put(url(id), { images: [{ image: first, alt: 'Kept' }] });
      const before = await productRow(id);
      const res = await as(t.app, admin).put(url(id), body(first));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: expect.stringContaining(message) });
      expect(await rows(id)).toEqual([{ position: 0, key: keyOf(first), alt: 'Kept' }]);
      expect(await productRow(id)).toEqual(before);
    });

    it('404 for an unknown product or an id that is no id', async () => {
      const first = await upload('#000000');
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const got = await as(t.app, admin).get(url(id));
        expect(got.statusCode).toBe(404);
        expect(got.json()).toEqual({ success: false, message: 'Product not found' });
        const put = await as(t.app, admin).put(url(id), { images: [{ image: first }] });
        expect(put.statusCode).toBe(404);
      }
    });

    it('401 for a visitor, 403 for a shopper', async () => {
      const { id, first } = await productWithUpload();
      const before = await rows(id);
      const body = { images: [{ image: first, alt: 'Not saved' }] };
      expect((await t.app.inject({ method: 'GET', url: url(id) })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'PUT', url: url(id), payload: body })).statusCode).toBe(401);
      expect((await as(t.app, shopper).get(url(id))).statusCode).toBe(403);
      expect((await as(t.app, shopper).put(url(id), body)).statusCode).toBe(403);
      expect(await rows(id)).toEqual(before);
    });
  });

  it('two saves at once both succeed; the gallery is one of them whole', async () => {
    const { id, first } = await productWithUpload();
    const [a, b] = [await upload('#111111'), await upload('#222222')];
    const results = await Promise.allSettled([
      as(t.app, admin).put(url(id), { images: [{ image: first }, { image: a }] }),
      as(t.app, admin).put(url(id), { images: [{ image: b }, { image: first }, { image: a }] }),
    ]);
    // Invariant: neither save fails, and the stored gallery is exactly one of the two, never a mix.
    expect(results.map((r) => r.status === 'fulfilled' && r.value.statusCode)).toEqual([200, 200]);
    const keys = (await rows(id)).map((r) => r.key);
    expect([
      [keyOf(first), keyOf(a)],
      [keyOf(b), keyOf(first), keyOf(a)],
    ]).toContainEqual(keys);
    expect((await productRow(id)).imageKey).toBe(keys[0]);
  });
});
