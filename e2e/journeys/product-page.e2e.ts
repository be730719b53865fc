/**
 * Journeys: the product page at /shop/product/:id (issue 11), and what came with it on the listing (filter chips,
 * Clear all, the sort label, Clear filters), ratings without reviews, the add-to-cart toast's View cart and where
 * toasts sit, and the home banner on a phone. At 360 and 1366 px; no screen scrolls sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Product } from '@emporium/contract';
import { baseURL, launch, logIn, newContext, snap, DEMO, VIEWPORTS } from '../support/browser.ts';

/** The page fits the window: nothing scrolls sideways. */
async function fits(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label}: no sideways scroll`).toBeLessThanOrEqual(innerWidth);
}

/** Every product of the catalog, through the public API. */
async function allProducts(): Promise<Product[]> {
  const products: Product[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${baseURL()}/api/shop/products/get?sortBy=name-asc&limit=100&page=${page}`);
    const body = (await res.json()) as { data: Product[]; pagination: { pages: number } };
    products.push(...body.data);
    if (page >= body.pagination.pages) return products;
  }
}

function storedFilters(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('filters') ?? 'null') as unknown);
}

function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element is not visible');
  return b;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** On a phone the filter groups are in a drawer opened by "Filters"; open it there. */
async function showFilters(page: Page, phone: boolean): Promise<void> {
  if (phone) await page.getByRole('button', { name: /^Filters/ }).click();
}

