/**
 * The first-load budget that the web build runs (bench/bundle-size.ts, issue 46): every page of ROUTE_SCREENS is
 * measured as Lighthouse counts "JavaScript transferred" (brotli bodies and each chunk's response headers), and what
 * opening the cart panel adds has a budget of its own. Measured on small fake builds with chunks of chosen sizes.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BUDGET_BYTES,
  measureBundles,
  PANEL_BUDGET_BYTES,
  RESPONSE_HEADER_BYTES,
} from '../../../../../bench/bundle-size.ts';
import { ROUTE_SCREENS } from './route-screens.ts';

const CART_PANEL = 'src/features/purchase/cart-panel.tsx';
const dirs: string[] = [];

/** Bytes brotli cannot shrink, written as a script. */
const incompressible = (bytes: number) => `export const x = "${randomBytes(bytes).toString('base64')}";\n`;

/**
 * A build of ours whose entry and screens are 1 kB chunks each, the home screen importing `homeChunks` more of
 * `homeChunkBytes` each, and the cart panel `panelBytes`.
 */
function build({ homeChunks = 0, homeChunkBytes = 1, panelBytes = 1_000 }): string {
  const dist = mkdtempSync(join(tmpdir(), 'emporium-budget-'));
  dirs.push(dist);
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), '<script type="module" src="/assets/index.js"></script>');
  writeFileSync(join(dist, 'assets', 'index.js'), incompressible(1_000));
  const manifest: Record<string, object> = { 'index.html': { file: 'assets/index.js', isEntry: true } };
  const extra = Array.from({ length: homeChunks }, (_, i) => `_bit-${i}.js`);
  for (const [i, key] of extra.entries()) {
    manifest[key] = { file: `assets/bit-${i}.js` };
    writeFileSync(join(dist, 'assets', `bit-${i}.js`), incompressible(homeChunkBytes));
  }
  for (const key of [...new Set(ROUTE_SCREENS.flatMap((r) => r.screens)), CART_PANEL]) {
    const file = `assets/${key
      .split('/')
      .pop()!
      .replace(/\.tsx?$/, '')}.js`;
    const home = key === 'src/app/screens/shop-home.tsx';
    manifest[key] = { file, isDynamicEntry: true, imports: home ? extra : [] };
    writeFileSync(join(dist, file), incompressible(key === CART_PANEL ? panelBytes : 1_000));
  }
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the first-load budget (bench/bundle-size.ts)', () => {
  it('measures every shop page, payment return and success included, and the sign-in pages', () => {
    const report = measureBundles(build({}));
    expect(report.routes.map((r) => r.route)).toEqual(ROUTE_SCREENS.map((r) => r.route));
    for (const route of ['/shop/checkout', '/shop/account', '/shop/paypal-return', '/shop/payment-success']) {
      expect(report.routes.map((r) => r.route)).toContain(route);
    }
    expect(report.ok).toBe(true);
  });

  it("counts each chunk's response headers: many small chunks are over budget though their bodies are not", () => {
    // 150 chunks of 60 bytes: about 12 kB of brotli, but as many responses, each with its headers.
    const report = measureBundles(build({ homeChunks: 150, homeChunkBytes: 60 }));
    const home = report.routes.find((r) => r.route === '/shop/home')!;
    expect(home.brotli).toBeLessThan(BUDGET_BYTES / 4);
    expect(home.transferred).toBe(home.brotli + home.chunks * RESPONSE_HEADER_BYTES);
    expect(home.transferred).toBeGreaterThan(BUDGET_BYTES);
    expect([home.ok, report.ok]).toEqual([false, false]);
    expect(report.routes.find((r) => r.route === '/shop/listing')!.ok).toBe(true);
  });

  it('holds what opening the cart panel adds to its own budget, on every shop page', () => {
    const report = measureBundles(build({ panelBytes: PANEL_BUDGET_BYTES }));
    for (const route of report.routes.filter((r) => r.route.startsWith('/shop/'))) {
      expect(route.panels['cart panel']!.transferred, route.route).toBeGreaterThan(PANEL_BUDGET_BYTES);
      expect(route.ok, route.route).toBe(false);
    }
    expect(report.routes.find((r) => r.route === '/auth/login')!.ok).toBe(true);
  });
});
