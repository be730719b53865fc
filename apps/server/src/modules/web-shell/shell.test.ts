/**
 * The web app's page carries a preload hint for its largest image (issue 13): the hero's first slide on the home
 * page, the product's photo on a product page; the hint's srcset and sizes are the ones the <img> uses, so the
 * browser reuses the download. The hint comes from the same cached answer as the page's first API call. Hostile or
 * unknown paths get the page as built. The page is compressed for browsers that ask. With the build's manifest, the
 * page also announces its screens' JavaScript (the journey e2e/journeys/first-load checks it against the real build).
 * All of it for our own build only; another client's build is served as built (other-client.test.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_SIZES } from '@emporium/contract';
import { featureImages, products } from '../../db/schema.ts';
import type { CatalogReads } from '../../lib/catalog-cache.ts';
import { buildTestApp, insertProduct, type TestApp } from '../../test/build-test-app.ts';
import { ROUTE_SCREENS, type Manifest } from './route-screens.ts';
import { createWebShell, screenPreloads } from './shell.ts';

/** A page as built, long enough (over 1 KB) to be compressed. */
const BUILT =
  '<!doctype html><html><head><title>Emporium</title>' +
  '<script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root">' +
  '<div class="animate-pulse rounded-lg bg-neutral-200 h-64"></div>'.repeat(30) +
  '</div></body></html>';

/**
 * The manifest of a build of ours (the shell gives hints only for our own build, shell.ts ownBuildManifest) whose
 * screens are all in the entry chunk index.html loads: no modulepreload to announce, so these tests see the image
 * hints alone.
 */
const OWN_MANIFEST = {
  'index.html': { file: 'assets/index.js', isEntry: true },
  ...Object.fromEntries(
    ROUTE_SCREENS.flatMap(({ screens }) => screens).map((key) => [
      key,
      { file: 'assets/index.js', isDynamicEntry: true },
    ]),
  ),
};

