/**
 * Journey (issue 40, item 8): after paying, the success page keeps the spec's texts and adds the order's summary, at
 * 360 and 1366 px: "Order #n", the date, "Confirmation sent to <email>", the item with its quantity and line total, the
 * total the shopper paid, and the delivery address with its country. Nothing scrolls sideways; screenshots at 360, 768
 * and 1366 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newContext, snap, VIEWPORTS } from '../support/browser.ts';
import { snapScreens } from '../support/purchase.ts';
import { checkoutOneItemToPaymentPage, freshShopper } from '../support/shopper.ts';

describe('payment success summary', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: the spec texts, then number, date, e-mail, items, totals and address',
    async (name, viewport) => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      const shopper = await freshShopper(page, `Sam Summary ${name}`);
      await checkoutOneItemToPaymentPage(page);
      const pay = page.getByRole('button', { name: /^Pay / });
      const total = (await pay.textContent())!.replace(/^Pay /, '');
      await pay.click();

      await page.waitForURL('**/shop/payment-success');
      await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
      for (const text of [
        'Thank you for your purchase!',
        'Your order has been confirmed and will be processed shortly.',
        'You will receive an email confirmation with your order details.',
      ]) {
        await page.getByText(text, { exact: true }).waitFor();
      }
      const summary = page.getByTestId('payment-summary');
      await summary.getByRole('heading', { name: /^Order #\d{4,}$/ }).waitFor();
      const today = new Date().toLocaleDateString('en-US', { dateStyle: 'medium' });
      await summary.getByText(today, { exact: true }).waitFor();
      expect(await summary.getByText(/^Confirmation sent to/).textContent()).toBe(
        `Confirmation sent to ${shopper.email}`,
      );
      expect(await summary.getByRole('listitem').count()).toBe(1);
      expect(await summary.getByRole('listitem').textContent()).toMatch(/ × 1\$[\d,]+\.\d{2}$/);
      expect(await summary.getByTestId('payment-summary-total').textContent()).toBe(total);
      const address = summary.locator('address');
      expect(await address.textContent()).toBe(
        '12 Orchard LanePortland, OR 97201United States+1 503 555 0142',
      );
      await page.getByRole('link', { name: 'View Order History' }).waitFor();
      await snapScreens(page, 'payment-success-summary', name);
      await address.scrollIntoViewIfNeeded();
      await snap(page, `payment-success-summary-address-${name}`);
      await context.close();
    },
  );
});
