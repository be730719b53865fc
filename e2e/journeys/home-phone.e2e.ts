/**
 * Journey: the home page on a phone (issue 28). At 360 px the categories and brands are compact rows of chips that
 * scroll sideways inside themselves, so the first product card starts within two screen heights (it took ~3,000 px
 * before); the page never scrolls sideways; the spec's headings, 9 category and 24 brand tiles are all there and a
 * brand chip opens the listing filtered by it; the header's Search button (below xl) leads to the search page. At 1366
 * px the grids stay and the nav's own Search link serves instead. Screenshots: e2e/artifacts/home-phone-360.png,
 * home-phone-360-scrolled.png, home-phone-1366.png, home-phone-1366-tiles.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BRANDS, CATEGORIES } from '@emporium/contract';
import { seriousViolations } from '../support/axe.ts';
import { DEMO, launch, logIn, newContext, snap, VIEWPORTS } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/purchase.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs Alice in at `viewport` and waits for the home page's first product card. */
async function home(viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await newContext(browser, viewport)).newPage();
  await logIn(page, DEMO.alice);
  await page.waitForURL(/\/shop\/home/);
  await page.getByTestId('product-card').first().waitFor();
  return page;
}

/**
 * The header's Search button: an icon link named "Search" by its label (the desktop nav's Search link, also in the
 * header, is named by its text).
 */
const searchButton = (page: Page) => page.getByRole('banner').locator('a[aria-label="Search"]');

describe('the home page on a phone', () => {
  it('at 360 px: products within two screens, chip rows that scroll inside themselves, nothing sideways', async () => {
    const page = await home(VIEWPORTS.phone);
    for (const name of ['Shop by category', 'Shop by Brands', 'Featured Products'])
      await page.getByRole('heading', { name }).waitFor();
    expect(await page.getByTestId('category-tile').count()).toBe(CATEGORIES.length);
    expect(await page.getByTestId('brand-tile').count()).toBe(BRANDS.length);

    const { cardTop, screen } = await page.evaluate(() => ({
      cardTop:
        document.querySelector('[data-testid=product-card]')!.getBoundingClientRect().top + window.scrollY,
      screen: window.innerHeight,
    }));
    expect(cardTop, 'first product card within two screen heights').toBeLessThanOrEqual(2 * screen);
    await expectNoSidewaysScroll(page, 'home at 360');

    // The rows are wider than the phone and scroll by themselves; every chip is tall enough to tap.
    const rows = await page.locator('section ul').evaluateAll((lists) =>
      lists
        .filter((ul) => ul.querySelector('[data-testid=category-tile], [data-testid=brand-tile]'))
        .map((ul) => ({
          scrolls: ul.scrollWidth > ul.clientWidth && getComputedStyle(ul).overflowX === 'auto',
          right: ul.getBoundingClientRect().right,
          shortest: Math.min(
            ...[...ul.querySelectorAll('button')].map((b) => b.getBoundingClientRect().height),
          ),
        })),
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.scrolls).toBe(true);
      expect(row.right).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      expect(row.shortest).toBeGreaterThanOrEqual(44);
    }
    // The brands take two chips' height (two rows), not a dozen rows of tiles.
    const brandsHeight = await page
      .getByRole('region', { name: 'Shop by Brands' })
      .evaluate((el) => el.getBoundingClientRect().height);
    expect(brandsHeight).toBeLessThan(250);
    await page.waitForTimeout(5500); // the login toast goes away before the screenshot
    await snap(page, 'home-phone-360');
    expect(await seriousViolations(page), 'home at 360').toEqual([]);

    // The last brand is reached by scrolling its row; pressing it opens the listing for that brand.
    const lastBrand = BRANDS[BRANDS.length - 1]!;
    const chip = page.getByTestId('brand-tile').filter({ hasText: lastBrand });
    await chip.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page, 'home at 360, brands scrolled');
    await snap(page, 'home-phone-360-scrolled');
    await chip.click();
    await page.waitForURL(
      (url) => url.pathname === '/shop/listing' && url.searchParams.get('brand') === lastBrand,
    );
    await page.getByTestId('product-card').first().waitFor();
    await page.context().close();
  });

  it("at 360 px the header's Search button leads to the search page", async () => {
    const page = await home(VIEWPORTS.phone);
    const button = searchButton(page);
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(40);
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await button.click();
    await page.waitForURL(/\/shop\/search/);
    await page.getByPlaceholder('Search for products').waitFor();
    await expectNoSidewaysScroll(page, 'search at 360');
    await page.context().close();
  });

  it('at 1366 px: the grids stay, the nav has Search and the header button is not shown', async () => {
    const page = await home(VIEWPORTS.desktop);
    expect(await searchButton(page).isVisible()).toBe(false);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).waitFor();
    // Five category tiles share the first row of the grid.
    const tops = await page
      .getByTestId('category-tile')
      .evaluateAll((tiles) => tiles.map((t) => Math.round(t.getBoundingClientRect().top)));
    expect(tops.filter((top) => top === tops[0])).toHaveLength(5);
    await expectNoSidewaysScroll(page, 'home at 1366');
    await page.waitForTimeout(5500);
    await snap(page, 'home-phone-1366');
    await page.getByRole('heading', { name: 'Shop by category' }).scrollIntoViewIfNeeded();
    await snap(page, 'home-phone-1366-tiles');
    await page.context().close();
  });
});
