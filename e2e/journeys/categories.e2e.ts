/**
 * Journey: a product in more than one category (issue 40, item 3). Clothing lists every garment, the Men's, Women's
 * and Kids' ones too; Shoes lists the kids' shoes; the counts the listing shows are the products it lists. At 360 and
 * 1366 px, with nothing wider than the window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launch, newContext, VIEWPORTS } from '../support/browser.ts';
import { snapScreens } from '../support/purchase.ts';
import { freshShopper } from '../support/shopper.ts';

interface Listed {
  _id: string;
  title: string;
  category: string;
  categories?: string[];
}

/** Every product of a category, as the shop's API lists it (spec §7), and the total it reports. */
async function listing(category: string): Promise<{ data: Listed[]; total: number }> {
  const res = await fetch(
    `${baseURL()}/api/shop/products/get?category=${encodeURIComponent(category)}&limit=100`,
  );
  const body = (await res.json()) as { data: Listed[]; pagination: { total: number } };
  return { data: body.data, total: body.pagination.total };
}

/** The titles on the listing page's cards, after "Load more" until every product shows. */
async function cardTitles(page: Page): Promise<string[]> {
  const more = page.getByRole('button', { name: 'Load more' });
  while (await more.isVisible()) {
    const before = await page.getByTestId('product-card').count();
    await more.click();
    await expect.poll(() => page.getByTestId('product-card').count()).toBeGreaterThan(before);
  }
  return page.getByTestId('product-card').locator('h3').allTextContents();
}

describe('a product in several categories', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("the API files the demo garments under Clothing and the kids' shoes under Shoes, keeping `category` first", async () => {
    const clothing = await listing('Clothing');
    const alsoClothing = clothing.data.filter((p) => p.category !== 'Clothing');
    expect(alsoClothing.length).toBeGreaterThanOrEqual(22);
    expect(new Set(alsoClothing.map((p) => p.category))).toEqual(new Set(['Men', 'Women', 'Kids']));
    expect(
      alsoClothing.every((p) => p.categories?.[0] === p.category && p.categories.includes('Clothing')),
    ).toBe(true);
    expect(clothing.total).toBe(clothing.data.length);
    const shoes = await listing('Shoes');
    expect(shoes.data.filter((p) => p.category === 'Kids')).toHaveLength(3);
  });

  it.each(Object.entries(VIEWPORTS))(
    "Clothing lists the Men's, Women's and Kids' garments and Shoes the kids' shoes (%s)",
    async (name, viewport) => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await freshShopper(page);
      const clothing = await listing('Clothing');
      await page.goto('/shop/listing?category=Clothing');
      await page.getByTestId('product-card').first().waitFor();
      const titles = await cardTitles(page);
      expect(titles.sort()).toEqual(clothing.data.map((p) => p.title).sort());
      expect(titles).toContain("Zara Kids' Quilted Puffer Jacket");
      expect(titles).toContain("Nike Dri-FIT Academy Men's Training Top");
      expect(titles).toContain('Zara Satin Effect Midi Dress');
      await page.getByText(`No. of Products: ${clothing.total}`).first().waitFor();
      await snapScreens(page, 'categories-clothing', name);

      await page.goto('/shop/listing?category=Shoes');
      await page.getByTestId('product-card').first().waitFor();
      const shoeTitles = await cardTitles(page);
      expect(shoeTitles).toContain("Nike Revolution 7 Kids' Shoe");
      expect(shoeTitles).toContain("Puma Kids' Smash 3.0 Sneaker");
      expect(shoeTitles).toContain("Adidas Kids' Tensaur Sport Shoe");
      await snapScreens(page, 'categories-shoes', name);
      await context.close();
    },
  );
});
