/**
 * The catalog response cache (issue "Fast on every page"): a product edit, a sale, a new review and a feature image
 * change are in the next answer on the same instance at once, and on another instance sharing Redis within a
 * second; without Redis another instance catches up within the cache TTL.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, constants, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { buildApp } from '../../app.ts';
import { createBus } from '../../lib/bus.ts';
import {
  ASYNC_COMPRESS_BYTES,
  COLD_BURST,
  createCatalogCache,
  SEARCH_KEY_PREFIX,
} from '../../lib/catalog-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { as, buyProducts, type Session } from '../../test/shop-client.ts';

let t: TestApp;
let admin: Session;
let shopper: Session;
/** A request from `ip` that carries no session, as CatalogCache.answer's `client`. */
const from = (ip: string) => ({ ip, headers: {} }) as FastifyRequest;
const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url }).then((r) => r.json());

/** A second instance on the same database (its own caches, its own Redis connection if any). */
async function secondInstance(redis?: Redis): Promise<FastifyInstance> {
  const app = await buildApp({ config: t.config, database: t.database, images: t.images, redis });
  await app.ready();
  return app;
}

beforeAll(async () => {
  t = await buildTestApp({ CATALOG_CACHE_TTL_SECONDS: '1' });
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  shopper = await signUpAndLogIn(t.app);
});
afterAll(async () => {
  await t.app.close();
});

