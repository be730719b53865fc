/**
 * Journey: opening a shop page straight from its address (a bookmark, a shared link, a reload) — issue 13. The page
 * asks for its catalog data as the app starts, beside the session check instead of after it, asks for it only once,
 * and shows it; the session check itself starts as the app starts; its largest images are preloaded by the page
 * itself, which also paints the loading skeleton before any script has run; the page announces its screens'
 * JavaScript, so the app adds no download of its own; the screen then replaces the skeleton in one step, and the
 * product cards replace theirs with no empty list in between; the toast code waits for the first press.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Product } from '@emporium/contract';
import { baseURL, launch, logIn, newContext, DEMO, VIEWPORTS } from '../support/browser.ts';

let browser: Browser;
let context: BrowserContext;
let product: Product;

beforeAll(async () => {
  browser = await launch();
  context = await newContext(browser, VIEWPORTS.phone);
  await logIn(await context.newPage(), DEMO.alice);
  const res = await fetch(`${baseURL()}/api/shop/products/get?sortBy=name-asc&limit=1`);
  product = ((await res.json()) as { data: Product[] }).data[0]!;
});
afterAll(async () => {
  await browser?.close();
});

/** The API calls a page makes while it loads, in the order they started (path and query, origin dropped). */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${url.pathname}${url.search}`);
  });
  return calls;
}

/** Loads `address` in a new tab of the signed-in shopper, waits for `shown`, and returns the API calls made. */
async function open(
  address: string,
  shown: (page: Page) => Promise<unknown>,
  before?: (page: Page) => Promise<void>,
) {
  const page = await context.newPage();
  await before?.(page);
  const calls = recordApiCalls(page);
  await page.goto(address);
  await shown(page);
  await page.waitForLoadState('networkidle');
  return { page, calls };
}

function countOf(calls: string[], call: string): number {
  return calls.filter((c) => c === call).length;
}

/** A node put into the page: its text when it was added, and whether it is a loading status (a skeleton). */
interface AddedNode {
  text: string;
  status: boolean;
}

/**
 * Records, from before the page's own scripts run, every node put into the page; the function returned reads the
 * record so far.
 */
async function recordAddedNodes(page: Page): Promise<() => Promise<AddedNode[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { added: AddedNode[] };
    w.added = [];
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          const status = node instanceof Element && node.matches('[role=status]');
          w.added.push({ text: node.textContent ?? '', status });
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { added: AddedNode[] }).added);
}

describe('a shop page opened from its address', () => {
  it('home: reads the hero images and featured products once, before the session check, and shows them', async () => {
    const { page, calls } = await open('/shop/home', (p) => p.getByTestId('product-card').first().waitFor());
    const features = '/api/common/feature/get';
    const featured = '/api/shop/products/featured';
    expect(countOf(calls, features), calls.join('\n')).toBe(1);
    expect(countOf(calls, featured), calls.join('\n')).toBe(1);
    expect(countOf(calls, '/api/auth/check-auth'), calls.join('\n')).toBe(1);
    const sessionCheck = calls.indexOf('/api/auth/check-auth');
    expect(sessionCheck).toBeGreaterThan(calls.indexOf(features));
    expect(sessionCheck).toBeGreaterThan(calls.indexOf(featured));
    await expect
      .poll(() =>
        page.getByRole('img', { name: /Featured image 1/ }).evaluate((img: HTMLImageElement) => img.complete),
      )
      .toBe(true);
    // The page's own hint started the hero's download (the browser reused it for the <img>).
    expect(await page.locator('link[rel=preload][as=image]').count()).toBe(1);
    await page.close();
  });

  it('listing: reads the first page for the filters and sort in the address once, and shows it', async () => {
    const { page, calls } = await open('/shop/listing?category=Men,Women&sortBy=price-desc', (p) =>
      p.getByTestId('product-card').first().waitFor(),
    );
    const first = '/api/shop/products/get?category=Men,Women&sortBy=price-desc&page=1&limit=24';
    expect(countOf(calls, first), calls.join('\n')).toBe(1);
    expect(calls.filter((c) => c.startsWith('/api/shop/products/get'))).toEqual([first]);
    expect(calls.indexOf('/api/auth/check-auth')).toBeGreaterThan(calls.indexOf(first));
    // The first row's photos are preloaded by the page, with the sizes the cards use.
    const hinted = await page
      .locator('link[rel=preload][as=image]')
      .evaluateAll((links) => links.map((l) => l.getAttribute('imagesizes')));
    expect(hinted).toHaveLength(2);
    const cardSizes = await page.getByTestId('product-card').first().locator('img').getAttribute('sizes');
    expect(hinted).toEqual([cardSizes, cardSizes]);
    await page.close();
  });

  it('listing with no filters in the address: reads the first page for the filters kept in the tab, once', async () => {
    const { calls } = await open(
      '/shop/listing',
      (p) => p.waitForURL(/category=Kids/).then(() => p.getByTestId('product-card').first().waitFor()),
      async (page) => {
        await page.goto('/shop/listing?category=Kids');
        await page.getByTestId('product-card').first().waitFor();
      },
    );
    const kids = calls.filter((c) => c.startsWith('/api/shop/products/get'));
    expect(kids).toEqual(['/api/shop/products/get?category=Kids&sortBy=price-asc&page=1&limit=24']);
  });

  it('product page: reads the product once, before the session check, and shows it', async () => {
    const { page, calls } = await open(`/shop/product/${product._id}`, (p) =>
      p.getByRole('heading', { level: 1, name: product.title }).waitFor(),
    );
    const details = `/api/shop/products/get/${product._id}`;
    expect(countOf(calls, details), calls.join('\n')).toBe(1);
    expect(calls.indexOf('/api/auth/check-auth')).toBeGreaterThan(calls.indexOf(details));
    await page.close();
  });

  it('a signed-out visitor reads nothing before being sent to the login page', async () => {
    const signedOut = await newContext(browser, VIEWPORTS.phone);
    const page = await signedOut.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/shop/listing?category=Men');
    await page.waitForURL(/\/auth\/login/);
    await page.waitForLoadState('networkidle');
    expect(calls.filter((c) => c.startsWith('/api/shop/'))).toEqual([]);
    await signedOut.close();
  });

  it("announces in the page every script the screen downloads as it loads (the server's route-screens.ts)", async () => {
    const pages: Array<[string, (p: Page) => Promise<unknown>]> = [
      ['/shop/listing', (p) => p.getByTestId('product-card').first().waitFor()],
      ['/shop/home', (p) => p.getByTestId('product-card').first().waitFor()],
      [
        `/shop/product/${product._id}`,
        (p) => p.getByRole('heading', { level: 1, name: product.title }).waitFor(),
      ],
      ['/shop/account', (p) => p.getByRole('heading', { name: 'Account' }).waitFor()],
    ];
    for (const [address, shown] of pages) {
      const html = await (await fetch(`${baseURL()}${address}`)).text();
      const announced = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
      // The entry and at least the screen's own chunk (issue 46 made them few).
      expect(announced.size, address).toBeGreaterThanOrEqual(2);
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.endsWith('.js')) scripts.push(pathname);
      });
      await page.goto(address);
      await shown(page);
      await page.waitForLoadState('networkidle');
      expect(scripts.length, address).toBeGreaterThanOrEqual(2);
      expect(
        scripts.filter((script) => !announced.has(script)),
        address,
      ).toEqual([]);
      // The app's loader found them all announced and added no <link> of its own.
      expect(await page.locator('link[rel=modulepreload]').count(), address).toBe(
        html.match(/rel="modulepreload"/g)!.length,
      );
      await page.close();
    }
  });

  it('paints the loading skeleton from the page itself, before any script has run', async () => {
    const noScripts = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await noScripts.newPage();
    await page.goto('/shop/listing');
    await expect
      .poll(async () => (await page.locator('#root [role=status] .sr-only').textContent())?.trim())
      .toBe('Loading...');
    // The brand is painted in the header's place: the page's first content comes with its HTML and CSS.
    expect(await page.locator('#root [role=status]').getByText('Emporium').isVisible()).toBe(true);
    await noScripts.close();
  });

  it('replaces the loading skeleton with the screen in one step, signed in or not (no second skeleton)', async () => {
    // Counts every loading skeleton put into the page: the one in its HTML, then the app's own while it starts. A
    // screen whose code suspended on the way would add a third (its Suspense fallback) and show up to 300 ms late.
    const skeletonsShown = async (
      ctx: BrowserContext,
      address: string,
      shown: (page: Page) => Promise<unknown>,
    ) => {
      const page = await ctx.newPage();
      const added = await recordAddedNodes(page);
      await page.goto(address);
      await shown(page);
      const count = (await added()).filter((node) => node.status).length;
      await page.close();
      return count;
    };
    expect(
      await skeletonsShown(context, '/shop/listing', (p) => p.getByTestId('product-card').first().waitFor()),
    ).toBe(2);
    expect(
      await skeletonsShown(context, `/shop/product/${product._id}`, (p) =>
        p.getByRole('heading', { level: 1, name: product.title }).waitFor(),
      ),
    ).toBe(2);
    const signedOut = await newContext(browser, VIEWPORTS.phone);
    expect(
      await skeletonsShown(signedOut, '/auth/login', (p) =>
        p.getByRole('button', { name: 'Log In' }).waitFor(),
      ),
    ).toBe(2);
    await signedOut.close();
  });

  it('keeps the skeleton until the cards have rendered: never an empty list on the way', async () => {
    // The screen's first render comes before its request starts, and the cards render after the list has arrived
    // (a deferred value, so that React renders them in slices); the skeleton stays all along. Records every text
    // put into the page while it loads.
    for (const address of ['/shop/listing', '/shop/home']) {
      const page = await context.newPage();
      const recorded = await recordAddedNodes(page);
      await page.goto(address);
      await page.getByTestId('product-card').first().waitFor();
      const added = (await recorded()).map((node) => node.text);
      expect(added.some((text) => text.includes('Add to Cart'))).toBe(true);
      const empty = ['No products found', 'No feature images available'];
      expect(added.filter((text) => empty.some((words) => text.includes(words)))).toEqual([]);
      await page.close();
    }
  });

  it('loads the toast code at the first press, not with the page, and the toast shows', async () => {
    const page = await context.newPage();
    const toastCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/toast-[^/]*\.js$/.test(request.url())) toastCode.push(request.url());
    });
    await page.goto('/shop/listing');
    await page.getByTestId('product-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(toastCode).toEqual([]);
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await expect.poll(() => page.getByText('Product added to cart').count()).toBeGreaterThan(0);
    expect(toastCode).toHaveLength(1);
    await page.close();
  });
});
