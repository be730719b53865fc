/**
 * Journey (issue 26): the shopper cancels an order that has not shipped. At 360 and 1366 px: a paid (Processing)
 * order's details offer "Cancel order"; the confirmation names the order, the stock and the refund of its total;
 * after it the details say Cancelled and Refunded with "Refund of $x" in the timeline, the history row says
 * Cancelled, the toast carries the server's message, and the mailbox holds the cancellation e-mail. Issue 40: a
 * Processing order the shop refunded in full says Processing and Refunded and offers no "Cancel order" (a cancel would
 * refund nothing). Nothing scrolls sideways; screenshots at 360, 768 and 1366 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseURL, launch, logIn, newContext, VIEWPORTS } from '../support/browser.ts';
import { latestMail } from '../support/mailbox.ts';
import { adminToken, buyer, productInStock, snapScreens, stockOf } from '../support/purchase.ts';

describe('shopper cancels an order', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: an unshipped paid order is cancelled, restocked and refunded',
    async (name, viewport) => {
      const product = await productInStock();
      const who = await buyer(product._id, `Cal Cancel ${name}`);
      const stockBefore = await stockOf(product._id);
      const price = product.salePrice > 0 ? product.salePrice : product.price;
      const total = `$${price.toFixed(2)}`;

      const context = await newContext(browser, viewport);
      const shop = await context.newPage();
      await logIn(shop, who);
      await shop.goto('/shop/account');
      const row = shop.getByTestId('order-row').first();
      await row.getByText('Processing').waitFor();
      await row.getByRole('button', { name: 'View Details' }).click();
      const details = shop.getByRole('dialog', { name: /^Order Details #\d+$/ });
      const orderNumber = (await details.getByTestId('order-details-number').textContent())!;
      // Not delivered: no withdrawal yet, only the cancellation.
      expect(await details.getByRole('button', { name: 'Withdraw from contract' }).count()).toBe(0);
      await details.getByRole('button', { name: 'Cancel order' }).click();

      const confirm = shop.getByRole('alertdialog', { name: `Cancel order ${orderNumber}?` });
      await confirm
        .getByText(`${total} is refunded to the account you paid with`, { exact: false })
        .waitFor();
      await confirm.getByText('its items go back to stock', { exact: false }).waitFor();
      await snapScreens(shop, 'order-cancel-confirm', name);
      await confirm.getByRole('button', { name: 'Cancel order' }).click();
      await confirm.waitFor({ state: 'detached' });

      await shop.getByText('Order cancelled', { exact: true }).waitFor();
      await shop.getByText(/^Your order was cancelled/).waitFor();
      await details.locator('[data-status="Cancelled"]').waitFor();
      await details.locator('[data-status="refunded"]').getByText('Refunded', { exact: true }).waitFor();
      expect(await details.getByTestId('order-refunded').textContent()).toBe(total);
      const timeline = details.getByTestId('order-timeline');
      await timeline.locator('[data-kind="cancelled"]').getByText('Cancelled').waitFor();
      await timeline.locator('[data-kind="refunded"]').getByText(`Refund of ${total}`).waitFor();
      expect(await details.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
      await snapScreens(shop, 'order-cancel-done', name);
      await timeline.scrollIntoViewIfNeeded();
      await snapScreens(shop, 'order-cancel-timeline', name);

      await details.getByRole('button', { name: 'Close' }).click();
      await details.waitFor({ state: 'detached' });
      await row.locator('[data-status="Cancelled"]').waitFor();
      await snapScreens(shop, 'order-cancel-history', name);
      await context.close();

      expect(await stockOf(product._id)).toBe(stockBefore + 1);
      const mail = await latestMail(who.email, /cancelled/i);
      expect(mail.subject).toContain(orderNumber);
    },
  );

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: a Processing order refunded in full offers no "Cancel order"',
    async (name, viewport) => {
      const who = await buyer((await productInStock())._id, `Rae Refunded ${name}`);
      const refund = await fetch(`${baseURL()}/api/admin/orders/refund/${who.orderId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
        body: '{}',
      });
      expect(refund.status).toBe(200);

      const context = await newContext(browser, viewport);
      const shop = await context.newPage();
      await logIn(shop, who);
      await shop.goto('/shop/account');
      const row = shop.getByTestId('order-row').first();
      await row.getByText('Processing').waitFor();
      await row.getByRole('button', { name: 'View Details' }).click();
      const details = shop.getByRole('dialog', { name: /^Order Details #\d+$/ });
      await details.locator('[data-status="Processing"]').waitFor();
      await details.locator('[data-status="refunded"]').getByText('Refunded', { exact: true }).waitFor();
      expect(await details.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
      await snapScreens(shop, 'order-cancel-refunded-in-full', name);
      await context.close();
    },
  );
});