describe('catalog cache on one instance', () => {
  it('serves a product edit, a sale and a review in the very next answer', async () => {
    const id = await insertProduct(t.db, { title: 'Cached Lamp', price: 20, totalStock: 9 });
    expect((await get(t.app, `/api/shop/products/get/${id}`)).data).toMatchObject({
      price: 20,
      totalStock: 9,
    });
    const listing = '/api/shop/products/get?sortBy=price-asc';
    expect((await get(t.app, listing)).data.find((p: { _id: string }) => p._id === id)).toBeDefined();
    const search = '/api/shop/search/cached%20lamp';
    const found = async () => (await get(t.app, search)).data.find((p: { _id: string }) => p._id === id);
    expect(await found()).toMatchObject({ price: 20, totalStock: 9 });

    // The product's image must be a file of this shop's image store for the edit to be accepted.
    mkdirSync(join(t.images.root, 'products'), { recursive: true });
    writeFileSync(join(t.images.root, 'products', 'test-800.webp'), 'image');
    const loaded = (await get(t.app, `/api/shop/products/get/${id}`)).data;
    const edit = await as(t.app, admin).put(`/api/admin/products/edit/${id}`, { ...loaded, price: 25 });
    expect(edit.statusCode).toBe(200);
    expect((await get(t.app, `/api/shop/products/get/${id}`)).data.price).toBe(25);
    expect((await get(t.app, listing)).data.find((p: { _id: string }) => p._id === id).price).toBe(25);
    expect((await found()).price).toBe(25);

    await buyProducts(t.app, shopper, [{ productId: id, quantity: 2 }]);
    expect((await get(t.app, `/api/shop/products/get/${id}`)).data.totalStock).toBe(7);
    const inList = (await get(t.app, listing)).data.find((p: { _id: string }) => p._id === id);
    expect(inList.totalStock).toBe(7);
    expect((await found()).totalStock).toBe(7);

    const review = await as(t.app, shopper).post(`/api/shop/reviews/add/${id}`, {
      userId: shopper.userId,
      productId: id,
      rating: 2,
      comment: 'Too dim.',
    });
    expect(review.statusCode).toBe(201);
    expect((await get(t.app, `/api/shop/products/get/${id}`)).data).toMatchObject({
      averageRating: 2,
      reviewsCount: 1,
    });
  });

  it('keeps search answers apart: a run of distinct searches does not push the listing pages out', async () => {
    const cache = createCatalogCache(createBus(), { ttlMs: 60_000, maxEntries: 2 });
    let produced = 0;
    const produce = async () => ({ n: ++produced });
    await cache.answer('list:page-1', produce);
    for (let i = 0; i < 5; i++) await cache.answer(`${SEARCH_KEY_PREFIX}word-${i}`, produce);
    await cache.answer('list:page-1', produce);
    expect(produced).toBe(6); // page 1 came from the cache the second time
    expect(cache.size).toBe(3); // one page, the last two searches
    cache.changed();
    expect(cache.size).toBe(0);
  });

  it('holds at most maxBytes of answers, least recently used out first (issue 24, finding 6)', async () => {
    const cache = createCatalogCache(createBus(), { ttlMs: 60_000, maxBytes: 100_000 });
    const big = (n: number) => async () => ({ n, text: 'x'.repeat(30_000) });
    for (let i = 0; i < 3; i++) await cache.answer(`list:${i}`, big(i));
    let produced = 0;
    await cache.answer('list:0', async () => ({ again: ++produced })); // a hit: list:0 becomes the most recent
    expect(produced).toBe(0);
    for (let i = 3; i < 10; i++) {
      await cache.answer(`list:${i}`, big(i));
      expect(cache.bytes).toBeLessThanOrEqual(100_000);
    }
    expect(cache.size).toBe(3);
    await cache.answer('list:1', async () => ({ again: ++produced }));
    expect(produced).toBe(1); // pushed out long ago
  });

  it('charges each client its cold answers: past the burst, 429 with Retry-After, cached answers still served', async () => {
    const cache = createCatalogCache(createBus(), { ttlMs: 60_000, coldPerMinute: 60 });
    let produced = 0;
    const produce = async () => ({ n: ++produced });
    for (let i = 0; i < COLD_BURST; i++) await cache.answer(`list:${i}`, produce, from('203.0.113.9'));
    const refused = await cache.answer('list:new', produce, from('203.0.113.9')).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 429, headers: { 'retry-after': '1' } });
    expect(produced).toBe(COLD_BURST); // the refused answer was not computed
    await expect(cache.answer('list:0', produce, from('203.0.113.9'))).resolves.toMatchObject({
      key: 'list:0',
    });
    await expect(cache.answer('list:new', produce, from('203.0.113.10'))).resolves.toMatchObject({
      key: 'list:new',
    });
    expect(produced).toBe(COLD_BURST + 1);
    await new Promise((r) => setTimeout(r, 1100)); // one token a second at 60 a minute
    await expect(cache.answer('list:newer', produce, from('203.0.113.9'))).resolves.toMatchObject({
      key: 'list:newer',
    });
  });

  it('an unpaged listing flood from one address is refused once past its budget, through the API', async () => {
    // One token a minute: the burst runs out however slowly a loaded machine answers (at 60 a minute, a burst that
    // took over a second got a token back and its 21st request through).
    const limited = await buildTestApp({ CATALOG_COLD_PER_MINUTE: '1' });
    try {
      await insertProduct(limited.db, { title: 'Budget Lamp' });
      const sorts = ['price-asc', 'price-desc', 'name-asc', 'name-desc'];
      const codes: number[] = [];
      for (let i = 0; i < COLD_BURST + 2; i++) {
        const brand = ['Apple', 'Samsung', 'Sony', 'Nike', 'Adidas', 'Puma'].slice(0, 1 + (i % 6)).join(',');
        const url = `/api/shop/products/get?brand=${brand}&sortBy=${sorts[Math.floor(i / 6)]}`;
        codes.push(
          (await limited.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' })).statusCode,
        );
      }
      expect(codes.slice(0, COLD_BURST).every((c) => c === 200)).toBe(true);
      expect(codes.slice(COLD_BURST)).toEqual([429, 429]);
      const other = await limited.app.inject({
        method: 'GET',
        url: '/api/shop/products/get?brand=Apple&sortBy=price-asc',
        remoteAddress: '203.0.113.8',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });

  describe('the budget of cold answers behind one address (an office, a carrier NAT; issue 46, item 19)', () => {
    const NAT = '198.51.100.20';
    let limited: TestApp;
    beforeAll(async () => {
      // One token a minute: a client has its burst of COLD_BURST and then 429, however slowly the machine answers.
      limited = await buildTestApp({ CATALOG_COLD_PER_MINUTE: '1' });
    });
    afterAll(async () => {
      await limited?.app.close();
    });
    /** Asks for `n` product details nobody asked for before (each one computed: a 404) as `headers` from the NAT. */
    async function coldAnswers(n: number, headers: Record<string, string> = {}): Promise<number[]> {
      const codes = [];
      for (let i = 0; i < n; i++) {
        const url = `/api/shop/products/get/${randomUUID()}`;
        codes.push(
          (await limited.app.inject({ method: 'GET', url, headers, remoteAddress: NAT })).statusCode,
        );
      }
      return codes;
    }
    /** A shopper signed in from the NAT whose session this instance knows: it loaded its cart (a shopper route). */
    async function signedIn(): Promise<{ token: string; userId: string }> {
      const shopper = await signUpAndLogIn(limited.app);
      const cart = await limited.app.inject({
        method: 'GET',
        url: `/api/shop/cart/get/${shopper.userId}`,
        headers: { authorization: `Bearer ${shopper.token}` },
        remoteAddress: NAT,
      });
      expect(cart.statusCode).toBe(200);
      return shopper;
    }
    const notRefused = (codes: number[]) => codes.every((code) => code === 404);

    it('each signed-in shopper spends a budget of their own, and visitors keep the address budget', async () => {
      const [alice, bob] = [await signedIn(), await signedIn()];
      const alices = await coldAnswers(COLD_BURST + 1, { authorization: `Bearer ${alice.token}` });
      expect([notRefused(alices.slice(0, COLD_BURST)), alices[COLD_BURST]]).toEqual([true, 429]);
      // Bob (by the cookie, as the web app sends it) and a visitor behind the same address are not refused.
      const bobs = await coldAnswers(COLD_BURST, { cookie: `token=${bob.token}` });
      expect(notRefused(bobs)).toBe(true);
      expect(await coldAnswers(1)).toEqual([404]);
    });

    it('a shopper stays known past the session reuse TTL (SESSION_CACHE_TTL_SECONDS=0: no reuse at all)', async () => {
      const noReuse = await buildTestApp({ CATALOG_COLD_PER_MINUTE: '1', SESSION_CACHE_TTL_SECONDS: '0' });
      try {
        const shoppers = [await signUpAndLogIn(noReuse.app), await signUpAndLogIn(noReuse.app)];
        const codes = [];
        for (const shopper of shoppers) {
          const auth = { authorization: `Bearer ${shopper.token}` };
          const cart = `/api/shop/cart/get/${shopper.userId}`;
          expect((await noReuse.app.inject({ method: 'GET', url: cart, headers: auth })).statusCode).toBe(
            200,
          );
          for (let i = 0; i < COLD_BURST; i++) {
            const url = `/api/shop/products/get/${randomUUID()}`;
            codes.push(
              (await noReuse.app.inject({ method: 'GET', url, headers: auth, remoteAddress: NAT }))
                .statusCode,
            );
          }
        }
        expect(notRefused(codes)).toBe(true);
      } finally {
        await noReuse.app.close();
      }
    });

    it('made-up, unknown and signed-out tokens buy nothing: they spend the address budget', async () => {
      // Another address, so that the budget spent above is not in the way.
      const limitedAt = (address: string) => (headers: Record<string, string>) =>
        limited.app
          .inject({
            method: 'GET',
            url: `/api/shop/products/get/${randomUUID()}`,
            headers,
            remoteAddress: address,
          })
          .then((res) => res.statusCode);
      const ask = limitedAt('198.51.100.21');
      const gone = await signUpAndLogIn(limited.app);
      await limited.app.inject({
        method: 'GET',
        url: `/api/shop/cart/get/${gone.userId}`,
        headers: { authorization: `Bearer ${gone.token}` },
      });
      const logout = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${gone.token}` },
      });
      expect(logout.statusCode).toBe(200);
      // Signed in, but never seen on a shopper route here: not known either.
      const unseen = await signUpAndLogIn(limited.app);
      const tokens = [
        ...Array.from({ length: COLD_BURST - 2 }, () => randomBytes(32).toString('base64url')),
        gone.token,
        unseen.token,
      ];
      const codes = [];
      for (const token of tokens) codes.push(await ask({ authorization: `Bearer ${token}` }));
      expect(notRefused(codes)).toBe(true);
      expect(await ask({ cookie: `token=${randomBytes(32).toString('base64url')}` })).toBe(429);
      expect(await ask({})).toBe(429);
    });
  });

  it('compresses a large answer off the event loop, once, and serves the same bytes to every client', async () => {
    const cache = createCatalogCache(createBus(), { ttlMs: 60_000 });
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: i, title: `Product ${i}`, price: i / 7 }));
    const answer = await cache.answer('list:large', async () => ({ data: rows }));
    const small = await cache.answer('list:small', async () => ({ data: rows.slice(0, 3) }));
    expect(answer.json.length).toBeGreaterThan(ASYNC_COMPRESS_BYTES);
    expect(small.json.length).toBeLessThan(ASYNC_COMPRESS_BYTES);
    const app = Fastify();
    app.get('/large', (request, reply) => cache.send(request, reply, answer));
    app.get('/small', (request, reply) => cache.send(request, reply, small));
    const ask = (url: string) =>
      app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } }).then((res) => {
        expect(res.headers['content-encoding']).toBe('br');
        return res.rawPayload;
      });
    // Every thread of libuv's pool waits to open a FIFO that nobody writes yet: work queued behind them (zlib's
    // async compression) cannot start until they are let go, while the event loop keeps running. An answer
    // compressed on the event loop is sent regardless, so it would be there before they are.
    const fifos = mkdtempSync(join(tmpdir(), 'emporium-pool-'));
    const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    const paths = Array.from({ length: threads }, (_, i) => join(fifos, `fifo-${i}`));
    for (const path of paths) execFileSync('mkfifo', [path]);
    const held = paths.map((path) => open(path, 'r'));
    // Opening the writing end lets a waiting reader go; without a reader it fails at once (ENXIO). A reader whose
    // thread was still busy elsewhere (a loaded machine) starts waiting later, so this opens the writing ends again
    // until every reader has been let go.
    const releaseOnce = () => {
      for (const path of paths) {
        try {
          closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
        } catch {
          // ENXIO: no reader waits on it (yet, or any more).
        }
      }
    };
    const release = async () => {
      let done = false;
      const all = Promise.allSettled(held).then(() => (done = true));
      while (!done) {
        releaseOnce();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await all;
    };
    try {
      let sent = false;
      const large = Promise.all([ask('/large'), ask('/large')]).finally(() => (sent = true));
      // A small answer is compressed at once: it goes out while the pool is held, so the loop is not stuck.
      expect(JSON.parse(brotliDecompressSync(await ask('/small')).toString())).toEqual({
        data: rows.slice(0, 3),
      });
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(sent).toBe(false);
      expect(answer.br).toBeInstanceOf(Promise);
      await release();
      await Promise.all((await Promise.all(held)).map((handle) => handle.close()));
      const [first, second] = await large;
      expect(Buffer.isBuffer(answer.br)).toBe(true);
      expect(first.equals(second)).toBe(true);
      expect(JSON.parse(brotliDecompressSync(first).toString())).toEqual({ data: rows });
      const gz = await app.inject({ method: 'GET', url: '/large', headers: { 'accept-encoding': 'gzip' } });
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual({ data: rows });
      expect(cache.bytes).toBe(
        answer.json.length +
          (answer.br as Buffer).length +
          (answer.gzip as Buffer).length +
          small.json.length +
          (small.br as Buffer).length,
      );
    } finally {
      await release();
      await app.close();
      rmSync(fifos, { recursive: true, force: true });
    }
  });

  it('answers compressed for clients that ask, with an ETag that revalidates to 304', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/shop/products/get?page=1&limit=24',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('accept-encoding');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/shop/products/get?page=1&limit=24',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers a repeated address from memory only after its rate limit: a flood of one cached page gets 429', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_MAX: '3' });
    try {
      const page = (remoteAddress: string) =>
        limited.app.inject({ method: 'GET', url: '/api/shop/products/get?page=1&limit=24', remoteAddress });
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await page('203.0.113.7')).statusCode);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      expect((await page('203.0.113.8')).statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });

  it('never answers from memory an address whose query was refused', async () => {
    const url = '/api/shop/search/%20%20?page=1';
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
  });
});

describe('catalog cache across instances', () => {
  it('without Redis, another instance catches up within the cache TTL', async () => {
    const other = await secondInstance();
    try {
      const id = await insertProduct(t.db, { title: 'Stale Kettle', totalStock: 5 });
      expect((await get(other, `/api/shop/products/get/${id}`)).data.totalStock).toBe(5);
      await buyProducts(t.app, shopper, [{ productId: id, quantity: 1 }]);
      await expect
        .poll(async () => (await get(other, `/api/shop/products/get/${id}`)).data.totalStock, {
          timeout: 30_000,
        })
        .toBe(4);
    } finally {
      await other.close();
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)(
    'with Redis, a sale, a feature image and a logout reach the other instance (bench/reliability times it)',
    async () => {
      const redisA = new Redis(process.env.TEST_REDIS_URL!);
      const redisB = new Redis(process.env.TEST_REDIS_URL!);
      const config = { ...t.config, catalogCacheTtlMs: 60_000, sessionCacheTtlMs: 60_000 };
      const a = await buildApp({ config, database: t.database, images: t.images, redis: redisA });
      const b = await buildApp({ config, database: t.database, images: t.images, redis: redisB });
      await Promise.all([a.ready(), b.ready()]);
      try {
        await new Promise((r) => setTimeout(r, 200)); // subscriptions established
        const id = await insertProduct(t.db, { title: 'Shared Vase', totalStock: 6 });
        expect((await get(b, `/api/shop/products/get/${id}`)).data.totalStock).toBe(6);
        await buyProducts(a, shopper, [{ productId: id, quantity: 1 }]);
        await expect
          .poll(async () => (await get(b, `/api/shop/products/get/${id}`)).data.totalStock, {
            timeout: 30_000,
          })
          .toBe(5);

        const before = (await get(b, '/api/common/feature/get')).data.length;
        const image = (await get(b, `/api/shop/products/get/${id}`)).data.image;
        const set = await as(a, admin).post('/api/common/feature/set', { image });
        expect(set.statusCode).toBe(201);
        await expect
          .poll(async () => (await get(b, '/api/common/feature/get')).data.length, { timeout: 30_000 })
          .toBe(before + 1);

        const cart = `/api/shop/cart/get/${shopper.userId}`;
        expect((await as(b, shopper).get(cart)).statusCode).toBe(200);
        await a.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: { authorization: `Bearer ${shopper.token}` },
        });
        await expect
          .poll(async () => (await as(b, shopper).get(cart)).statusCode, { timeout: 30_000 })
          .toBe(401);
      } finally {
        await a.close();
        await b.close();
        redisA.disconnect();
        redisB.disconnect();
      }
    },
  );
});
