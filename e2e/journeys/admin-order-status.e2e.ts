/**
 * Journey (issue 26, DESIGN.md §4): the admin moves an order along the allowed transitions only. At 360 and 1366 px:
 * a Processing order is set to Shipped (success toast); the select never offers a status the order may not move to;
 * a change another admin made meanwhile turns the admin's stale choice into a refusal (failure toast naming both
 * statuses), after which the dialog shows where the order really is. Nothing scrolls sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseURL, DEMO, launch, logIn, newContext, snap, VIEWPORTS } from '../support/browser.ts';
import { buyer, productInStock } from '../support/purchase.ts';

/** The page does not scroll sideways (its content fits the viewport's width). */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** The statuses the dialog's select offers, in order. */
async function offered(dialog: Locator): Promise<string[]> {
  return dialog.getByLabel('Order Status').locator('option').allTextContents();
}

/** Another admin's change, through the API (the demo admin's own session, signed in with fetch). */
async function changeBehindTheDialog(orderId: string, orderStatus: string) {
  const login = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.admin.email, password: DEMO.admin.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseURL()}/api/admin/orders/status/${orderId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ orderStatus }),
  });
  expect(res.status).toBe(200);
}

describe('admin order status', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: Shipped with a success toast, a refusal with a failure toast',
    async (name, viewport) => {
      const product = await productInStock();
      const shipped = await buyer(product._id, `Stan Status ${name}`);
      const stale = await buyer(product._id, `Rita Refused ${name}`);
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await logIn(page, DEMO.admin);

      // A Processing order: the select offers Processing and the three moves, never Pending.
      await page.goto(`/admin/orders?order=${shipped.orderId}`);
      const dialog = page.getByRole('dialog', { name: 'Order Details' });
      const update = dialog.getByRole('button', { name: 'Update' });
      await update.waitFor();
      expect(await offered(dialog)).toEqual(['Processing', 'Shipped', 'Delivered', 'Cancelled']);
      await dialog.getByLabel('Order Status').selectOption('Shipped');
      // Shipped offers the carrier and tracking number (issue 26; optional since issue 46).
      await dialog.getByLabel('Carrier').fill('UPS');
      await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
      await update.click();
      await page.getByText('Order status updated successfully', { exact: true }).waitFor();
      await page.getByText('The order is now Shipped.', { exact: true }).waitFor();
      await dialog.locator('[data-status="Shipped"]').waitFor();
      // Shipped may only go on to Delivered: Pending, Processing and Cancelled are not offered.
      await expect.poll(() => offered(dialog)).toEqual(['Shipped', 'Delivered']);
      await expectNoSidewaysScroll(page);
      await snap(page, `admin-order-status-shipped-${name}`);

      // The admin picks Shipped while another admin cancels the order: the server refuses, the toast says why.
      await page.goto(`/admin/orders?order=${stale.orderId}`);
      await update.waitFor();
      await dialog.getByLabel('Order Status').selectOption('Shipped');
      await dialog.getByLabel('Carrier').fill('UPS');
      await dialog.getByLabel('Tracking number').fill('1Z999AA10123456785');
      await changeBehindTheDialog(stale.orderId, 'Cancelled');
      await update.click();
      await page.getByText('An order that is Cancelled cannot be set to Shipped.', { exact: true }).waitFor();
      await dialog.locator('[data-status="Cancelled"]').waitFor();
      // Cancelled is final: the select offers nothing else and Update stays off.
      await expect.poll(() => offered(dialog)).toEqual(['Cancelled']);
      expect(await update.isDisabled()).toBe(true);
      await expectNoSidewaysScroll(page);
      await snap(page, `admin-order-status-refused-${name}`);
      await context.close();
    },
  );
});
