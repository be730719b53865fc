/**
 * Journey (issue 28): product photo galleries. At 360 and 1366 px the admin opens a product's page from the
 * products table, adds a second photo (an upload) with alt text, tries the move buttons and saves; a shopper's
 * product page then shows the first photo and two thumbnails, and a swipe (phone) or Next (desktop) and the arrow
 * keys bring the second photo into view. No page is wider than its viewport; screenshots at 360, 768 and 1366 px.
 * The journeys share one database: the product's gallery is put back as it was through the API afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { AdminProductImage, Product } from '@emporium/contract';
import { baseURL, DEMO, launch, logIn, VIEWPORTS } from '../support/browser.ts';
import { adminToken, productsInStock, snapScreens } from '../support/purchase.ts';

/** Calls the admin API with the demo admin's token; resolves with the JSON answer. */
async function adminCall<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await adminToken()}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

const galleryPath = (id: string) => `/api/admin/products/images/${id}`;

/** A PNG of one colour, as the admin's file picker would hand it over. */
async function pngFile(colour: string) {
  return {
    name: 'second-photo.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 900, height: 900, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  };
}

/** A context at `viewport`; a phone's has touch, so the gallery can be swiped. */
function contextFor(browser: Browser, viewport: { width: number; height: number }, phone: boolean) {
  return browser.newContext({ baseURL: baseURL(), viewport, hasTouch: phone, isMobile: phone });
}

/** Whether the image has loaded and fills the gallery's visible box (the strip has come to rest on it). */
async function inView(strip: Locator, image: Locator): Promise<boolean> {
  const [s, i] = [await strip.boundingBox(), await image.boundingBox()];
  if (!s || !i) return false;
  const loaded = await image.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0);
  return loaded && Math.abs(i.x - s.x) < 2 && Math.abs(i.width - s.width) < 2;
}

