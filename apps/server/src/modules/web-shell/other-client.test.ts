/**
 * `WEB_DIST=<another client's build> npm start` (README "Using another client", issue 24): the server serves that
 * build's index.html on every page address, as built, whether or not the build has a Vite manifest of its own app;
 * the hints of ./shell.ts are for our own build only. And the bundle budget that `npm start` runs in the web build
 * measures our build (apps/web/dist), never the WEB_DIST folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultDist } from '../../../../../bench/bundle-size.ts';
import { featureImages } from '../../db/schema.ts';
import { buildTestApp, insertProduct } from '../../test/build-test-app.ts';
import { ownBuildManifest } from './shell.ts';

/** Another app's page, as its Vite build writes it. */
const OTHER_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Spec client</title>' +
  '<script type="module" crossorigin src="/assets/index-Bx1.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-Cq2.css"></head>' +
  '<body><div id="root"></div></body></html>';

/** The manifest of that other app: its own entry and lazily loaded pages, none of ours. */
const OTHER_MANIFEST = {
  'index.html': {
    file: 'assets/index-Bx1.js',
    name: 'index',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor-D3.js'],
    dynamicImports: ['src/pages/shopping-view/home.jsx'],
    css: ['assets/index-Cq2.css'],
  },
  '_vendor-D3.js': { file: 'assets/vendor-D3.js', name: 'vendor' },
  'src/pages/shopping-view/home.jsx': {
    file: 'assets/home-E4.js',
    name: 'home',
    src: 'src/pages/shopping-view/home.jsx',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
};

/** A build folder of the other app in a temp dir: index.html, its assets and, with `manifest`, .vite/manifest.json. */
function otherBuild(manifest?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'emporium-other-client-'));
  writeFileSync(join(dir, 'index.html'), OTHER_HTML);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-Bx1.js'), 'import "./vendor-D3.js";');
  writeFileSync(join(dir, 'assets', 'vendor-D3.js'), 'export const v = 1;');
  writeFileSync(join(dir, 'assets', 'home-E4.js'), 'export default 1;');
  writeFileSync(join(dir, 'assets', 'index-Cq2.css'), 'body{margin:0}');
  if (manifest !== undefined) {
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), manifest);
  }
  return dir;
}

/** Starts the app on `dir` and checks every page address answers the other build's index.html unchanged. */
async function expectServedAsBuilt(dir: string): Promise<void> {
  const t = await buildTestApp({ WEB_DIST: dir });
  try {
    // Data for which our own build's page would carry image hints: the other build's must not.
    const productId = await insertProduct(t.db, { imageKey: 'products/p1-800.webp' });
    await t.db.insert(featureImages).values([{ imageKey: 'features/banner-1600.webp' }]);
    for (const url of [
      '/',
      '/shop/home',
      '/shop/listing',
      `/shop/product/${productId}`,
      '/auth/login',
      '/shop/checkout',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.headers['content-type'], res.body]).toEqual([
        url,
        200,
        'text/html; charset=utf-8',
        OTHER_HTML,
      ]);
    }
    // Its assets are served too, and the API is still the API.
    const script = await t.app.inject({ method: 'GET', url: '/assets/index-Bx1.js' });
    expect([script.statusCode, script.body]).toEqual([200, 'import "./vendor-D3.js";']);
    const api = await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect([api.statusCode, api.json()]).toMatchObject([404, { success: false }]);
  } finally {
    await t.app.close();
  }
}

describe("another client's build served with WEB_DIST", () => {
  it('starts and serves its index.html unchanged when the build has a manifest of its own app', async () => {
    const dir = otherBuild(JSON.stringify(OTHER_MANIFEST));
    try {
      expect(ownBuildManifest(dir)).toBeUndefined();
      await expectServedAsBuilt(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts and serves its index.html unchanged when the build has no manifest', async () => {
    const dir = otherBuild();
    try {
      expect(ownBuildManifest(dir)).toBeUndefined();
      await expectServedAsBuilt(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes a manifest that is not JSON, or not an object, for another build rather than failing', () => {
    for (const manifest of ['{ not json', '[]', 'null', '"index.html"']) {
      const dir = otherBuild(manifest);
      try {
        expect(ownBuildManifest(dir), manifest).toBeUndefined();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('recognises our own build by the screen modules its manifest names', () => {
    const ours = {
      'src/features/shop-products/listing-page.tsx': { file: 'assets/listing-page.js', isDynamicEntry: true },
    };
    const dir = otherBuild(JSON.stringify({ ...OTHER_MANIFEST, ...ours }));
    try {
      expect(ownBuildManifest(dir)).toMatchObject(ours);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the bundle budget (bench/bundle-size.ts, run by the web build that `npm start` runs)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('measures apps/web/dist even when WEB_DIST names another build', () => {
    vi.stubEnv('WEB_DIST', '/srv/another-client/dist');
    expect(defaultDist()).toBe(fileURLToPath(new URL('../../../../web/dist/', import.meta.url)));
  });
});
