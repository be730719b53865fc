/**
 * Journey: one order number everywhere (issue 26 / DESIGN.md §4). A shopper pays in the sandbox (whose page names
 * "Emporium order #<number>"), then sees "#<number>" in the order history and the details title; the admin finds the
 * order by that number in the orders search and sees it in the list and the details. At 360 and 1366 px; no screen
 * scrolls sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO, launch, logIn, newContext, snap, VIEWPORTS } from '../support/browser.ts';
import { checkoutOneItemToPaymentPage, freshShopper } from '../support/shopper.ts';

/** The page fits the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label}: no sideways scroll`).toBeLessThanOrEqual(innerWidth);
}

describe('order number', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each([
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const)(
    'at %s: the shopper sees #<number> after paying, the admin finds the order by it',
    async (name, size) => {
      const context = await newContext(browser, size);
      const page = await context.newPage();
      const shopper = await freshShopper(page, 'Nora Number');
      await checkoutOneItemToPaymentPage(page);
      const description = (await page.getByText(/^Emporium order #\d+ \(/).textContent())!;
      const orderNumber = /#(\d+)/.exec(description)![1]!;
      expect(Number(orderNumber)).toBeGreaterThanOrEqual(1001);
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL('**/shop/payment-success');

      await page.goto('/shop/account');
      const row = page.getByTestId('order-row').first();
      await row.waitFor();
      await row.getByText(`#${orderNumber}`, { exact: true }).waitFor();
      await expectNoSidewaysScroll(page, 'order history');
      await snap(page, `order-number-history-${name}`);
      await row.getByRole('button', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: `Order Details #${orderNumber}` });
      await details.getByText('completed').waitFor();
      await expectNoSidewaysScroll(page, 'order details');
      await snap(page, `order-number-details-${name}`);
      await context.close();

      const adminContext = await newContext(browser, size);
      const admin = await adminContext.newPage();
      await logIn(admin, DEMO.admin);
      await admin.goto('/admin/orders');
      await admin.getByTestId('admin-order-row').first().waitFor();
      await admin.getByLabel('Search orders').fill(`#${orderNumber}`);
      const rows = admin.getByTestId('admin-order-row');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
      await rows.first().getByText(shopper.email).waitFor();
      await rows.first().getByText(`#${orderNumber}`, { exact: true }).waitFor();
      await expectNoSidewaysScroll(admin, 'admin orders search');
      await snap(admin, `order-number-admin-search-${name}`);
      await rows.first().getByRole('button', { name: 'View Details' }).click();
      await admin.getByRole('dialog', { name: `Order Details #${orderNumber}` }).waitFor();
      await expectNoSidewaysScroll(admin, 'admin order details');
      await snap(admin, `order-number-admin-details-${name}`);
      await adminContext.close();
    },
  );
});