/** A finger swipe from right to left across `target` (Chromium's touch input through the DevTools protocol). */
async function swipeLeft(context: BrowserContext, page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe');
  const cdp = await context.newCDPSession(page);
  const y = box.y + box.height / 2;
  const from = box.x + box.width * 0.85;
  const to = box.x + box.width * 0.1;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= 8; step++) {
    const x = from + ((to - from) * step) / 8;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('product photo gallery', () => {
  let browser: Browser;
  let products: Product[];
  /** Galleries to put back afterwards, by product id. */
  const originals = new Map<string, AdminProductImage[]>();

  beforeAll(async () => {
    browser = await launch();
    // Products with a single photo (the demo's colour variants give some products several).
    products = [];
    for (const p of await productsInStock(20)) {
      const photos = (await adminCall<{ data: AdminProductImage[] }>(galleryPath(p._id))).data;
      if (photos.length === 1 && products.push(p) === 2) break;
    }
    expect(products).toHaveLength(2);
  });
  afterAll(async () => {
    for (const [id, photos] of originals) {
      await adminCall(galleryPath(id), 'PUT', { images: photos.map((p) => ({ image: p.key, alt: p.alt })) });
    }
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS).map(([name, viewport], i) => [name, viewport, i] as const))(
    'at %s size: the admin adds a second photo; the shop shows it one swipe or Next away',
    async (name, viewport, i) => {
      const phone = name === 'phone';
      const product = products[i]!;
      const before = (await adminCall<{ data: AdminProductImage[] }>(galleryPath(product._id))).data;
      originals.set(product._id, before);
      expect(before).toHaveLength(1);

      // The admin opens the product's page from the products table (its title is the link).
      const adminContext = await contextFor(browser, viewport, phone);
      const admin = await adminContext.newPage();
      await logIn(admin, DEMO.admin);
      await admin.goto('/admin/products');
      await admin.getByLabel('Search products').fill(product.title);
      await admin.getByRole('link', { name: product.title, exact: true }).click();
      await admin.waitForURL(`**/admin/products/${product._id}`);
      await admin.getByRole('heading', { level: 1, name: product.title }).waitFor();
      // The page has other sections (options and variants): everything here is inside Photos.
      const section = admin.getByRole('region', { name: 'Photos' });
      const photos = section.getByTestId('gallery-photo');
      await expect.poll(() => photos.count()).toBe(1);
      expect(await section.getByRole('button', { name: 'Remove photo 1' }).isDisabled()).toBe(true);
      const bar = admin.getByRole('region', { name: 'Save changes' });
      expect(await bar.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);

      // Add photo: an upload becomes photo 2, with its alt text.
      await section.locator('#image-upload').setInputFiles(await pngFile(phone ? '#2a9d8f' : '#e76f51'));
      await expect.poll(() => photos.count()).toBe(2);
      await section.getByLabel('Alt text for photo 2').fill('The product from the back');
      await bar.getByText('Unsaved changes').waitFor();

      // Moving photo 2 left and back again: the focus stays on the photo, now named by its new position.
      await section.getByRole('button', { name: 'Move photo 2 left' }).click();
      await expect
        .poll(() => admin.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Move photo 1 right');
      expect(await section.getByLabel('Alt text for photo 1').inputValue()).toBe('The product from the back');
      await admin.keyboard.press('Enter');
      await expect
        .poll(() => admin.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Move photo 2 left');
      expect(await section.getByLabel('Alt text for photo 2').inputValue()).toBe('The product from the back');
      await snapScreens(admin, 'product-gallery-admin', name);

      await bar.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.getByText('Product saved', { exact: true }).first().waitFor();
      await bar.getByText('All changes saved').waitFor();
      const saved = (await adminCall<{ data: AdminProductImage[] }>(galleryPath(product._id))).data;
      expect(saved.map((p) => p.alt)).toEqual([before[0]!.alt, 'The product from the back']);
      expect(saved[0]!.key).toBe(before[0]!.key);
      await adminContext.close();

      // The shopper's product page: the first photo by default, two thumbnails.
      const shopContext = await contextFor(browser, viewport, phone);
      const shop = await shopContext.newPage();
      await logIn(shop, DEMO.alice);
      await shop.goto(`/shop/product/${product._id}`);
      await shop.getByRole('heading', { level: 1, name: product.title }).waitFor();
      const strip = shop.getByRole('region', { name: `Photos of ${product.title}` });
      const first = strip.getByRole('group', { name: '1 of 2' }).getByRole('img');
      const second = strip.getByRole('group', { name: '2 of 2' }).getByRole('img');
      expect(await second.getAttribute('alt')).toBe('The product from the back');
      const thumbs = shop.getByRole('list', { name: 'Choose a photo' }).getByRole('button');
      expect(await thumbs.count()).toBe(2);
      const current = () => shop.locator('[aria-current="true"]').getAttribute('aria-label');
      expect(await current()).toBe('Show photo 1 of 2');
      await expect.poll(() => inView(strip, first)).toBe(true);
      await snapScreens(shop, 'product-gallery-shop-first', name);

      if (phone) {
        // No arrows on a phone: a swipe shows the second photo.
        expect(await shop.getByRole('button', { name: 'Next photo' }).isVisible()).toBe(false);
        await swipeLeft(shopContext, shop, strip);
      } else {
        await shop.getByRole('button', { name: 'Next photo' }).click();
      }
      await expect.poll(() => inView(strip, second)).toBe(true);
      await expect.poll(current).toBe('Show photo 2 of 2');
      expect(await inView(strip, first)).toBe(false);
      await snapScreens(shop, 'product-gallery-shop-second', name);

      // The keyboard: the arrow keys on the focused strip, and a thumbnail.
      await strip.focus();
      await shop.keyboard.press('ArrowLeft');
      await expect.poll(() => inView(strip, first)).toBe(true);
      await expect.poll(current).toBe('Show photo 1 of 2');
      await thumbs.nth(1).click();
      await expect.poll(() => inView(strip, second)).toBe(true);
      await shopContext.close();
    },
  );
});
