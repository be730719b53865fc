/**
 * Journey (issue 26): the shipping notice. At 360 and 1366 px: the admin sets a paid order to Shipped, which offers
 * the carrier, tracking number and a tracking link (optional: Update stays enabled, spec §4; admin-ship.e2e.ts ships
 * without them); the shopper's order details then say "Shipped with UPS · Tracking …" with a link opening in a new
 * tab, and the shopper's mailbox holds "Your Emporium order #<number> has shipped" with the tracking link. Nothing
 * scrolls sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO, launch, logIn, newContext, snap, VIEWPORTS } from '../support/browser.ts';
import { latestMail } from '../support/mailbox.ts';
import { buyer, productInStock } from '../support/purchase.ts';

/** The page fits the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label}: no sideways scroll`).toBeLessThanOrEqual(innerWidth);
}

describe('shipping notice', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: the admin ships with tracking, the shopper sees it and gets the e-mail',
    async (name, viewport) => {
      const product = await productInStock();
      const who = await buyer(product._id, `Sam Shipped ${name}`);
      const trackingNumber = `1Z${Date.now()}`;
      const trackingUrl = `https://www.ups.com/track?tracknum=${trackingNumber}`;

      const adminContext = await newContext(browser, viewport);
      const admin = await adminContext.newPage();
      await logIn(admin, DEMO.admin);
      await admin.goto(`/admin/orders?order=${who.orderId}`);
      const dialog = admin.getByRole('dialog', { name: 'Order Details' });
      const update = dialog.getByRole('button', { name: 'Update' });
      await update.waitFor();
      const orderNumber = (await dialog.getByTestId('admin-order-details-number').textContent())!.replace(
        '#',
        '',
      );
      await dialog.getByLabel('Order Status').selectOption('Shipped');
      // Shipped offers the carrier and the tracking number; Update does not wait for them (issue 46, item 16).
      await dialog.getByTestId('shipping-fields').waitFor();
      expect(await update.isDisabled()).toBe(false);
      await dialog.getByLabel('Carrier').fill('UPS');
      await dialog.getByLabel('Tracking number').fill(trackingNumber);
      await dialog.getByLabel(/Tracking link/).fill(trackingUrl);
      expect(await update.isDisabled()).toBe(false);
      await expectNoSidewaysScroll(admin, 'admin shipping form');
      await snap(admin, `shipping-notice-admin-form-${name}`);
      await update.click();
      await admin.getByText('The order is now Shipped.', { exact: true }).waitFor();
      await dialog.locator('[data-status="Shipped"]').waitFor();
      await dialog.getByTestId('admin-order-shipment').getByText(`UPS · ${trackingNumber}`).waitFor();
      await expectNoSidewaysScroll(admin, 'admin order shipped');
      await snap(admin, `shipping-notice-admin-shipped-${name}`);
      await adminContext.close();

      const context = await newContext(browser, viewport);
      const shop = await context.newPage();
      await logIn(shop, who);
      await shop.goto('/shop/account');
      const row = shop.getByTestId('order-row').first();
      await row.getByText('Shipped').waitFor();
      await row.getByRole('button', { name: 'View Details' }).click();
      const details = shop.getByRole('dialog', { name: `Order Details #${orderNumber}` });
      const shipment = details.getByTestId('order-shipment');
      await shipment.getByText(`Shipped with UPS · Tracking ${trackingNumber}`).waitFor();
      const link = shipment.getByRole('link', { name: /Track your parcel/ });
      expect(await link.getAttribute('href')).toBe(trackingUrl);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      await shipment.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(shop, 'shopper order details');
      await snap(shop, `shipping-notice-shopper-details-${name}`);
      await context.close();

      const mail = await latestMail(
        who.email,
        new RegExp(`^Your Emporium order #${orderNumber} has shipped$`),
      );
      expect(mail.text).toContain(`Shipped with UPS · Tracking ${trackingNumber}`);
      expect(mail.text).toContain(`Track your parcel: ${trackingUrl}`);
      expect(mail.html).toContain('View your order');
    },
  );
});
