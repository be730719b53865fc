/**
 * Journey (issue 28): the admin curates Home's Featured Products. On the Featured page (1366 px) the admin finds three
 * products by name and features them in an order, saves, and a shopper's home shows those three first, in that
 * order; the admin moves the third up and removes the first, saves, and the home follows; at 360 px the page fits the
 * phone and its buttons are tall enough to tap. The journeys share one database: the picks are cleared through the
 * API afterwards, so other journeys see Home's default (the 12 cheapest). Screenshots: e2e/artifacts/
 * admin-featured-1366.png, admin-featured-360.png, home-featured-1366.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Product } from '@emporium/contract';
import { seriousViolations } from '../support/axe.ts';
import { baseURL, DEMO, launch, logIn, newContext, snap, VIEWPORTS } from '../support/browser.ts';
import { adminToken, expectNoSidewaysScroll } from '../support/purchase.ts';

let browser: Browser;
let admin: BrowserContext;
let shopper: BrowserContext;
/** Three of the dearest products: none is among Home's default twelve (the cheapest), so the change shows. */
let picks: Product[];

/** Clears the picks through the API (Home shows its default again). */
async function clearPicks(): Promise<void> {
  const res = await fetch(`${baseURL()}/api/admin/products/featured`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ productIds: [] }),
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  browser = await launch();
  await clearPicks();
  // The whole catalog (no page or limit), dearest first.
  const listing = await fetch(`${baseURL()}/api/shop/products/get?sortBy=price-desc`);
  const all = ((await listing.json()) as { data: Product[] }).data;
  // Titles that no other product's title contains, so a search for one offers exactly one Feature button.
  picks = all.filter((p) => all.filter((q) => q.title.includes(p.title)).length === 1).slice(0, 3);
  expect(picks).toHaveLength(3);
  admin = await newContext(browser, VIEWPORTS.desktop);
  await logIn(await admin.newPage(), DEMO.admin);
  shopper = await newContext(browser, VIEWPORTS.desktop);
  await logIn(await shopper.newPage(), DEMO.alice);
});
afterAll(async () => {
  await clearPicks().catch(() => undefined);
  await browser?.close();
});

/** The titles in the Featured page's list, in order. */
const pickedTitles = (page: Page) => page.getByTestId('featured-row').locator('p.truncate').allTextContents();

/** The titles of the first `count` product cards on a fresh load of the shopper's home page. */
async function homeTitles(count: number): Promise<string[]> {
  const page = await shopper.newPage();
  await page.goto('/shop/home');
  await page.getByTestId('product-card').first().waitFor();
  const titles = await page.getByTestId('product-card').locator('h3').allTextContents();
  await page.close();
  return titles.slice(0, count);
}

/** Saves and waits for the server's message in the toast. */
async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Featured products saved').first().waitFor();
  await page.getByText('Unsaved changes').waitFor({ state: 'detached' });
}

describe('the admin curates Featured Products', () => {
  it('features three products in an order, reorders and removes one; Home follows each save', async () => {
    const page = await admin.newPage();
    await page.goto('/admin/dashboard');
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Featured', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Featured Products' }).waitFor();
    await page.getByText('No products picked: Home shows the 12 cheapest products in stock.').waitFor();
    expect(await homeTitles(3)).not.toEqual(picks.map((p) => p.title));

    const search = page.getByLabel('Find products');
    for (const product of picks) {
      await search.fill(product.title);
      await page.getByRole('button', { name: `Feature ${product.title}`, exact: true }).click();
      await page.getByRole('button', { name: `${product.title} is featured`, exact: true }).waitFor();
    }
    expect(await pickedTitles(page)).toEqual(picks.map((p) => p.title));
    await page.getByText('Unsaved changes').waitFor();
    await save(page);
    await snap(page, 'admin-featured-1366');
    expect(await seriousViolations(page), 'Featured page').toEqual([]);

    const shopperHome = await homeTitles(3);
    expect(shopperHome).toEqual(picks.map((p) => p.title));
    const [a, b, c] = picks.map((p) => p.title) as [string, string, string];

    // The third moves up, the first goes: Home shows the third, then the second.
    await page.getByRole('button', { name: `Move ${c} up`, exact: true }).click();
    expect(await pickedTitles(page)).toEqual([a, c, b]);
    await expect.poll(() => page.getByRole('button', { name: `Move ${a} up` }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: `Remove ${a}`, exact: true }).click();
    expect(await pickedTitles(page)).toEqual([c, b]);
    await save(page);
    expect(await homeTitles(2)).toEqual([c, b]);
    // What the admin sees after a reload is what was saved.
    await page.reload();
    await page.getByTestId('featured-row').first().waitFor();
    expect(await pickedTitles(page)).toEqual([c, b]);

    const home = await shopper.newPage();
    await home.goto('/shop/home');
    await home.getByTestId('product-card').first().waitFor();
    await home.getByRole('heading', { name: 'Featured Products' }).scrollIntoViewIfNeeded();
    await snap(home, 'home-featured-1366');
    await home.close();
    await page.close();
  });

  it('at 360 px the Featured page fits the phone and its buttons are tall enough to tap', async () => {
    const phone = await newContext(browser, VIEWPORTS.phone);
    const page = await phone.newPage();
    await logIn(page, DEMO.admin);
    await page.goto('/admin/featured');
    await page.getByTestId('featured-row').first().waitFor();
    await page.getByLabel('Find products').fill(picks[0]!.title);
    await page.getByTestId('featured-result').first().waitFor();
    const heights = await page
      .locator('[data-testid=featured-row] button, [data-testid=featured-result] button')
      .evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(3);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
    await expectNoSidewaysScroll(page, 'Featured page at 360');
    await snap(page, 'admin-featured-360');
    expect(await seriousViolations(page), 'Featured page at 360').toEqual([]);
    await phone.close();
  });
});
