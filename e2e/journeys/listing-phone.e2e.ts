/**
 * Journey: the listing on phones and tablets (issue 11). At 360 px the products sit in two columns and the filters
 * live in a drawer opened by "Filters" beside the sort, whose footer says how many products match ("Show N
 * results"); at 768 px the same drawer serves a three-column grid; from 1024 px the side panel stays. At every width
 * the cards keep their titles, prices and buttons inside them, the filter chips sit above the grid, and nothing
 * scrolls sideways with the drawer open or closed; axe finds no serious violation on the phone listing or its
 * drawer. Screenshots go to e2e/artifacts/listing-<width>[-drawer].png and listing-360-{all,drawer-kids,kids}.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.ts';
import { baseURL, launch, logIn, newContext, snap, DEMO, VIEWPORTS } from '../support/browser.ts';

const TABLET = { width: 768, height: 1024 } as const;

/** How many products the listing API finds for a query string, e.g. `category=Kids`. */
async function apiTotal(query: string): Promise<number> {
  const res = await fetch(`${baseURL()}/api/shop/products/get?${query}&limit=1`);
  const body = (await res.json()) as { pagination: { total: number } };
  return body.pagination.total;
}

/** Lets layout and the drawer's animation settle, then checks that the page does not scroll sideways. */
async function fits(page: Page, label: string): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForTimeout(250);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label}: no sideways scroll`).toBeLessThanOrEqual(innerWidth);
}

/** How many cards share the first card's row. */
async function columns(page: Page): Promise<number> {
  return page.getByTestId('product-card').evaluateAll((cards) => {
    const top = cards[0]!.getBoundingClientRect().top;
    return cards.filter((card) => Math.abs(card.getBoundingClientRect().top - top) < 1).length;
  });
}

/**
 * What is wrong with the loaded cards: anything drawn outside its card (a clipped price), a title longer than two
 * lines or wider than its box, a button whose label does not fit or (when `minButton` is given) is too short to tap.
 */
async function cardProblems(page: Page, minButton = 0): Promise<string[]> {
  return page.getByTestId('product-card').evaluateAll((cards, min) => {
    const problems: string[] = [];
    for (const card of cards) {
      const box = card.getBoundingClientRect();
      const name = card.querySelector('h3')?.textContent ?? '?';
      for (const el of card.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5)) {
          problems.push(`${name}: <${el.tagName.toLowerCase()}> "${el.textContent}" sticks out of the card`);
        }
      }
      const title = card.querySelector('h3')!;
      const lines = Math.round(
        title.getBoundingClientRect().height / parseFloat(getComputedStyle(title).lineHeight),
      );
      if (lines > 2) problems.push(`${name}: title takes ${lines} lines`);
      if (title.scrollWidth > title.clientWidth) problems.push(`${name}: title is wider than its box`);
      const button = [...card.querySelectorAll('button')].find((b) =>
        /Add to Cart|Choose size|Choose options|Out of Stock/.test(b.textContent),
      );
      if (!button) problems.push(`${name}: no Add to Cart button`);
      else {
        if (button.scrollWidth > button.clientWidth) problems.push(`${name}: button label does not fit`);
        if (button.getBoundingClientRect().height < min) {
          problems.push(`${name}: button is ${button.getBoundingClientRect().height} px tall`);
        }
      }
    }
    return problems;
  }, minButton);
}

describe('the listing on phones, tablets and desktops', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('at 360 px: two columns, filters in a drawer that shows the filtered total and closes on Show N results', async () => {
    const all = await apiTotal('');
    const kids = await apiTotal('category=Kids');
    expect(kids).toBeGreaterThan(0);
    expect(kids).toBeLessThan(all);

    const context = await newContext(browser, VIEWPORTS.phone);
    const page = await context.newPage();
    await logIn(page, DEMO.alice);
    await page.goto('/shop/listing');
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    await page.getByText(`No. of Products: ${all}`).waitFor();

    // Two columns: the first two cards share a row, the third starts the next one.
    const [first, second, third] = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
    expect(Math.abs(first!.y - second!.y)).toBeLessThan(1);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width);
    expect(third!.y).toBeGreaterThan(first!.y + first!.height);
    expect(await cardProblems(page, 44)).toEqual([]);
    // No side panel on a phone.
    expect(await page.getByRole('complementary', { name: 'Filters' }).count()).toBe(0);
    await fits(page, 'listing at 360');
    await snap(page, 'listing-360-all');
    expect(await seriousViolations(page), 'listing at 360').toEqual([]);

    // The drawer: ticking applies at once (URL and session storage) and the footer names the filtered total.
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    const show = drawer.getByRole('button', { name: /^Show \d+ results?$/ });
    expect((await show.textContent())?.trim()).toBe(`Show ${all} results`);
    expect(await drawer.getByRole('button', { name: 'Clear all' }).count()).toBe(0);
    await drawer.getByRole('checkbox', { name: 'Kids', exact: true }).click();
    await page.waitForURL(/category=Kids/);
    await expect.poll(async () => (await show.textContent())?.trim()).toBe(`Show ${kids} results`);
    expect(await page.evaluate(() => sessionStorage.getItem('filters'))).toBe('{"category":["Kids"]}');
    await drawer.getByRole('button', { name: 'Clear all' }).waitFor();
    await fits(page, 'listing at 360 with the drawer open');
    await snap(page, 'listing-360-drawer-kids');
    expect(await seriousViolations(page), 'filter drawer at 360').toEqual([]);

    await show.click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: 'Filters (1)', exact: true }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Kids', exact: true }).waitFor();
    await page.getByText(`No. of Products: ${kids}`).waitFor();
    await page.getByRole('button', { name: 'Remove filter Kids' }).waitFor();
    await expect.poll(() => cards.count()).toBe(Math.min(kids, 24));
    const categories = await cards.evaluateAll((els) =>
      els.map((card) => card.querySelector('h3 + div > span')?.textContent),
    );
    expect(new Set(categories)).toEqual(new Set(['Kids']));
    expect(await cardProblems(page, 44)).toEqual([]);
    await fits(page, 'filtered listing at 360');
    await snap(page, 'listing-360-kids');

    // Clear all in the drawer takes every filter off and the total back to the whole catalog.
    await page.getByRole('button', { name: 'Filters (1)', exact: true }).click();
    await drawer.getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBeNull();
    await expect.poll(async () => (await show.textContent())?.trim()).toBe(`Show ${all} results`);
    expect(
      await drawer.getByRole('checkbox', { name: 'Kids', exact: true }).getAttribute('aria-checked'),
    ).toBe('false');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Filters', exact: true }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'All Products', exact: true }).waitFor();
    await context.close();
  });

  it.each([
    ['phone', VIEWPORTS.phone, 2],
    ['tablet', TABLET, 3],
    ['desktop', VIEWPORTS.desktop, 4],
  ] as const)(
    'at the %s width the grid, the chips above it and the filters fit the window',
    async (_name, viewport, expectedColumns) => {
      const w = viewport.width;
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await logIn(page, DEMO.alice);
      await page.goto('/shop/listing?category=Electronics,Men');
      const cards = page.getByTestId('product-card');
      await cards.first().waitFor();
      expect(await columns(page)).toBe(expectedColumns);
      expect(await cardProblems(page, w < 1024 ? 44 : 0)).toEqual([]);

      // The chips and Clear all sit above the grid at every width.
      const chip = page.getByRole('button', { name: 'Remove filter Electronics' });
      const chipBox = (await chip.boundingBox())!;
      expect(chipBox.y + chipBox.height).toBeLessThan((await cards.first().boundingBox())!.y);
      await page.getByRole('button', { name: 'Clear all' }).waitFor();
      await fits(page, `listing at ${w}`);
      await snap(page, `listing-${w}`);

      const filtersButton = page.getByRole('button', { name: 'Filters (2)', exact: true });
      if (w >= 1024) {
        // The side panel, without a drawer.
        const panel = page.getByRole('complementary', { name: 'Filters' });
        expect(await panel.isVisible()).toBe(true);
        expect(
          await panel.getByRole('checkbox', { name: 'Men', exact: true }).getAttribute('aria-checked'),
        ).toBe('true');
        expect(await filtersButton.count()).toBe(0);
      } else {
        expect(await page.getByRole('complementary', { name: 'Filters' }).count()).toBe(0);
        await filtersButton.click();
        const drawer = page.getByRole('dialog', { name: 'Filters' });
        await drawer.getByRole('checkbox', { name: 'Men', exact: true }).waitFor();
        const total = await apiTotal('category=Electronics,Men');
        expect(
          (await drawer.getByRole('button', { name: /^Show \d+ results?$/ }).textContent())?.trim(),
        ).toBe(`Show ${total} results`);
        await fits(page, `listing at ${w} with the drawer open`);
        await snap(page, `listing-${w}-drawer`);
        await drawer.getByRole('button', { name: 'Close', exact: true }).click();
        await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      }
      await context.close();
    },
  );
});
