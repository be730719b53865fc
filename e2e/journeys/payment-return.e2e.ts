/**
 * Journey (issue 27): the payment's return opens where the checkout's tab is not — another browser, a payment app —
 * so the tab's stored order id is missing. Signed in, the return page finds the order by the payment id in its URL
 * and shows the success; signed out, it asks the shopper to sign in first and then shows it. At 360 and 1366 px,
 * nothing scrolls sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, logIn, newContext, snap, VIEWPORTS } from '../support/browser.ts';
import {
  addAddress,
  addToCart,
  expectNoSidewaysScroll,
  placeAndApprove,
  productInStock,
  registerShopper,
} from '../support/purchase.ts';

/**
 * A shopper whose order's payment was approved on the sandbox page, in "another browser": returns the credentials
 * and the provider's return address (the server captures there and sends the browser to /shop/paypal-return).
 */
async function approvedElsewhere() {
  const s = await registerShopper('Rae Return');
  await addToCart(s, (await productInStock())._id);
  const { returnUrl } = await placeAndApprove(s, await addAddress(s, '9 Return Row'));
  return { email: s.email, password: s.password, returnUrl };
}

describe('payment return without the checkout tab', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size, signed in: the success is shown',
    async (name, viewport) => {
      const shopper = await approvedElsewhere();
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await logIn(page, shopper);
      await page.goto(shopper.returnUrl);
      await page.waitForURL('**/shop/payment-success');
      await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
      expect(await page.getByText('Order information not found').count()).toBe(0);
      await expectNoSidewaysScroll(page, 'payment success');
      await snap(page, `payment-return-signed-in-${name}`);
      await context.close();
    },
  );

  it.each(Object.entries(VIEWPORTS))(
    'at %s size, signed out: sign in first, then the success is shown',
    async (name, viewport) => {
      const shopper = await approvedElsewhere();
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await page.goto(shopper.returnUrl);
      await page.waitForURL('**/auth/login');
      await page.getByLabel(/email/i).fill(shopper.email);
      await page.getByLabel(/password/i).fill(shopper.password);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.waitForURL('**/shop/payment-success');
      await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
      await expectNoSidewaysScroll(page, 'payment success after sign-in');
      await snap(page, `payment-return-signed-out-${name}`);
      await context.close();
    },
  );
});
