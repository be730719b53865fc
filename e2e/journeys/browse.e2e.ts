/**
 * Journey: a shopper browses (spec §2 shop home, listing, product card and dialog; DESIGN.md §5 filters in the URL
 * and session storage), with screenshots at phone and desktop widths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newContext, logIn, snap, DEMO, VIEWPORTS } from '../support/browser.ts';

/** Reads the effective (sale or regular) prices shown on the listing's product cards, in order. */
async function cardPrices(page: Page): Promise<number[]> {
  return page.getByTestId('product-card').evaluateAll((cards) =>
    cards.map((card) => {
      const el = card.querySelector('[data-testid="effective-price"]');
      return Number((el?.textContent ?? '').replace(/[^0-9.]/g, ''));
    }),
  );
}

describe('browse the catalog', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('opens a category tile, sorts, opens a product and keeps the filters across a reload', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, DEMO.alice);

    await page.getByRole('heading', { name: 'Shop by category' }).waitFor();
    await page.getByRole('heading', { name: 'Shop by Brands' }).waitFor();
    await page.getByRole('heading', { name: 'Featured Products' }).waitFor();
    await page.getByTestId('product-card').first().waitFor();
    await page.getByTestId('category-tile').filter({ hasText: 'Men' }).first().click();

    await page.waitForURL(/\/shop\/listing\?.*category=Men/);
    const men = page.getByRole('checkbox', { name: 'Men', exact: true });
    await men.waitFor();
    expect(await men.getAttribute('aria-checked')).toBe('true');
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('filters'))) ?? '{}')).toMatchObject({
      category: ['Men'],
    });
    await page.getByText(/No\. of Products: \d+/).waitFor();
    await page.getByTestId('product-card').first().waitFor();
    // In-stock cards come first and out-of-stock ones ("Out of Stock") last, each group in the sort's order.
    const inStockSorted = async (by: (a: number, b: number) => number) => {
      const prices = await cardPrices(page);
      const inStock = await page
        .getByTestId('product-card')
        .evaluateAll((cards) => cards.map((card) => !card.textContent?.includes('Out of Stock')));
      const split = inStock.includes(false) ? inStock.indexOf(false) : inStock.length;
      expect(inStock.slice(split)).not.toContain(true);
      for (const group of [prices.slice(0, split), prices.slice(split)])
        expect([...group].sort(by)).toEqual(group);
      return prices.slice(0, split);
    };
    const ascending = await inStockSorted((a, b) => a - b);
    expect(ascending.length).toBeGreaterThan(1);

    await page.getByRole('button', { name: /Sort by/ }).click();
    await page.getByRole('menuitemradio', { name: 'Price: High to Low' }).click();
    await page.waitForURL(/sortBy=price-desc/);
    await expect.poll(async () => (await cardPrices(page))[0]).toBeGreaterThanOrEqual(ascending.at(-1)!);
    await inStockSorted((a, b) => b - a);

    await page.getByRole('checkbox', { name: 'Nike', exact: true }).click();
    await page.waitForURL(/brand=Nike/);

    await page.reload();
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.getByRole('checkbox', { name: 'Men', exact: true }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(await page.getByRole('checkbox', { name: 'Nike', exact: true }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(page.url()).toMatch(/sortBy=price-desc/);

    const firstCard = page.getByTestId('product-card').first();
    const title = (await firstCard.getByRole('heading').first().textContent())?.trim() ?? '';
    await firstCard.getByRole('img').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: title, exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Add to Cart' }).waitFor();
    await dialog.getByRole('button', { name: 'Buy Now' }).waitFor();
    await dialog.getByText(`Reviews for ${title}`).waitFor();
    // The rating ("Rating 4.0" and "(n)"), or "No reviews yet" instead of "0.0 (0)" when nobody has reviewed it.
    expect((await dialog.getByTestId('rating-summary').textContent())?.trim()).toMatch(
      /^(No reviews yet|Rating \d\.\d\(\d+\))$/,
    );

    // The open modal hides the page behind it (aria-hidden, inert), so the header's Home link is activated by a
    // DOM click event, as a router-driven path change would be.
    await page.locator('header a[href="/shop/home"]').first().dispatchEvent('click');
    await page.waitForURL('**/shop/home');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('reads a shared link with filters from the URL', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, DEMO.bob);
    await page.goto('/shop/listing?category=Electronics&brand=Apple,Sony&sortBy=name-asc');
    await page.getByTestId('product-card').first().waitFor();
    for (const name of ['Electronics', 'Apple', 'Sony']) {
      expect(await page.getByRole('checkbox', { name, exact: true }).getAttribute('aria-checked')).toBe(
        'true',
      );
    }
    const brands = await page
      .getByTestId('product-card')
      .evaluateAll((cards) => cards.map((c) => c.textContent ?? ''));
    expect(brands.every((text) => /Apple|Sony/.test(text))).toBe(true);
    await context.close();
  });

  it.each(Object.entries(VIEWPORTS))('looks right at %s width (screenshots)', async (name, viewport) => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await logIn(page, DEMO.alice);
    await page.getByTestId('product-card').first().waitFor();
    await snap(page, `home-${name}`);
    await page.goto('/shop/listing');
    await page.getByTestId('product-card').first().waitFor();
    await snap(page, `listing-${name}`);
    await page.getByTestId('product-card').first().getByRole('img').click();
    await page
      .getByRole('dialog')
      .getByText(/Reviews for/)
      .waitFor();
    await snap(page, `dialog-${name}`);
    await context.close();
  });
});
