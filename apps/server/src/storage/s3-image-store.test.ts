/**
 * Images on shared storage (issue 10, item 6; DESIGN.md §6): the S3 image store against a local S3-compatible server
 * (s3rver, started here), the S3_* configuration, and two app instances on one database and one bucket: an upload
 * through one is served by the other, and a product saved through the other with it is accepted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { imageKeyFrom } from '../modules/uploads/image-processing.ts';
import { buildTestApp, promoteToAdmin, signUpAndLogIn, type TestApp } from '../test/build-test-app.ts';
import { as, type Session } from '../test/shop-client.ts';
import { createImageStore } from './index.ts';
import { S3ImageStore } from './s3-image-store.ts';

const BUCKET = 'emporium-images';
let server: S3rver;
let serverDir: string;
let endpoint: string;
/** The S3_* variables of the shared bucket (s3rver accepts the key pair S3RVER/S3RVER). */
let s3env: Record<string, string>;

const webp = (width = 40) =>
  sharp({ create: { width, height: 20, channels: 3, background: '#3a7' } })
    .webp()
    .toBuffer();

beforeAll(async () => {
  serverDir = mkdtempSync(join(tmpdir(), 'emporium-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: serverDir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  s3env = {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
});
afterAll(async () => {
  server.httpServer?.closeAllConnections();
  await server.close();
  rmSync(serverDir, { recursive: true, force: true });
});

function s3Config(extra: Record<string, string> = {}): Config {
  return loadConfig({ PUBLIC_URL: 'http://shop.test', ...s3env, ...extra });
}

describe('S3_* configuration', () => {
  it('keeps images on local disk without S3_BUCKET', () => {
    expect(loadConfig({ DATA_DIR: '/srv/shop' }).images).toEqual({
      store: 'local',
      dir: '/srv/shop/uploads',
    });
  });

  it('reads the bucket settings, with us-east-1 and path style for an endpoint by default', () => {
    expect(loadConfig({ S3_BUCKET: 'shop-images', S3_ENDPOINT: 'http://minio:9000/' }).images).toEqual({
      store: 's3',
      bucket: 'shop-images',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: undefined,
      publicUrl: undefined,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'shop-images',
        S3_REGION: 'eu-west-3',
        S3_FORCE_PATH_STYLE: 'false',
        S3_ACCESS_KEY_ID: 'AKIA',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PUBLIC_URL: 'https://cdn.example.com/',
      }).images,
    ).toMatchObject({
      region: 'eu-west-3',
      forcePathStyle: false,
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 'secret' },
      publicUrl: 'https://cdn.example.com',
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_BUCKET: required when S3_ENDPOINT is set/],
    [{ S3_PUBLIC_URL: 'https://cdn.example.com', S3_REGION: 'eu-west-1' }, /S3_BUCKET: required when/],
    [{ S3_BUCKET: 'Shop_Images' }, /S3_BUCKET: not a bucket name/],
    [{ S3_BUCKET: 'shop', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT/],
    [{ S3_BUCKET: 'shop', S3_PUBLIC_URL: 'ftp://cdn.example.com' }, /S3_PUBLIC_URL/],
    [{ S3_BUCKET: 'shop', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/],
    [{ S3_BUCKET: 'shop', S3_REGION: 'eu west' }, /S3_REGION/],
    [{ S3_BUCKET: 'shop', S3_ACCESS_KEY_ID: 'AKIA' }, /S3_SECRET_ACCESS_KEY: .*must be set together/],
    [{ S3_BUCKET: 'shop', S3_SECRET_ACCESS_KEY: 'secret' }, /S3_ACCESS_KEY_ID: .*must be set together/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('S3ImageStore', () => {
  let store: S3ImageStore;
  let raw: S3Client;
  beforeAll(() => {
    const made = createImageStore(s3Config());
    expect(made).toBeInstanceOf(S3ImageStore);
    store = made as S3ImageStore;
    raw = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(() => {
    store.destroy();
    raw.destroy();
  });

  it('puts an image with its Content-Type and an immutable Cache-Control, finds it, and removes it', async () => {
    const data = await webp();
    const key = 'products/store-test-400.webp';
    expect(await store.exists(key)).toBe(false);
    await store.put(key, data);
    expect(await store.exists(key)).toBe(true);
    const object = await raw.send(new GetObjectCommand({ Bucket: BUCKET, Key: `uploads/${key}` }));
    expect(object.ContentType).toBe('image/webp');
    expect(object.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(data)).toBe(true);
    await store.remove(key);
    expect(await store.exists(key)).toBe(false);
    await store.remove(key); // removing a missing image is not an error
  });

  it('links images from PUBLIC_URL/uploads/, or from S3_PUBLIC_URL when set', () => {
    expect(store.url('products/a-800.webp')).toBe('http://shop.test/uploads/products/a-800.webp');
    expect(store.url('https://elsewhere.test/a.webp')).toBe('https://elsewhere.test/a.webp');
    const cdn = createImageStore(s3Config({ S3_PUBLIC_URL: 'https://cdn.example.com/' }));
    expect(cdn.url('products/a-800.webp')).toBe('https://cdn.example.com/uploads/products/a-800.webp');
  });

  it('refuses unsafe keys', async () => {
    expect(await store.exists('../secret.webp')).toBe(false);
    expect(await store.exists('products//a.webp')).toBe(false);
    await expect(store.put('../x.webp', await webp())).rejects.toThrow(/Unsafe image key/);
    await expect(store.put('products/a.html', Buffer.from('<html>'))).rejects.toThrow(/Unsafe image key/);
    expect(await store.read('../secret.webp')).toBeUndefined();
  });

  it('reports an unreachable store as an error, never as a missing image', async () => {
    const down = createImageStore(s3Config({ S3_ENDPOINT: 'http://127.0.0.1:1' })) as S3ImageStore;
    await expect(down.exists('products/a-800.webp')).rejects.toThrow();
    await expect(imageKeyFrom(down, 'products/a-800.webp', 'http://shop.test')).rejects.toMatchObject({
      statusCode: 503,
    });
    down.destroy();
  });
});

describe('two instances sharing one database and one bucket', () => {
  let t: TestApp;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: Session;

  /** Another instance: the same configuration and database, its own S3 client from the configuration. */
  async function instance(config: Config): Promise<FastifyInstance> {
    const app = await buildApp({ config, database: t.database, images: createImageStore(config) });
    await app.ready();
    return app;
  }

  function upload(app: FastifyInstance, data: Buffer) {
    const boundary = '----emporiumtest';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="my_file"; filename="photo.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return app.inject({
      method: 'POST',
      url: '/api/admin/products/upload-image',
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${admin.token}`,
      },
    });
  }

  const jpeg = () =>
    sharp({ create: { width: 900, height: 600, channels: 3, background: '#c84' } })
      .jpeg()
      .toBuffer();

  const product = (image: string) => ({
    image,
    title: 'Shared Lamp',
    description: 'Uploaded through one instance, saved through another.',
    category: 'Home & Kitchen',
    brand: 'Bosch',
    price: 40,
    salePrice: 0,
    totalStock: 3,
  });

  beforeAll(async () => {
    // buildTestApp's own app (and its TestApp.images) stay on local disk; it owns the throwaway database.
    t = await buildTestApp(s3env);
    expect(t.config.images.store).toBe('s3');
    a = await instance(t.config);
    b = await instance(t.config);
    admin = await signUpAndLogIn(t.app);
    await promoteToAdmin(t.db, admin.userId);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await t?.app.close();
  });

  it('serves an upload made through A from B, and B accepts it for a product', async () => {
    const res = await upload(a, await jpeg());
    expect(res.statusCode).toBe(200);
    const url: string = res.json().url;
    expect(url).toMatch(/^http:\/\/shop\.test\/uploads\/products\/[0-9a-f-]{36}-1600\.webp$/);
    const path = new URL(url).pathname;

    const image = await b.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'br, gzip' } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined(); // WebP is sent as stored
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(image.headers['content-length']).toBe(String(image.rawPayload.length));
    expect((await sharp(image.rawPayload).metadata()).width).toBe(900);
    // The smaller widths (srcset) are there too.
    const small = await b.inject({ method: 'GET', url: path.replace('-1600.webp', '-400.webp') });
    expect(small.statusCode).toBe(200);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(400);

    const saved = await as(b, admin).post('/api/admin/products/add', product(url));
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data.image).toBe(url);
    const shown = await a.inject({ method: 'GET', url: `/api/shop/products/get/${saved.json().data._id}` });
    expect(shown.json().data.image).toBe(url);
  });

  it('answers HEAD and If-None-Match like a static file, and 404 for a missing or unsafe key', async () => {
    const url: string = (await upload(a, await jpeg())).json().url;
    const path = new URL(url).pathname;
    const get = await b.inject({ method: 'GET', url: path });
    const head = await b.inject({ method: 'HEAD', url: path });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(get.rawPayload.length));
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.body).toBe('');
    const etag = get.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await b.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    for (const missing of [
      '/uploads/products/nope-800.webp',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/',
    ]) {
      const res = await b.inject({ method: 'GET', url: missing });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it('answers with the same headers as the local disk version', async () => {
    const data = await webp();
    const key = 'products/same-headers-400.webp';
    await t.images.put(key, data); // buildTestApp's own app serves local disk
    await createImageStore(t.config).put(key, data);
    const local = await t.app.inject({ method: 'GET', url: `/uploads/${key}` });
    const shared = await b.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(local.statusCode).toBe(200);
    expect(shared.statusCode).toBe(200);
    for (const name of [
      'content-type',
      'cache-control',
      'cross-origin-resource-policy',
      'x-content-type-options',
    ]) {
      expect([name, shared.headers[name]]).toEqual([name, local.headers[name]]);
    }
    for (const name of ['etag', 'last-modified', 'content-length']) expect(shared.headers[name]).toBeTruthy();
    expect(shared.rawPayload.equals(local.rawPayload)).toBe(true);
    const missing = '/uploads/products/missing-400.webp';
    const [localMissing, sharedMissing] = await Promise.all([
      t.app.inject({ method: 'GET', url: missing }),
      b.inject({ method: 'GET', url: missing }),
    ]);
    expect([sharedMissing.statusCode, sharedMissing.json()]).toEqual([
      localMissing.statusCode,
      localMissing.json(),
    ]);
  });

  it('refuses a product image that is not in the bucket', async () => {
    const res = await as(b, admin).post(
      '/api/admin/products/add',
      product('http://shop.test/uploads/products/00000000-0000-0000-0000-000000000000-1600.webp'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Image: use an image uploaded to this shop');
  });

  it('links images from S3_PUBLIC_URL when set, allows it in the CSP, and accepts it back', async () => {
    const images = t.config.images;
    if (images.store !== 's3') throw new Error('expected the S3 configuration');
    const cdn = await instance({ ...t.config, images: { ...images, publicUrl: 'https://cdn.example.com' } });
    try {
      const res = await upload(cdn, await jpeg());
      expect(res.statusCode).toBe(200);
      const url: string = res.json().url;
      expect(url).toMatch(/^https:\/\/cdn\.example\.com\/uploads\/products\/[0-9a-f-]{36}-1600\.webp$/);
      // Pages (anything outside /api/) may show images from there.
      const page = await cdn.inject({ method: 'GET', url: '/shop/home' });
      expect(page.headers['content-security-policy']).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);
      const saved = await as(cdn, admin).post('/api/admin/products/add', product(url));
      expect(saved.statusCode).toBe(201);
      expect(saved.json().data.image).toBe(url);
      // The server still answers the same key at /uploads/ (links made before S3_PUBLIC_URL was set keep working).
      const image = await b.inject({ method: 'GET', url: new URL(url).pathname });
      expect(image.statusCode).toBe(200);
    } finally {
      await cdn.close();
    }
  });
});
