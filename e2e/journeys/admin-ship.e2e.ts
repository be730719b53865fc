/**
 * Journey (issue 46, item 16; spec §4): the admin ships from the order's dialog with and without tracking. At 360
 * and 1366 px: choosing Shipped leaves Update enabled (it is disabled only while the choice equals the current
 * status or while saving) and offers the carrier, tracking number and link as optional fields; Update with them
 * empty ships the order without tracking. On another order a half-filled pair, then a link that is not https, get a
 * message on Update and change nothing; filled in properly, the order ships with its tracking. No page is wider than
 * its viewport, nor is the dialog.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { AdminOrder } from '@emporium/contract';
import { baseURL, DEMO, launch, logIn, newContext, snap, VIEWPORTS } from '../support/browser.ts';
import { adminToken, buyer, expectNoSidewaysScroll, productInStock } from '../support/purchase.ts';

const PARTIAL =
  'Enter both the carrier and the tracking number, or leave the tracking details empty to ship without tracking.';

/** The order as the server has it now (the admin's details call). */
async function orderNow(orderId: string): Promise<AdminOrder> {
  const res = await fetch(`${baseURL()}/api/admin/orders/details/${orderId}`, {
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: AdminOrder }).data;
}

/** Neither the page nor the open dialog is wider than the viewport, nor does the dialog scroll sideways. */
async function fits(page: Page, dialog: Locator, label: string) {
  await expectNoSidewaysScroll(page, label);
  const box = await dialog.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    return {
      left: rect.left,
      right: rect.right,
      innerWidth: window.innerWidth,
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    };
  });
  expect(box.left, `${label}: dialog's left edge`).toBeGreaterThanOrEqual(0);
  expect(box.right, `${label}: dialog's right edge`).toBeLessThanOrEqual(box.innerWidth);
  expect(box.scrollWidth, `${label}: dialog scrolls sideways`).toBeLessThanOrEqual(box.clientWidth);
}

describe('admin ships an order from its dialog', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: ships without tracking, and with tracking after a message for what was missing',
    async (name, viewport) => {
      const product = await productInStock();
      const plain = await buyer(product._id, `Nora No Tracking ${name}`);
      const tracked = await buyer(product._id, `Tim Tracked ${name}`);
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await logIn(page, DEMO.admin);

      // Without tracking: Update is enabled as soon as Shipped is chosen, the fields stay empty.
      await page.goto(`/admin/orders?order=${plain.orderId}`);
      const dialog = page.getByRole('dialog', { name: 'Order Details' });
      const update = dialog.getByRole('button', { name: 'Update' });
      await update.waitFor();
      expect(await update.isDisabled()).toBe(true); // the choice is the current status, Processing
      await dialog.getByLabel('Order Status').selectOption('Shipped');
      const fields = dialog.getByTestId('shipping-fields');
      await fields.waitFor();
      expect(await update.isDisabled()).toBe(false);
      await fields.getByText('Leave empty to ship without tracking.').waitFor();
      await fits(page, dialog, 'Shipped chosen');
      await snap(page, `admin-ship-form-${name}`);
      await update.click();
      await page.getByText('The order is now Shipped.', { exact: true }).waitFor();
      await dialog.locator('[data-status="Shipped"]').waitFor();
      await dialog.getByTestId('admin-order-shipment').getByText('Shipped without tracking').waitFor();
      const shippedPlain = await orderNow(plain.orderId);
      expect(shippedPlain.orderStatus).toBe('Shipped');
      expect(shippedPlain.shipment).toMatchObject({ carrier: null, trackingNumber: null, trackingUrl: null });
      await fits(page, dialog, 'shipped without tracking');
      await snap(page, `admin-ship-without-tracking-${name}`);

      // With tracking: half a pair, then a link that is not https, are refused on Update before any call.
      await page.goto(`/admin/orders?order=${tracked.orderId}`);
      await update.waitFor();
      await dialog.getByLabel('Order Status').selectOption('Shipped');
      await dialog.getByLabel('Carrier').fill('UPS');
      await update.click();
      const message = dialog.getByRole('alert');
      await message.getByText(PARTIAL, { exact: true }).waitFor();
      expect(await dialog.getByLabel('Carrier').getAttribute('aria-invalid')).toBe('true');
      await fits(page, dialog, 'half a pair');
      await snap(page, `admin-ship-partial-${name}`);
      expect((await orderNow(tracked.orderId)).orderStatus).toBe('Processing');

      const trackingNumber = `1Z${Date.now()}`;
      await dialog.getByLabel('Tracking number').fill(trackingNumber);
      // Editing a field takes the message away.
      expect(await message.count()).toBe(0);
      await dialog.getByLabel(/Tracking link/).fill('http://www.ups.com/track');
      await update.click();
      await message
        .getByText('The tracking link must be a web address starting with https://.', { exact: true })
        .waitFor();
      expect((await orderNow(tracked.orderId)).orderStatus).toBe('Processing');

      const trackingUrl = `https://www.ups.com/track?tracknum=${trackingNumber}`;
      await dialog.getByLabel(/Tracking link/).fill(trackingUrl);
      await update.click();
      await page.getByText('The order is now Shipped.', { exact: true }).waitFor();
      await dialog.getByTestId('admin-order-shipment').getByText(`UPS · ${trackingNumber}`).waitFor();
      expect((await orderNow(tracked.orderId)).shipment).toMatchObject({
        carrier: 'UPS',
        trackingNumber,
        trackingUrl,
      });
      await fits(page, dialog, 'shipped with tracking');
      await snap(page, `admin-ship-with-tracking-${name}`);
      await context.close();
    },
  );
});