/** Closes the phone's filter drawer with its "Show N results" button. */
async function hideFilters(page: Page, phone: boolean): Promise<void> {
  if (!phone) return;
  await page
    .getByRole('dialog', { name: 'Filters' })
    .getByRole('button', { name: /^Show \d+ results?$/ })
    .click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

describe.each(Object.entries(VIEWPORTS))('product page and listing at %s width', (_name, viewport) => {
  const w = viewport.width;
  const phone = w < 768;
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it(`opens from the dialog title, is shared with a second shopper, Back restores the listing, reloads (${w} px)`, async () => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await logIn(page, DEMO.alice);
    await page.goto('/shop/listing');
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards.count()).toBe(48);

    // A card on the second loaded page, somewhere down the list.
    const card = cards.nth(29);
    const title = ((await card.getByRole('heading').textContent()) ?? '').trim();
    await card.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 40));
    await page.waitForTimeout(200);
    const listingY = await scrollY(page);
    expect(listingY).toBeGreaterThan(1000);
    await fits(page, 'listing with two pages');

    await card.getByRole('img').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: title, exact: true }).waitFor();
    await fits(page, 'product dialog');
    await dialog.getByRole('link', { name: title, exact: true }).click();

    await page.waitForURL(/\/shop\/product\/[^/]+$/);
    const productUrl = page.url();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const heading = page.getByRole('heading', { level: 1, name: title, exact: true });
    await heading.waitFor();
    expect(await scrollY(page)).toBe(0);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByRole('link', { name: 'Home' }).waitFor();
    expect(await crumbs.getByRole('link').count()).toBe(2);
    await page.getByRole('button', { name: 'Add to Cart' }).waitFor();
    await page.getByRole('button', { name: 'Buy Now' }).waitFor();
    await page.getByRole('heading', { name: `Reviews for ${title}` }).waitFor();
    await page.getByTestId('stock-status').waitFor();
    await fits(page, 'product page');
    await snap(page, `product-page-${w}`);

    // A second shopper opens the shared address and sees the same product.
    const other = await newContext(browser, viewport);
    const bobPage = await other.newPage();
    await logIn(bobPage, DEMO.bob);
    await bobPage.goto(productUrl);
    await bobPage.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    await fits(bobPage, 'product page (second shopper)');
    await snap(bobPage, `product-page-shared-${w}`);
    await other.close();

    // Back: the same loaded cards, at the same place.
    await page.goBack();
    await page.waitForURL(/\/shop\/listing/);
    await cards.nth(47).waitFor({ state: 'attached' });
    expect(await cards.count()).toBe(48);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(listingY - 3);
    expect(Math.abs((await scrollY(page)) - listingY)).toBeLessThanOrEqual(2);
    expect(await cards.nth(29).isVisible()).toBe(true);
    await page.waitForTimeout(500);
    expect(await cards.count()).toBe(48);
    await fits(page, 'listing after Back');
    await snap(page, `product-page-back-${w}`);

    // Forward to the page again, and a reload keeps it.
    await page.goForward();
    await heading.waitFor();
    await page.reload();
    await heading.waitFor();
    await page.getByRole('heading', { name: `Reviews for ${title}` }).waitFor();
    await fits(page, 'product page after reload');

    // The category breadcrumb opens the listing filtered by it.
    const category = ((await crumbs.getByRole('link').nth(1).textContent()) ?? '').trim();
    await crumbs.getByRole('link', { name: category }).click();
    await page.waitForURL(/\/shop\/listing\?category=/);
    await page.getByRole('heading', { level: 1, name: category, exact: true }).waitFor();
    await expect.poll(() => storedFilters(page)).toEqual({ category: [category] });
    await context.close();
  });

  it(`shows active filters as chips, Clear all, the sort label and Clear filters (${w} px)`, async () => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await logIn(page, DEMO.alice);
    await page.goto('/shop/listing');
    await page.getByTestId('product-card').first().waitFor();
    await page.getByRole('heading', { level: 1, name: 'All Products', exact: true }).waitFor();
    expect(await page.getByTestId('filter-chip').count()).toBe(0);

    const sort = page.getByRole('button', { name: /^Sort by/ });
    expect((await sort.textContent())?.trim()).toBe('Sort by: Price: Low to High');

    await showFilters(page, phone);
    await page.getByRole('checkbox', { name: 'Men', exact: true }).click();
    await page.waitForURL(/category=Men/);
    await page.getByRole('checkbox', { name: 'Nike', exact: true }).click();
    await page.waitForURL(/brand=Nike/);
    await hideFilters(page, phone);
    await page.getByRole('heading', { level: 1, name: 'Men · Nike', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Remove filter Men' }).waitFor();
    await page.getByRole('button', { name: 'Remove filter Nike' }).waitFor();
    await page.getByRole('button', { name: 'Clear all' }).waitFor();
    await expect.poll(() => storedFilters(page)).toEqual({ category: ['Men'], brand: ['Nike'] });

    await sort.click();
    await page.getByRole('menuitemradio', { name: 'Name: A to Z' }).click();
    await page.waitForURL(/sortBy=name-asc/);
    await expect.poll(async () => (await sort.textContent())?.trim()).toBe('Sort by: Name: A to Z');
    await fits(page, 'listing with chips');
    await snap(page, `listing-chips-${w}`);

    // Removing a chip unticks its checkbox and updates the URL and session storage.
    await page.getByRole('button', { name: 'Remove filter Nike' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('brand')).toBeNull();
    await showFilters(page, phone);
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Nike', exact: true }).getAttribute('aria-checked'))
      .toBe('false');
    await hideFilters(page, phone);
    await expect.poll(() => storedFilters(page)).toEqual({ category: ['Men'] });
    await page.getByRole('heading', { level: 1, name: 'Men', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByRole('heading', { level: 1, name: 'All Products', exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('filter-chip').count()).toBe(0);
    await expect.poll(() => storedFilters(page)).toEqual({});
    expect(page.url()).toMatch(/sortBy=name-asc/);
    expect(page.url()).not.toMatch(/category=/);

    // A filter restored from session storage shows as a chip too.
    await page.evaluate(() => sessionStorage.setItem('filters', JSON.stringify({ brand: ['Sony'] })));
    await page.goto('/shop/listing');
    await page.waitForURL(/brand=Sony/);
    await page.getByRole('button', { name: 'Remove filter Sony' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Sony', exact: true }).waitFor();

    // No results: a way out.
    await page.goto('/shop/listing?category=Electronics&brand=Nike');
    await page.getByText('No products found', { exact: true }).waitFor();
    await page.getByText('No. of Products: 0').waitFor();
    await fits(page, 'listing without results');
    await snap(page, `listing-empty-${w}`);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('heading', { level: 1, name: 'All Products', exact: true }).waitFor();
    await page.getByTestId('product-card').first().waitFor();
    await expect.poll(() => storedFilters(page)).toEqual({});
    await context.close();
  });

  it(`stock, quantity, No reviews yet, View cart, toasts clear of the cart panel, not found (${w} px)`, async () => {
    const products = await allProducts();
    const low = products.find((p) => p.totalStock >= 4 && p.totalStock < 10 && p.reviewsCount === 0);
    const soldOut = products.find((p) => p.totalStock === 0);
    if (!low || !soldOut) throw new Error('the demo catalog has no low-stock or sold-out product');

    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await logIn(page, DEMO.alice);

    // Cards and the dialog say "No reviews yet" instead of 0.0 (0).
    await page.goto('/shop/listing');
    const firstCard = page.getByTestId('product-card').first();
    await firstCard.waitFor();
    expect((await firstCard.getByTestId('rating-summary').textContent())?.trim()).toBe('No reviews yet');
    await firstCard.getByRole('img').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Reviews for/).waitFor();
    expect((await dialog.getByTestId('rating-summary').textContent())?.trim()).toBe('No reviews yet');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Opening the cart panel closes the toast (issue 40, item 6): nothing covers its lines, Total or Checkout.
    await page
      .getByTestId('product-card')
      .filter({ has: page.getByRole('button', { name: 'Add to Cart' }) })
      .first()
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Product added to cart', { exact: true }).waitFor();
    await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
    const panel = page.getByRole('dialog');
    await panel.getByText('Your Cart', { exact: true }).waitFor();
    await expect.poll(() => toast.count()).toBe(0);
    await snap(page, `cart-panel-toast-${w}`);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // A product with few left: "Only N left", the quantity capped at the stock.
    await page.goto(`/shop/product/${low._id}`);
    await page.getByRole('heading', { level: 1, name: low.title, exact: true }).waitFor();
    expect((await page.getByTestId('stock-status').textContent())?.trim()).toBe(
      `Only ${low.totalStock} left`,
    );
    expect((await page.getByTestId('rating-summary').textContent())?.trim()).toBe('No reviews yet');
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    const increase = page.getByRole('button', { name: 'Increase quantity' });
    expect(await quantity.inputValue()).toBe('1');
    expect(await page.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true);
    for (let i = 1; i < low.totalStock; i++) await increase.click();
    expect(await quantity.inputValue()).toBe(String(low.totalStock));
    expect(await increase.isDisabled()).toBe(true);
    await quantity.fill('500');
    await quantity.press('Enter');
    expect(await quantity.inputValue()).toBe(String(low.totalStock));
    await quantity.fill('2');
    await quantity.press('Enter');
    expect(await quantity.inputValue()).toBe('2');
    await fits(page, 'product page, low stock');

    // Add to Cart: the spec's toast, with View cart opening the panel; the chosen quantity is added.
    const units = Number(await page.getByTestId('cart-count').textContent());
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await toast.getByText('Product added to cart', { exact: true }).waitFor();
    await toast.getByText('You can view your cart in the cart page', { exact: true }).waitFor();
    const addToCartBox = await box(page.getByRole('button', { name: 'Add to Cart' }));
    expect(overlaps(await box(toast), addToCartBox)).toBe(false);
    await snap(page, `product-page-toast-${w}`);
    await toast.getByRole('button', { name: 'View cart' }).click();
    await panel.getByText('Your Cart', { exact: true }).waitFor();
    const line = panel.getByTestId('cart-item').filter({ hasText: low.title });
    await line.waitFor();
    expect(Number(await page.getByTestId('cart-count').textContent())).toBe(units + 2);
    expect(await toast.count()).toBe(0);
    await fits(page, 'cart panel from View cart');
    await snap(page, `product-page-cart-${w}`);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // Sold out: "Out of stock", nothing to add.
    await page.goto(`/shop/product/${soldOut._id}`);
    await page.getByRole('heading', { level: 1, name: soldOut.title, exact: true }).waitFor();
    expect((await page.getByTestId('stock-status').textContent())?.trim()).toBe('Out of stock');
    expect(await page.getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Buy Now' }).isDisabled()).toBe(true);
    expect(await page.getByRole('spinbutton', { name: 'Quantity' }).count()).toBe(0);
    await fits(page, 'product page, sold out');

    // An unknown product: a friendly page, not an error.
    await page.goto('/shop/product/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Product not found' }).waitFor();
    await fits(page, 'product not found');
    await snap(page, `product-not-found-${w}`);
    await page.getByRole('link', { name: 'Browse all products' }).click();
    await page.waitForURL(/\/shop\/listing/);
    await page.getByTestId('product-card').first().waitFor();
    await context.close();
  });
});

describe('home banner on phones and tablets', () => {
  it.each([
    ['phone', VIEWPORTS.phone],
    ['tablet', { width: 768, height: 1024 }],
  ] as const)('shows the whole banner on a %s', async (_device, viewport) => {
    const px = viewport.width;
    const browser = await launch();
    try {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await logIn(page, DEMO.alice);
      const hero = page.getByTestId('hero-carousel');
      await hero.getByRole('img').first().waitFor();
      const { width, height, fit } = await hero.evaluate((el) => ({
        width: el.getBoundingClientRect().width,
        height: el.getBoundingClientRect().height,
        fit: getComputedStyle(el.querySelector('img')!).objectFit,
      }));
      // The banners are 16:9: a 16:9 carousel with the picture contained shows all of it, edges included.
      expect(Math.abs(height - (width * 9) / 16)).toBeLessThanOrEqual(1);
      expect(fit).toBe('contain');
      await fits(page, 'home');
      await page.getByText('Login successful', { exact: true }).first().waitFor();
      await page.waitForTimeout(1200);
      await snap(page, `home-hero-${px}`);
    } finally {
      await browser.close();
    }
  });
});
