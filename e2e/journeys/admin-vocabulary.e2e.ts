/**
 * Journey (issue 40, item 13): one vocabulary and one colour per state. At 360 and 1366 px two shoppers pay (the
 * sandbox) and the admin refunds part of the second order. The admin's orders list has a Payment column whose badges
 * read "Completed" (green) and "Partially refunded" (grey, not pending's yellow); the order's details say "PayPal",
 * never "paypal"; the dashboard's latest orders are listed by number (#1023), not by id. The shopper's own order
 * shows the same words. No page is wider than its viewport; screenshots at 360, 768 and 1366 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { AdminOrder } from '@emporium/contract';
import { DEMO, launch, logIn, newContext, VIEWPORTS } from '../support/browser.ts';
import { buyer, productsInStock, snapScreens } from '../support/purchase.ts';
import { adminCall } from '../support/variants.ts';

/** The order's number, as the admin's details answer it. */
async function numberOf(orderId: string): Promise<number> {
  return (await adminCall<{ data: AdminOrder }>(`/api/admin/orders/details/${orderId}`)).data.orderNumber;
}

/** The only row of the admin's orders list that the search `#<number>` leaves. */
async function orderRow(page: Page, orderNumber: number): Promise<Locator> {
  await page.getByLabel('Search orders').fill(`#${orderNumber}`);
  const rows = page.getByTestId('admin-order-row');
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
  await rows.first().getByText(`#${orderNumber}`, { exact: true }).waitFor();
  return rows.first();
}

/** The payment badge's words and tone in a row of the admin's orders list. */
async function paymentBadge(row: Locator) {
  const badge = row.getByTestId('admin-order-payment').locator('[data-status]');
  return { text: await badge.textContent(), tone: await badge.getAttribute('data-tone') };
}

describe('state vocabulary', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: Payment column, "Completed", "Partially refunded" grey, "PayPal", #numbers on the dashboard',
    async (size, viewport) => {
      const [a, b] = await productsInStock(2);
      const paid = await buyer(a!._id, 'Vera Vocabulary');
      const refunded = await buyer(b!._id, 'Rhea Refund');
      await adminCall(`/api/admin/orders/refund/${refunded.orderId}`, 'POST', { amount: 1 });
      const [paidNumber, refundedNumber] = [await numberOf(paid.orderId), await numberOf(refunded.orderId)];

      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await logIn(page, DEMO.admin);
      await page.goto('/admin/orders');
      await page.getByTestId('admin-order-row').first().waitFor();
      if (size === 'desktop')
        await page.getByRole('columnheader', { name: 'Payment', exact: true }).waitFor();
      const refundedRow = await orderRow(page, refundedNumber);
      expect(await paymentBadge(refundedRow)).toEqual({ text: 'Partially refunded', tone: 'grey' });
      const paidRow = await orderRow(page, paidNumber);
      expect(await paymentBadge(paidRow)).toEqual({ text: 'Completed', tone: 'green' });
      await snapScreens(page, 'admin-vocabulary-orders', size);

      await paidRow.getByRole('button', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: `Order Details #${paidNumber}` });
      await details.getByText('PayPal', { exact: true }).first().waitFor();
      expect(await details.getByText('paypal', { exact: true }).count()).toBe(0);
      expect(await details.locator('[data-status="completed"]').textContent()).toBe('Completed');
      await snapScreens(page, 'admin-vocabulary-details', size);
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });

      // The dashboard's latest orders: numbers, not ids; the newest is the refunded one.
      await page.goto('/admin/dashboard');
      const numbers = page.getByTestId('latest-order-number');
      await numbers.first().waitFor();
      const texts = await numbers.allTextContents();
      expect(
        texts.every((t) => /^#\d+$/.test(t)),
        texts.join(' '),
      ).toBe(true);
      expect(texts).toContain(`#${refundedNumber}`);
      await page.getByRole('heading', { name: 'Latest orders' }).scrollIntoViewIfNeeded();
      await snapScreens(page, 'admin-vocabulary-dashboard', size);
      await context.close();

      // The shopper sees the same words.
      const shopContext = await newContext(browser, viewport);
      const shop = await shopContext.newPage();
      await logIn(shop, paid);
      await shop.goto('/shop/account');
      const row = shop.getByTestId('order-row').first();
      await row.getByText(`#${paidNumber}`, { exact: true }).waitFor();
      expect(await row.locator('[data-status]').first().textContent()).toBe('Processing');
      await row.getByRole('button', { name: 'View Details' }).click();
      const mine = shop.getByRole('dialog', { name: `Order Details #${paidNumber}` });
      await mine.getByText('PayPal', { exact: true }).first().waitFor();
      expect(await mine.locator('[data-status="completed"]').textContent()).toBe('Completed');
      expect(await mine.locator('[data-status="completed"]').getAttribute('data-tone')).toBe('green');
      await snapScreens(shop, 'admin-vocabulary-shopper', size);
      await shopContext.close();
    },
  );
});
