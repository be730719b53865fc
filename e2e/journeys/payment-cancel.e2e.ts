/**
 * Journey (issue 40, item 4): the shopper presses Cancel on the payment page. At 360 and 1366 px: the checkout says
 * "Payment cancelled — your cart is still here" (Dismiss takes it away), the cart is as it was, the account's history
 * says "No orders found" (a checkout never paid is not an order), and the admin's list leaves it out until "Unpaid
 * checkouts" is ticked, which shows it. Nothing scrolls sideways; screenshots at 360, 768 and 1366 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO, launch, logIn, newContext, VIEWPORTS } from '../support/browser.ts';
import { snapScreens } from '../support/purchase.ts';
import { checkoutOneItemToPaymentPage, freshShopper } from '../support/shopper.ts';

describe('cancelling on the payment page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: the checkout says so, no order is in the history, the admin sees it under Unpaid checkouts',
    async (name, viewport) => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      const shopper = await freshShopper(page, `Carla Cancel ${name}`);
      await checkoutOneItemToPaymentPage(page);
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.waitForURL('**/shop/checkout?payment=cancelled');
      const notice = page
        .getByRole('status')
        .filter({ hasText: 'Payment cancelled — your cart is still here' });
      await notice.waitFor();
      await page.getByTestId('cart-item').first().waitFor();
      expect(await page.getByTestId('cart-count').textContent()).toBe('1');
      await page.getByRole('button', { name: 'Place Order' }).waitFor();
      await snapScreens(page, 'payment-cancelled', name);
      await notice.getByRole('button', { name: 'Dismiss' }).click();
      await notice.waitFor({ state: 'detached' });
      expect(new URL(page.url()).search).toBe('');

      await page.goto('/shop/account');
      await page.getByText('No orders found', { exact: true }).waitFor();
      expect(await page.getByTestId('order-row').count()).toBe(0);
      await snapScreens(page, 'payment-cancelled-history', name);
      await context.close();

      const adminContext = await newContext(browser, viewport);
      const admin = await adminContext.newPage();
      await logIn(admin, DEMO.admin);
      await admin.goto('/admin/orders');
      await admin.getByLabel('Search orders').fill(shopper.email);
      await admin.getByText('No orders found', { exact: true }).waitFor();
      await admin.getByText('0 matching orders', { exact: true }).waitFor();
      await admin.getByLabel('Unpaid checkouts').check();
      const row = admin.getByTestId('admin-order-row');
      await row.first().waitFor();
      expect(await row.count()).toBe(1);
      await row.first().locator('[data-status="Cancelled"]').waitFor();
      await admin.getByText('1 matching unpaid checkouts', { exact: true }).waitFor();
      await snapScreens(admin, 'admin-unpaid-checkouts', name);
      await adminContext.close();
    },
  );
});
