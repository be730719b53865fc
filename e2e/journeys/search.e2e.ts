/**
 * Journey: search (spec §2 Search, §4 debounce and minimum length; DESIGN.md §4 typo-tolerant search; issue 28: a typo
 * in a four-letter brand, and "Did you mean …" when nothing is found).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newContext, snap, VIEWPORTS } from '../support/browser.ts';
import { snapScreens } from '../support/purchase.ts';
import { freshShopper } from '../support/shopper.ts';

describe('search', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'finds a misspelt brand, keeps it in the URL across a reload, and adds a result to the cart (%s)',
    async (name, viewport) => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await freshShopper(page);
      await page.goto('/shop/search');
      const input = page.getByPlaceholder('Search for products');
      await input.fill('ad');
      await page.waitForTimeout(800);
      expect(page.url()).not.toContain('searchQuery');

      await input.fill('adiddas');
      await page.waitForURL(/searchQuery=adiddas/);
      await page.getByRole('heading', { name: 'Search Results for "adiddas"' }).waitFor();
      const cards = page.getByTestId('product-card');
      expect(await cards.first().textContent()).toContain('Adidas');

      await page.reload();
      await page.getByRole('heading', { name: 'Search Results for "adiddas"' }).waitFor();
      expect(await input.inputValue()).toBe('adiddas');
      await snap(page, `search-${name}`);

      // A result goes into the cart: in one tap, or through its size picker when it has sizes (issue 40, item 1).
      const buy = /^(Add to Cart|Choose size)$/;
      const button = cards
        .filter({ has: page.getByRole('button', { name: buy }) })
        .first()
        .getByRole('button', { name: buy });
      if ((await button.textContent())?.trim() === 'Choose size') {
        await button.click();
        const dialog = page.getByRole('dialog');
        await dialog.locator('input[type="radio"]:not([disabled])').first().check();
        await dialog.getByRole('button', { name: 'Add to Cart' }).click();
        await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();
        await dialog.getByRole('button', { name: 'Close' }).click();
        await dialog.waitFor({ state: 'detached' });
      } else {
        await button.click();
        await page.getByText('Product added to cart', { exact: true }).first().waitFor();
      }
      await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();

      await input.fill('zzqxj');
      await page.getByText('No products found for "zzqxj"').waitFor();
      await input.fill('');
      await page.waitForURL((url) => !url.search.includes('searchQuery'));
      expect(await cards.count()).toBe(0);
      await context.close();
    },
  );

  it.each(Object.entries(VIEWPORTS))(
    'corrects a four-letter brand ("niek" finds Nike) and offers "Did you mean" that leads to results (%s)',
    async (name, viewport) => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await freshShopper(page);
      await page.goto('/shop/search');
      const input = page.getByPlaceholder('Search for products');
      const cards = page.getByTestId('product-card');

      await input.fill('niek');
      await page.getByRole('heading', { name: 'Search Results for "niek"' }).waitFor();
      await page.getByText('Showing results for "nike"').waitFor();
      const shown = await cards.count();
      expect(shown).toBeGreaterThan(0);
      for (let i = 0; i < shown; i++) expect(await cards.nth(i).textContent()).toContain('Nike');
      await snapScreens(page, 'search-short-typo', name);

      // Nothing is found for "pma"; the suggestion is a link that searches "puma".
      await input.fill('pma');
      await page.getByText('No products found for "pma"').waitFor();
      const suggestion = page.getByRole('link', { name: 'puma' });
      await suggestion.waitFor();
      expect(await suggestion.locator('..').textContent()).toBe('Did you mean puma?');
      await snapScreens(page, 'search-did-you-mean', name);

      await suggestion.click();
      await page.waitForURL(/searchQuery=puma/);
      await page.getByRole('heading', { name: 'Search Results for "puma"' }).waitFor();
      expect(await input.inputValue()).toBe('puma');
      expect(await cards.first().textContent()).toContain('Puma');
      expect(await page.getByText('Did you mean').count()).toBe(0);
      await context.close();
    },
  );
});
