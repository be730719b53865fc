/**
 * Journey (issue 41, "Pages a search engine can read"): in the open storefront (a server of its own started with
 * STOREFRONT_MODE=open on the same build) an id-only product link lands on the product's readable address, and the
 * page's head (title, canonical URL, JSON-LD) states the price and availability the page shows; a product the
 * catalog does not have answers 410 with the app's "Product not found" screen. At 360 and 1366 px; no sideways
 * scroll. Server answers in detail (every demo product, sitemap, robots.txt, members mode) are
 * apps/server/src/modules/seo/seo.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { productUrlParam, type Product } from '@emporium/contract';
import { launch, logIn, snap, DEMO, VIEWPORTS } from '../support/browser.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let shop = '';
let browser: Browser;

beforeAll(async () => {
  const port = await freePort();
  shop = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'emporium-e2e-open-'));
  server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: shop,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      STOREFRONT_MODE: 'open',
      RATE_LIMIT_MAX: '100000',
      CATALOG_COLD_PER_MINUTE: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Migrating and seeding the demo catalog: about 45 s on a quiet 2-core machine, longer beside other work.
  const deadline = Date.now() + 600_000;
  for (;;) {
    const healthy = await fetch(`${shop}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline || server.exitCode !== null)
      throw new Error('the open storefront did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  browser = await launch();
}, 660_000);

afterAll(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The page fits the window: nothing scrolls sideways. */
async function fits(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label}: no sideways scroll`).toBeLessThanOrEqual(innerWidth);
}

interface Offer {
  price: number;
  availability: string;
}

/** Products to open: one on sale, one with options, one sold out (when the catalog has them), the first otherwise. */
async function sample(): Promise<Product[]> {
  const res = await fetch(`${shop}/api/shop/products/get?limit=100&sortBy=price-desc`);
  const all = ((await res.json()) as { data: Product[] }).data;
  const picks = [
    all.find((p) => p.salePrice > 0),
    all.find((p) => (p.optionNames ?? []).length > 0),
    all.find((p) => p.totalStock === 0),
  ].filter((p): p is Product => p !== undefined);
  return [...new Map((picks.length > 0 ? picks : all.slice(0, 1)).map((p) => [p._id, p])).values()];
}

/** "$1,234.50" as a number of dollars. */
const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

describe('pages a search engine can read (open storefront)', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`${name} (${viewport.width} px): a shared id-only link opens the readable address, whose head states what the page shows`, async () => {
      const context = await browser.newContext({ baseURL: shop, viewport });
      const page = await context.newPage();
      try {
        await logIn(page, DEMO.alice);
        for (const product of await sample()) {
          const response = await page.goto(`/shop/product/${product._id}`);
          const readable = `${shop}/shop/product/${productUrlParam(product)}`;
          expect(page.url()).toBe(readable);
          expect(response?.status()).toBe(200);
          await page.getByRole('heading', { level: 1, name: product.title, exact: true }).waitFor();

          const head = await page.evaluate(() => ({
            canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href,
            blocks: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
              (s) => JSON.parse(s.textContent ?? 'null') as { '@type': string; offers?: Offer | Offer[] },
            ),
          }));
          expect(head.canonical).toBe(readable);
          const ld = head.blocks.find((b) => b['@type'] === 'Product');
          expect(head.blocks.map((b) => b['@type'])).toEqual(['Product', 'BreadcrumbList']);
          const offers = [ld!.offers!].flat();
          // What the page shows: its price (the sale price when on sale) and whether it can be bought.
          const shownPrice = dollars((await page.getByTestId('effective-price').first().textContent()) ?? '');
          const soldOut = (await page.getByTestId('stock-status').textContent())?.trim() === 'Out of stock';
          expect(
            offers.some(
              (o) => o.price === shownPrice && o.availability.endsWith(soldOut ? '/OutOfStock' : '/InStock'),
            ),
            `${product.title}: an offer at ${shownPrice}, ${soldOut ? 'out of' : 'in'} stock`,
          ).toBe(true);
          await fits(page, product.title);
        }
        await snap(page, `seo-product-${viewport.width}`);

        const gone = await page.goto('/shop/product/gone-00000000-0000-4000-8000-000000000000');
        expect(gone?.status()).toBe(410);
        await page.getByRole('heading', { name: 'Product not found' }).waitFor();
        await fits(page, 'a product no longer sold');
        await snap(page, `seo-gone-${viewport.width}`);
      } finally {
        await context.close();
      }
    });
  }
});
