/**
 * Journey: a search with one word that finds nothing (issue 40, item 2). "iphone 15" leaves "15" out, finds the
 * Apple iPhone and says so; a search that finds nothing offers the categories (tap targets of 44 px) and popular
 * products, not one bare line. At 360 and 1366 px, with nothing wider than the window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newContext, VIEWPORTS } from '../support/browser.ts';
import { snapScreens } from '../support/purchase.ts';
import { freshShopper } from '../support/shopper.ts';

describe('search leaves out a word that finds nothing', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    '"iphone 15" finds the Apple iPhone and says "15" was left out; an empty search offers categories and popular products (%s)',
    async (name, viewport) => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await freshShopper(page);
      await page.goto('/shop/search?searchQuery=iphone%2015');
      await page.getByRole('heading', { name: 'Search Results for "iphone 15"' }).waitFor();
      const status = page.getByRole('status');
      await expect.poll(() => status.textContent()).toContain('Showing results for "iphone"');
      expect(await status.textContent()).toContain('"15" was left out');
      expect(await page.getByTestId('product-card').first().textContent()).toContain('Apple iPhone 16 Pro');
      await snapScreens(page, 'search-partial', name);

      await page.getByPlaceholder('Search for products').fill('zzqxj');
      await page.getByText('No products found for "zzqxj"').waitFor();
      const categories = page.getByRole('navigation', { name: 'Browse the categories' }).getByRole('link');
      expect(await categories.count()).toBe(9);
      for (const link of await categories.all()) {
        const box = (await link.boundingBox())!;
        expect(box.height, `${await link.textContent()} tap height`).toBeGreaterThanOrEqual(44);
        expect(box.width).toBeGreaterThanOrEqual(44);
      }
      const popular = page.getByRole('region', { name: 'Popular products' }).getByTestId('product-card');
      await popular.first().waitFor();
      expect(await popular.count()).toBe(4);
      await snapScreens(page, 'search-empty', name);

      await categories.filter({ hasText: 'Clothing' }).click();
      await page.waitForURL(/\/shop\/listing\?category=Clothing/);
      await context.close();
    },
  );
});
