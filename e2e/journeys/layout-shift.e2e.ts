/**
 * Journey (issue 46, item 20): nothing on the shop's pages moves once it is painted (layout shift budget 0, as
 * Lighthouse's CLS counts it). Home, the listing, a product page, search, checkout, account and payment success,
 * opened from their address at 360, 768 and 1366 px, by a shopper whose e-mail address is not verified (the
 * verification banner above the page; a product in the cart, no address) and by the demo shopper (addresses, an
 * empty cart): the browser reports no layout shift while the page loads and its data arrives, and no page is wider
 * than the window. The banner used to arrive as a chunk of its own after the first paint and push every page down
 * (0.091), and the checkout grew as its cart, addresses and prices arrived one by one (0.02 to 0.30). Screenshots:
 * e2e/artifacts/layout-shift-<page>-<banner|verified>-<width>.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Product } from '@emporium/contract';
import { baseURL, DEMO, launch, logIn, newContext, snap, uniqueEmail } from '../support/browser.ts';
import { addToCart, expectNoSidewaysScroll, productInStock } from '../support/purchase.ts';

const WIDTHS = [
  { width: 360, height: 780 },
  { width: 768, height: 1024 },
  { width: 1366, height: 900 },
] as const;

interface Shift {
  value: number;
  sources: string[];
}

/** Records every layout shift not caused by input, from before the page's own scripts run. */
async function recordShifts(page: Page): Promise<() => Promise<Shift[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: Shift[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{
        value: number;
        hadRecentInput: boolean;
        sources: Array<{ node?: Node | null }>;
      }>) {
        if (entry.hadRecentInput) continue;
        const sources = entry.sources.map((s) =>
          s.node instanceof Element ? s.node.outerHTML.slice(0, 120) : String(s.node?.nodeName),
        );
        w.shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
}

let browser: Browser;
let product: Product;
const unverified = { email: uniqueEmail('unverified'), password: 'an unverified password' };

beforeAll(async () => {
  browser = await launch();
  const res = await fetch(`${baseURL()}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'Una Verified', ...unverified }),
  });
  expect(res.status).toBe(201);
  const list = await fetch(`${baseURL()}/api/shop/products/get?limit=1`);
  product = ((await list.json()) as { data: Product[] }).data[0]!;
  await addToCart(await signedIn(unverified), (await productInStock())._id);
});

/** The shopper's id and bearer token, signed in through the API. */
async function signedIn(who: { email: string; password: string }) {
  const login = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  const { token, user } = (await login.json()) as { token: string; user: { userId: string } };
  return { ...who, token, userId: user.userId };
}
afterAll(async () => {
  await browser?.close();
});

const PAGES: Array<[name: string, address: () => string, shown: (page: Page) => Promise<unknown>]> = [
  ['home', () => '/shop/home', (p) => p.getByTestId('product-card').first().waitFor()],
  ['listing', () => '/shop/listing', (p) => p.getByTestId('product-card').first().waitFor()],
  [
    'product',
    () => `/shop/product/${product._id}`,
    (p) => p.getByRole('heading', { level: 1, name: product.title }).waitFor(),
  ],
  ['search', () => '/shop/search', (p) => p.getByPlaceholder('Search for products').waitFor()],
  ['checkout', () => '/shop/checkout', (p) => p.getByRole('heading', { name: 'Shipping Address' }).waitFor()],
  ['account', () => '/shop/account', (p) => p.getByRole('heading', { name: 'Order History' }).waitFor()],
  ['payment-success', () => '/shop/payment-success', (p) => p.getByText('Payment Successful').waitFor()],
];

describe.each([
  ['banner', unverified],
  ['verified', DEMO.alice],
] as const)('shop pages of a shopper (%s)', (who, shopper) => {
  describe.each(WIDTHS)('at $width px', (viewport) => {
    let context: BrowserContext;
    beforeAll(async () => {
      context = await newContext(browser, viewport);
      await logIn(await context.newPage(), shopper);
    });
    afterAll(async () => {
      await context?.close();
    });

    it.each(PAGES)(
      '%s: no layout shift while it loads, nothing wider than the window',
      async (name, address, shown) => {
        const page = await context.newPage();
        const shifts = await recordShifts(page);
        await page.goto(address());
        await shown(page);
        await page.waitForLoadState('networkidle');
        const banner = page.getByRole('region', { name: 'E-mail verification' });
        expect(await banner.count()).toBe(who === 'banner' ? 1 : 0);
        // Two frames after the network went quiet: whatever arrived has been laid out and reported.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        expect(await shifts()).toEqual([]);
        await expectNoSidewaysScroll(page, `${name} (${who}, ${viewport.width} px)`);
        await snap(page, `layout-shift-${name}-${who}-${viewport.width}`);
        await page.close();
      },
    );
  });
});
