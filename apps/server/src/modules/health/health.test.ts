import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { featureImages } from '../../db/schema.ts';
import { createImageStore } from '../../storage/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startS3rver, type LocalS3 } from '../../test/s3rver.ts';
import { HEALTH_CACHE_MS } from './routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('platform', () => {
  it('GET /api/health reports each dependency', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      status: 'ok',
      database: 'up',
      redis: 'off',
      disk: 'writable',
    });
  });

  it('with the database gone, health answers 503 "down" at once and requests answer 503, the process lives', async () => {
    const gone = await buildTestApp();
    await gone.database.close();
    const health = await gone.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ success: false, status: 'down', database: 'down' });
    const listing = await gone.app.inject({ method: 'GET', url: '/api/shop/products/get' });
    expect(listing.statusCode).toBe(503);
    expect(listing.headers['retry-after']).toBe('5');
    expect(listing.json().success).toBe(false);
    await gone.app.close().catch(() => undefined);
  });

  it.runIf(process.env.TEST_REDIS_URL)(
    'two instances sharing Redis share the login limit; health says up',
    async () => {
      const clients = [new Redis(process.env.TEST_REDIS_URL!), new Redis(process.env.TEST_REDIS_URL!)];
      const apps = await Promise.all(
        clients.map((redis) => buildTestApp({ AUTH_RATE_LIMIT_MAX: '3' }, { redis })),
      );
      try {
        await clients[0]!.flushdb();
        expect((await apps[0]!.app.inject({ method: 'GET', url: '/api/health' })).json().redis).toBe('up');
        const codes = [];
        for (let i = 0; i < 4; i++) {
          const res = await apps[i % 2]!.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: 'shared@example.test', password: 'wrong' },
          });
          codes.push(res.statusCode);
        }
        expect(codes).toEqual([401, 401, 401, 429]);
      } finally {
        await Promise.all(apps.map((a) => a.app.close()));
        for (const c of clients) c.disconnect();
      }
    },
  );

  it('with Redis unreachable the shop keeps selling on per-instance limits, and health says degraded', async () => {
    const unreachable = new Redis({
      host: '127.0.0.1',
      port: 1,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    unreachable.on('error', () => undefined);
    const noRedis = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '3' }, { redis: unreachable });
    try {
      const health = await noRedis.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'degraded', redis: 'down', database: 'up' });
      const listing = await noRedis.app.inject({ method: 'GET', url: '/api/shop/products/get' });
      expect(listing.statusCode).toBe(200);
      const codes = [];
      for (let i = 0; i < 4; i++) {
        const res = await noRedis.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'who@example.test', password: 'wrong' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await noRedis.app.close();
      unreachable.disconnect();
    }
  });

  it('answers JSON 404 for an unknown API route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Route GET /api/nope not found' });
  });

  it('answers 400 for malformed JSON and 415 for an unsupported content type', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ success: false, message: 'Unsupported content type' });
  });

  it('sends pages a strict CSP with no inline scripts, and API answers one that allows nothing', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/uploads/products/none-400.webp' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');

    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(api.headers['referrer-policy']).toBe('no-referrer');
    // Page-only headers, and CORS and rate-limit headers on a same-origin answer that is not a 429, stay off.
    for (const name of [
      'cross-origin-opener-policy',
      'x-dns-prefetch-control',
      'access-control-allow-credentials',
      'x-ratelimit-remaining',
    ]) {
      expect([name, api.headers[name]]).toEqual([name, undefined]);
    }
  });

  it('sends them on every kind of answer: a 404, a validation error, a catalog answer from the cache', async () => {
    const answers = await Promise.all(
      ['/api/nowhere', '/api/shop/search/a%00b', '/api/shop/products/get', '/api/shop/products/get'].map(
        (url) => t.app.inject({ method: 'GET', url }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([404, 400, 200, 200]);
    for (const res of answers) {
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/shop/products/get', '/api/common/feature/get']),
    );
  });

  it('GET /api/common/feature/get lists feature images with absolute URLs', async () => {
    await t.db.insert(featureImages).values([{ imageKey: 'features/one.webp' }]);
    const res = await t.app.inject({ method: 'GET', url: '/api/common/feature/get' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { _id: expect.any(String), image: 'http://shop.test/uploads/features/one.webp' },
    ]);
  });
});

describe('on PostgreSQL and a bucket, in a fresh container (issue 46, item 18)', () => {
  let s3: LocalS3;
  let shared: TestApp;
  const fresh = () =>
    join(tmpdir(), `emporium-fresh-${process.pid}-${randomBytes(4).toString('hex')}`, 'data');
  /** An instance on the test database (PostgreSQL with TEST_DATABASE_URL) with images in the bucket. */
  async function instance(config: Config): Promise<FastifyInstance> {
    const app = await buildApp({ config, database: shared.database, images: createImageStore(config) });
    await app.ready();
    return app;
  }
  beforeAll(async () => {
    s3 = await startS3rver();
    shared = await buildTestApp(s3.env);
  });
  afterAll(async () => {
    await shared?.app.close();
    await s3?.close();
  });

  it('without SMTP_URL, on a DATA_DIR that does not exist yet: health 200, and the mail lands there as .eml', async () => {
    const dataDir = fresh();
    expect(shared.config.mail.smtpUrl).toBeUndefined();
    const app = await instance({ ...shared.config, dataDir });
    try {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect([health.statusCode, health.json()]).toEqual([
        200,
        expect.objectContaining({ success: true, status: 'ok', database: 'up', disk: 'writable' }),
      ]);
      const reg = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'Fresh Shopper', email: 'fresh@example.test', password: 'a good password' },
      });
      expect(reg.statusCode).toBe(201);
    } finally {
      await app.close(); // waits for the mail worker's pass
    }
    const outbox = join(dataDir, 'outbox');
    const mail = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    expect(mail).toHaveLength(1);
    expect(readFileSync(join(outbox, mail[0]!), 'utf8')).toContain('To: fresh@example.test');
    rmSync(dirname(dataDir), { recursive: true, force: true });
  });

  it('with SMTP_URL too nothing is kept on disk: 200 with disk "unused", and the folder is never made', async () => {
    const dataDir = fresh();
    const app = await instance({
      ...shared.config,
      dataDir,
      mail: { ...shared.config.mail, smtpUrl: 'smtp://127.0.0.1:1' },
    });
    try {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect([health.statusCode, health.json()]).toEqual([
        200,
        expect.objectContaining({ status: 'ok', database: 'up', disk: 'unused' }),
      ]);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('a DATA_DIR that cannot be made (under a file) answers 503 "down" with disk "read-only"', async () => {
    const file = join(tmpdir(), `emporium-a-file-${process.pid}-${randomBytes(4).toString('hex')}`);
    writeFileSync(file, 'not a folder');
    const app = await instance({ ...shared.config, dataDir: join(file, 'data') });
    try {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect([health.statusCode, health.json()]).toEqual([
        503,
        expect.objectContaining({ success: false, status: 'down', database: 'up', disk: 'read-only' }),
      ]);
    } finally {
      await app.close();
      rmSync(file, { force: true });
    }
  });
});

describe('health under load (issue 24, finding 13)', () => {
  it('two calls within a second run the checks once: the second answers the first result', async () => {
    const cached = await buildTestApp();
    try {
      const first = await cached.app.inject({ method: 'GET', url: '/api/health' });
      expect(first.statusCode).toBe(200);
      await cached.database.close();
      const second = await cached.app.inject({ method: 'GET', url: '/api/health' });
      expect(second.statusCode).toBe(200);
      expect(second.json()).toMatchObject({ status: 'ok', database: 'up' });
      await new Promise((resolve) => setTimeout(resolve, HEALTH_CACHE_MS + 100));
      const later = await cached.app.inject({ method: 'GET', url: '/api/health' });
      expect(later.statusCode).toBe(503);
      expect(later.json()).toMatchObject({ status: 'down', database: 'down' });
    } finally {
      await cached.app.close().catch(() => undefined);
    }
  });

  it('is under the global per-IP rate limit: 429 with Retry-After past RATE_LIMIT_MAX', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_MAX: '3' });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push((await limited.app.inject({ method: 'GET', url: '/api/health' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const refused = await limited.app.inject({ method: 'GET', url: '/api/health' });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.app.close();
    }
  });
});