let t: TestApp;
let webDist: string;
let productId: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'emporium-web-'));
  writeFileSync(join(webDist, 'index.html'), BUILT);
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'index.js'), 'export const app = 1;\n');
  mkdirSync(join(webDist, '.vite'));
  writeFileSync(join(webDist, '.vite', 'manifest.json'), JSON.stringify(OWN_MANIFEST));
  t = await buildTestApp({ WEB_DIST: webDist });
  productId = await insertProduct(t.db, { imageKey: 'products/p1-800.webp', price: 20 });
  await insertProduct(t.db, { imageKey: 'products/p2-800.webp', price: 5, category: 'Men', brand: 'Nike' });
  await insertProduct(t.db, { imageKey: 'products/p3-800.webp', price: 1, totalStock: 0 });
  await t.db.insert(featureImages).values([{ imageKey: 'features/banner-1600.webp' }]);
});
afterAll(async () => {
  await t.app.close();
  rmSync(webDist, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url });

describe('the web app page', () => {
  it('preloads the product photo on a product page, with the srcset and sizes of the <img>', async () => {
    const res = await page(`/shop/product/${productId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const base = 'http://shop.test/uploads/products/p1';
    expect(res.body).toContain(
      `<link rel="preload" as="image" imagesrcset="${base}-400.webp 400w, ${base}-800.webp 800w" ` +
        `imagesizes="${IMAGE_SIZES.productPage}" fetchpriority="high"></head>`,
    );
  });

  it("preloads the hero's first slide on the home page", async () => {
    const res = await page('/shop/home');
    const base = 'http://shop.test/uploads/features/banner';
    expect(res.body).toContain(
      `imagesrcset="${base}-400.webp 400w, ${base}-800.webp 800w, ${base}-1600.webp 1600w" ` +
        `imagesizes="${IMAGE_SIZES.heroSlide}"`,
    );
  });

  it("preloads the listing's first row for the filters and sort in its address, in stock first", async () => {
    const preloaded = async (url: string) =>
      [...(await page(url)).body.matchAll(/imagesrcset="[^"]*\/products\/(p\d)-800\.webp 800w"/g)].map(
        (m) => m[1],
      );
    // p3 is the cheapest but out of stock, so it comes after both in-stock products.
    expect(await preloaded('/shop/listing')).toEqual(['p2', 'p1']);
    expect(await preloaded('/shop/listing?sortBy=price-desc')).toEqual(['p1', 'p2']);
    expect(await preloaded('/shop/listing?category=Men')).toEqual(['p2']);
    expect(await preloaded('/shop/listing?category=Women,Kids&brand=Adidas')).toEqual([]);
    expect((await page('/shop/listing')).body).toContain(`imagesizes="${IMAGE_SIZES.productCard}"`);
    // Junk in the query is ignored as the listing API ignores it: the default list, nothing echoed.
    const hostile = await page('/shop/listing?sortBy=%3Cscript%3E&category=%22%3E%3Cscript%3E');
    expect(hostile.body).not.toContain('<script>');
    expect(await preloaded('/shop/listing?sortBy=%3Cscript%3E&category=%22%3E')).toEqual(['p2', 'p1']);
  });

  it('serves other pages, unknown products and hostile paths exactly as built', async () => {
    for (const url of [
      '/shop/listing?category=Women&brand=Adidas',
      '/auth/login',
      '/shop/product/00000000-0000-4000-8000-000000000000',
      '/shop/product/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    ]) {
      const res = await page(url);
      expect([url, res.statusCode, res.body]).toEqual([url, 200, BUILT]);
    }
  });

  it("answers the page's first API call from the read the page load made (one catalog read, not two)", async () => {
    const hinted = await page(`/shop/product/${productId}`);
    expect(hinted.body).toContain('/uploads/products/p1-400.webp');
    // A change made behind the app's back (no catalog write through the API, so no new catalog generation): the
    // API call still answers what the page load read, so it did not read the catalog again.
    await t.db.update(products).set({ title: 'Renamed behind the cache' }).where(eq(products.id, productId));
    const api = await page(`/api/shop/products/get/${productId}`);
    expect(api.statusCode).toBe(200);
    expect(api.json().data.title).not.toBe('Renamed behind the cache');
  });

  it('compresses the page for browsers that ask, on every address the app shows', async () => {
    for (const url of [
      '/shop/listing?sortBy=price-desc',
      '/auth/login',
      '/',
      '/admin/dashboard',
      '/no/such/page',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      const body =
        res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : '';
      expect(body, url).toContain('<div id="root">');
      expect(res.rawPayload.length, url).toBeLessThan(body.length / 2);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/auth/login' });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, BUILT]);
  });

  it("answers a malformed address with a 400 in the shop's shape", async () => {
    const res = await page('/shop/product/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/address is not valid/),
    });
  });

  it("sends the build's scripts the API's short set of security headers, and pages helmet's (issue 46)", async () => {
    const script = await page('/assets/index.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-site');
    // helmet's headers for documents (a script is not one) stay off: they were two thirds of its header bytes.
    for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control']) {
      expect([name, script.headers[name]]).toEqual([name, undefined]);
    }
    const html = await page('/shop/home');
    expect(String(html.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(html.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('still answers unknown API routes with JSON 404', async () => {
    const res = await page('/api/nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });
});

describe("the page's screen chunks (modulepreload)", () => {
  /** A build whose every screen chunk imports `shared` and the entry's `vendor` chunk; listing also `listing-dep`. */
  function fakeBuild(manifest: Record<string, object>): string {
    const dir = mkdtempSync(join(tmpdir(), 'emporium-web-'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    return dir;
  }
  const html =
    '<head><script type="module" crossorigin src="/assets/index.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/vendor.js"></head>';
  const screens = Object.fromEntries(
    ROUTE_SCREENS.flatMap(({ screens: keys }) => keys).map((key) => [
      key,
      {
        file: `assets/${key.split('/').pop()!.replace('.tsx', '')}.js`,
        isDynamicEntry: true,
        imports: ['_vendor.js', '_shared.js', ...(key.includes('listing') ? ['_listing-dep.js'] : [])],
      },
    ]),
  );
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'] },
    '_vendor.js': { file: 'assets/vendor.js' },
    '_shared.js': { file: 'assets/shared.js', imports: ['_vendor.js'] },
    '_listing-dep.js': { file: 'assets/listing-dep.js', imports: ['_shared.js'] },
    ...screens,
  };

  it("announces the layout's and the page's chunks and their imports, not what index.html loads already", () => {
    const preloads = screenPreloads(manifest, html);
    const forPath = (path: string) =>
      [...preloads].find(([pattern]) => pattern.test(path))?.[1].match(/href="[^"]+"/g);
    expect(forPath('/shop/listing')).toEqual([
      'href="/assets/listing-page.js"',
      'href="/assets/shared.js"',
      'href="/assets/listing-dep.js"',
    ]);
    expect(forPath('/shop/product/abc')).toEqual([
      'href="/assets/shop-product.js"',
      'href="/assets/shared.js"',
    ]);
    expect(forPath('/auth/login')).toHaveLength(3);
    expect(forPath('/admin/dashboard')).toBeUndefined();
  });

  it('refuses to start with a build of ours whose screens route-screens.ts no longer names', () => {
    const renamed: Manifest = { ...manifest };
    delete renamed['src/features/shop-products/listing-page.tsx'];
    expect(() => screenPreloads(renamed, html)).toThrow(/listing-page\.tsx.*route-screens\.ts/);
    // Still our build (it names our other screens), so the stale list stops start-up rather than losing the hints.
    const dir = fakeBuild(renamed);
    writeFileSync(join(dir, 'index.html'), `<!doctype html><html>${html}<body></body></html>`);
    try {
      // Nothing is read before the throw, so no catalog is needed.
      expect(() => createWebShell({ webDist: dir, reads: {} as CatalogReads })).toThrow(
        /listing-page\.tsx.*route-screens\.ts/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves the page with its chunks announced before </head>', async () => {
    const dir = fakeBuild(manifest);
    writeFileSync(join(dir, 'index.html'), `<!doctype html><html>${html}<body></body></html>`);
    const app = await buildTestApp({ WEB_DIST: dir });
    try {
      const res = await app.app.inject({ method: 'GET', url: '/shop/listing' });
      expect(res.body).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/listing-dep.js" fetchpriority="low"></head>',
      );
      const plain = await app.app.inject({ method: 'GET', url: '/unauth-page' });
      expect(plain.body).not.toContain('listing');
    } finally {
      await app.app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
