/**
 * Journey (issue 40, items 5 and 7): a shopper like the demo's Alice, with three saved addresses never ordered to
 * (the newest in Germany). At 360 and 1366 px: the cart panel's shipping estimate says "Shipping to Germany" (not the
 * shop's United States); the checkout preselects the newest address and says "Delivering to: …, 10115 Berlin, Germany"; the
 * other two fold behind "Change address (2 more)", so on a phone Place Order is not behind every card; opening them and
 * picking another changes what "Delivering to" says. An address added at the checkout becomes the selected one, even
 * when another is preferred (the one last ordered to). Nothing scrolls sideways; screenshots at 360, 768 and 1366 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseURL, launch, logIn, newContext, snap, VIEWPORTS } from '../support/browser.ts';
import { addAddressThroughDialog } from '../support/shopper.ts';
import {
  addAddress,
  addToCart,
  buyCart,
  productInStock,
  registerShopper,
  snapScreens,
  type ApiShopper,
} from '../support/purchase.ts';

const ADDRESSES = [
  { address: '12 Orchard Lane', city: 'Springfield', state: 'IL', pincode: '62704', country: 'US' },
  { address: '48 Harbor Street', city: 'Portland', state: 'OR', pincode: '97205', country: 'US' },
  { address: '7 Lindenstraße', city: 'Berlin', state: 'BE', pincode: '10115', country: 'DE' },
];

/** Saves the three addresses, oldest first, through the API. */
async function saveAddresses(s: ApiShopper): Promise<void> {
  for (const a of ADDRESSES) {
    const res = await fetch(`${baseURL()}/api/shop/address/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
      body: JSON.stringify({ ...a, phone: '555 0142', notes: 'None', userId: s.userId }),
    });
    expect(res.status).toBe(201);
  }
}

describe('checkout with saved addresses', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: the estimate and the preselection use the same address, the others fold away',
    async (name, viewport) => {
      const shopper = await registerShopper(`Alice Three ${name}`);
      await saveAddresses(shopper);
      await addToCart(shopper, (await productInStock())._id);
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await logIn(page, shopper);

      await page.getByRole('button', { name: /^Cart, 1 item$/ }).click();
      const note = page.getByRole('dialog').getByTestId('cart-shipping-note');
      await note.getByText(/^Shipping to Germany: /).waitFor();
      expect(await note.textContent()).not.toContain('United States');
      await snapScreens(page, 'cart-estimate-country', name);
      await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();

      await page.waitForURL('**/shop/checkout');
      const delivering = page.getByTestId('delivering-to');
      await delivering.waitFor();
      expect(await delivering.textContent()).toBe('Delivering to: 7 Lindenstraße, 10115 Berlin, Germany');
      await page.getByText('Address Selected', { exact: true }).waitFor();
      const cards = page.getByTestId('address-card');
      expect(await cards.count()).toBe(1);
      expect(await cards.first().textContent()).toContain('7 Lindenstraße');
      const change = page.getByRole('button', { name: 'Change address (2 more)' });
      await change.waitFor();
      const place = page.getByRole('button', { name: 'Place Order' });
      await expect.poll(() => place.isEnabled()).toBe(true);
      // Where Place Order is on the page (not the window: the page scrolls in between).
      const placeTop = () => place.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
      const folded = await placeTop();
      const changeHeight = (await change.boundingBox())!.height;
      // On a desktop Place Order sits beside the addresses, on the first screen.
      if (name === 'desktop') {
        expect(folded + (await place.boundingBox())!.height).toBeLessThanOrEqual(viewport.height);
      }
      await snapScreens(page, 'checkout-addresses', name);
      await place.scrollIntoViewIfNeeded();
      await snap(page, `checkout-addresses-place-order-${name}`);

      await change.click();
      expect(await cards.count()).toBe(3);
      // On a phone (one column) the fold spared the shopper scrolling past the two other cards to reach Place Order.
      if (name === 'phone') {
        const unfolded = await placeTop();
        const others = [
          (await cards.nth(0).boundingBox())!.height,
          (await cards.nth(1).boundingBox())!.height,
        ];
        expect(unfolded - folded).toBeGreaterThanOrEqual(others[0]! + others[1]! - changeHeight);
      }
      await page.getByRole('button', { name: 'Select address 48 Harbor Street, Portland' }).click();
      await expect
        .poll(() => delivering.textContent())
        .toBe('Delivering to: 48 Harbor Street, Portland, OR 97205, United States');
      await snapScreens(page, 'checkout-addresses-changed', name);
      await context.close();
    },
  );

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: an address added at the checkout is the one selected, not the preferred one',
    async (name, viewport) => {
      const shopper = await registerShopper(`Ada Added ${name}`);
      const product = await productInStock();
      await addToCart(shopper, product._id);
      // Ordered to last: the preferred address, preselected although a newer one exists.
      await buyCart(shopper, await addAddress(shopper, '5 Review Road'));
      await addAddress(shopper, '9 Newer Street');
      await addToCart(shopper, product._id);
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await logIn(page, shopper);
      await page.goto('/shop/checkout');
      const delivering = page.getByTestId('delivering-to');
      await expect
        .poll(() => delivering.textContent())
        .toBe('Delivering to: 5 Review Road, Austin, TX 73301, United States');

      await addAddressThroughDialog(page, '12 Orchard Lane');
      await expect
        .poll(() => delivering.textContent())
        .toMatch(/^Delivering to: 12 Orchard Lane, Portland, /);
      const added = page.getByRole('button', { name: 'Select address 12 Orchard Lane, Portland' });
      expect(await added.getAttribute('aria-pressed')).toBe('true');
      const cards = page.getByTestId('address-card');
      expect(await cards.count()).toBe(1);
      await page.getByRole('button', { name: 'Change address (2 more)' }).waitFor();
      const place = page.getByRole('button', { name: 'Place Order' });
      await expect.poll(() => place.isEnabled()).toBe(true);
      await snapScreens(page, 'checkout-address-added', name);
      await context.close();
    },
  );
});
