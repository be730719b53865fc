/**
 * Journey (issue 27): the buying path on a phone. A shopper with two saved addresses, who last ordered to the
 * second, opens the checkout: that address is preselected ("Address Selected"), the other folds behind "Change
 * address (1 more)", and Place Order is ready. When the item sells out meanwhile, the cart line says "Sold out", an
 * alert names it and Place Order waits — before the shopper presses it, not a toast after. At 360 and 1366 px,
 * nothing scrolls sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Product } from '@emporium/contract';
import { baseURL, launch, logIn, newContext, snap, VIEWPORTS } from '../support/browser.ts';
import {
  addAddress,
  addToCart,
  buyCart,
  expectNoSidewaysScroll,
  productInStock,
  registerShopper,
  stockOf,
} from '../support/purchase.ts';

/** Another product than `other` with a little stock left (so another shopper can buy all of it), by name. */
async function scarceProduct(other: string): Promise<Product> {
  const res = await fetch(`${baseURL()}/api/shop/products/get?sortBy=name-asc&limit=100`);
  const list = ((await res.json()) as { data: Product[] }).data;
  const found = list.find((p) => p._id !== other && p.totalStock >= 1 && p.totalStock <= 20);
  if (!found) throw new Error('no product with 1 to 20 units left');
  return found;
}

describe('checkout on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: the address used last is chosen, and a sold-out line is flagged before Place Order',
    async (name, viewport) => {
      const shopper = await registerShopper(`Pat Phone ${name}`);
      await addAddress(shopper, '1 Home Street');
      const office = await addAddress(shopper, '2 Office Park');
      const plenty = await productInStock();
      await addToCart(shopper, plenty._id);
      await buyCart(shopper, office);
      const scarce = await scarceProduct(plenty._id);
      await addToCart(shopper, plenty._id);
      await addToCart(shopper, scarce._id);

      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await logIn(page, shopper);
      await page.goto('/shop/checkout');
      await page.getByTestId('cart-item').first().waitFor();
      await page.getByText('Address Selected').waitFor();
      const cards = page.getByTestId('address-card');
      expect(await cards.count()).toBe(1);
      await cards.getByText('2 Office Park').waitFor();
      const placeOrder = page.getByRole('button', { name: 'Place Order' });
      // Place Order waits for the quote of what is on screen (issue 27), a moment.
      await expect.poll(() => placeOrder.isEnabled()).toBe(true);
      await expectNoSidewaysScroll(page, 'checkout, address preselected');
      await snap(page, `checkout-preselected-${name}`);
      await page.getByRole('button', { name: 'Change address (1 more)' }).click();
      expect(await cards.count()).toBe(2);
      await page.getByRole('button', { name: /Select address 1 Home Street/ }).click();
      await cards.first().getByText('Selected').waitFor();

      // Another shopper buys every unit left of the scarce item.
      const rival = await registerShopper('Rita Rival');
      await addToCart(rival, scarce._id, await stockOf(scarce._id));
      await buyCart(rival, await addAddress(rival));
      expect(await stockOf(scarce._id)).toBe(0);

      await page.reload();
      const line = page.getByTestId('cart-item').filter({ hasText: scarce.title });
      await line.getByTestId('cart-item-unavailable').getByText('Sold out').waitFor();
      await page.getByTestId('checkout-unavailable').getByText(scarce.title, { exact: false }).waitFor();
      expect(await placeOrder.isDisabled()).toBe(true);
      await expectNoSidewaysScroll(page, 'checkout with a sold-out line');
      await page.getByTestId('checkout-unavailable').scrollIntoViewIfNeeded();
      await snap(page, `checkout-sold-out-${name}`);

      await line.getByRole('button', { name: `Remove ${scarce.title}` }).click();
      await page.getByTestId('checkout-unavailable').waitFor({ state: 'detached' });
      // Place Order waits for the quote of what is on screen (issue 27), a moment.
      await expect.poll(() => placeOrder.isEnabled()).toBe(true);
      await context.close();
    },
  );
});
