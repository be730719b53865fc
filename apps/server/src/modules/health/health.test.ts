import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureImages } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('platform', () => {
  it('GET /api/health reports the database as up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, status: 'ok', database: 'up' });
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

  it('sends security headers with a strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
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
