/**
 * Journey (issue 40, item 1): a card never adds a size the shopper did not choose. At 360 and 1366 px, with the demo
 * catalog: a shoe's card says "Choose size" (no Add to Cart), a garment with sizes and colours says "Choose
 * options"; "Choose size" opens the details with nothing picked, "Choose a size" above the sizes and one button
 * "Choose a size first" that cannot be pressed; picking a size offers Add to Cart, which puts that size in the cart.
 * A product without options keeps the spec's one-tap Add to Cart. No page is wider than its viewport; screenshots
 * at 360, 768 and 1366 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Product } from '@emporium/contract';
import { baseURL, launch, newContext, VIEWPORTS } from '../support/browser.ts';
import { expectNoSidewaysScroll, snapScreens } from '../support/purchase.ts';
import { freshShopper } from '../support/shopper.ts';

/** The first page of a listing as the listing page asks for it (price-asc, 24 a page). */
async function listingPage(query: string): Promise<Product[]> {
  const res = await fetch(`${baseURL()}/api/shop/products/get?${query}&page=1&limit=24`);
  return ((await res.json()) as { data: Product[] }).data;
}

describe('a card with sizes asks for the size', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))('at %s size', async (size, viewport) => {
    const shoes = await listingPage('category=Shoes');
    const shoe = shoes.find((p) => p.totalStock > 0 && p.optionNames?.join() === 'Size');
    const clothes = await listingPage('category=Clothing');
    const garment = clothes.find((p) => p.totalStock > 0 && (p.optionNames?.length ?? 0) > 1);
    const electronics = await listingPage('category=Electronics');
    const plain = electronics.find((p) => p.totalStock > 0 && p.optionNames === undefined);
    if (!shoe || !garment || !plain)
      throw new Error('the demo catalog lacks a shoe, a garment or a plain product');

    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await freshShopper(page);

    // The shoe's card: "Choose size", no Add to Cart.
    await page.goto('/shop/listing?category=Shoes');
    const card = page.getByTestId('product-card').filter({ hasText: shoe.title }).first();
    await card.waitFor();
    await card.getByRole('button', { name: 'Choose size', exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await snapScreens(page, 'card-picker-listing', size);

    // The details open with nothing picked and ask for the size.
    await card.getByRole('button', { name: 'Choose size' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('choose-prompt').filter({ hasText: 'Choose a size' }).waitFor();
    const radios = dialog.getByRole('radio');
    expect(await radios.count()).toBeGreaterThan(1);
    const checked = await radios.evaluateAll(
      (els) => els.filter((el) => (el as HTMLInputElement).checked).length,
    );
    expect(checked).toBe(0);
    const waiting = dialog.getByRole('button', { name: 'Choose a size first' });
    expect(await waiting.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);
    await waiting.scrollIntoViewIfNeeded();
    await snapScreens(page, 'card-picker-dialog', size);

    // A size in stock: the prompt goes, Add to Cart comes, and that size goes into the cart.
    const inStock = dialog.locator('input[type="radio"]:not([disabled])').nth(1);
    const chosen = (await inStock.getAttribute('value'))!;
    await inStock.check();
    expect(await dialog.getByTestId('choose-prompt').count()).toBe(0);
    expect(await dialog.getByText(`Size: ${chosen}`, { exact: true }).count()).toBeGreaterThan(0);
    await snapScreens(page, 'card-picker-chosen', size);
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A garment with sizes and colours: "Choose options".
    await page.goto('/shop/listing?category=Clothing');
    const garmentCard = page.getByTestId('product-card').filter({ hasText: garment.title }).first();
    await garmentCard.getByRole('button', { name: 'Choose options', exact: true }).waitFor();
    await expectNoSidewaysScroll(page, `clothing listing (${size})`);

    // A product without options: the spec's one tap.
    await page.goto('/shop/listing?category=Electronics');
    const plainCard = page.getByTestId('product-card').filter({ hasText: plain.title }).first();
    await plainCard.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByTestId('cart-count').filter({ hasText: '2' }).waitFor();

    // The cart holds the size chosen and the plain product.
    await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
    const panel = page.getByRole('dialog');
    await panel.getByText('Your Cart', { exact: true }).waitFor();
    const line = panel.getByTestId('cart-item').filter({ hasText: shoe.title });
    expect(await line.getByTestId('cart-item-options').textContent()).toBe(`Size: ${chosen}`);
    await panel.getByTestId('cart-item').filter({ hasText: plain.title }).waitFor();
    await snapScreens(page, 'card-picker-cart', size);
    await context.close();
  });
});
