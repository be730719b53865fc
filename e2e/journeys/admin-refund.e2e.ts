/**
 * Journey (issue 26): the admin refunds one line of two. At 360 and 1366 px: a paid order of two products; the admin's
 * Refund form in Items mode takes one unit of the first line with "Return items to stock", shows the amount, and the
 * order then says Partially refunded with the refunded amount and "Refund of $x by Admin" in its timeline; the unit
 * is back in stock; the shopper's details show the refund (no admin named). Nothing scrolls sideways; screenshots at
 * 360, 768 and 1366 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO, launch, logIn, newContext, VIEWPORTS } from '../support/browser.ts';
import { buyerOf, productsInStock, snapScreens, stockOf } from '../support/purchase.ts';

describe('admin refunds one line of two', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: an Items refund with restock makes the order partially refunded',
    async (name, viewport) => {
      const [first, second] = await productsInStock(2);
      const who = await buyerOf([first!._id, second!._id], `Rae Refund ${name}`);
      const stockBefore = await stockOf(first!._id);
      const unit = first!.salePrice > 0 ? first!.salePrice : first!.price;
      const amount = `$${unit.toFixed(2)}`;

      const adminContext = await newContext(browser, viewport);
      const admin = await adminContext.newPage();
      await logIn(admin, DEMO.admin);
      await admin.goto(`/admin/orders?order=${who.orderId}`);
      const dialog = admin.getByRole('dialog', { name: /^Order Details #\d+$/ });
      const orderNumber = (await dialog.getByTestId('admin-order-details-number').textContent())!;
      await dialog.getByRole('button', { name: 'Refund' }).click();

      const refund = admin.getByRole('dialog', { name: `Refund order ${orderNumber}` });
      await refund.getByTestId('refund-full').waitFor();
      await refund.getByText('Items', { exact: true }).click();
      const lines = refund.getByTestId('refund-lines');
      await lines.getByLabel(first!.title).selectOption('1');
      await refund.getByLabel('Return items to stock').check();
      expect(await refund.getByTestId('refund-total').textContent()).toBe(`To refund: ${amount}`);
      await snapScreens(admin, 'admin-refund-items', name);
      await refund.getByRole('button', { name: `Refund ${amount}` }).click();
      await refund.waitFor({ state: 'detached' });

      await admin.getByText('Refund sent', { exact: true }).waitFor();
      await dialog.locator('[data-status="partially_refunded"]').getByText('Partially refunded').waitFor();
      expect(await dialog.getByTestId('admin-order-refunded').textContent()).toBe(amount);
      const event = dialog.getByTestId('order-timeline').locator('[data-kind="refunded"]');
      await event.getByText(`Refund of ${amount} by ${DEMO.admin.name}`).waitFor();
      // Part of the balance is left: the Refund button stays for the rest.
      await dialog.getByRole('button', { name: 'Refund' }).waitFor();
      await snapScreens(admin, 'admin-refund-done', name);
      await event.scrollIntoViewIfNeeded();
      await snapScreens(admin, 'admin-refund-timeline', name);
      await adminContext.close();

      expect(await stockOf(first!._id)).toBe(stockBefore + 1);

      const context = await newContext(browser, viewport);
      const shop = await context.newPage();
      await logIn(shop, who);
      await shop.goto('/shop/account');
      await shop.getByTestId('order-row').first().getByRole('button', { name: 'View Details' }).click();
      const details = shop.getByRole('dialog', { name: `Order Details ${orderNumber}` });
      await details.locator('[data-status="partially_refunded"]').getByText('Partially refunded').waitFor();
      expect(await details.getByTestId('order-refunded').textContent()).toBe(amount);
      const timeline = details.getByTestId('order-timeline');
      await timeline
        .locator('[data-kind="refunded"]')
        .getByText(`Refund of ${amount}`, { exact: true })
        .waitFor();
      expect(await timeline.getByText(/ by /).count()).toBe(0);
      await timeline.scrollIntoViewIfNeeded();
      await snapScreens(shop, 'admin-refund-shopper', name);
      await context.close();
    },
  );
});
