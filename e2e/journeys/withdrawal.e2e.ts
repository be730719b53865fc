/**
 * Journey (issue 26): withdrawal from a delivered order (EU, CRD Art. 11a). At 360 and 1366 px: the admin ships the
 * paid order with tracking and marks it Delivered (through the API); the shopper's details offer "Withdraw from
 * contract" with the last day, then a confirmation naming the order and its items, an optional reason and "Confirm
 * withdrawal"; the details then say "Withdrawal requested on …" and the mailbox holds the acknowledgement. The admin
 * follows the dashboard's "Withdrawals to process" to the filtered list, finds the order with its badge, and refunds
 * it in full with restock: Refunded, and the unit back in stock. Nothing scrolls sideways; screenshots at 360, 768
 * and 1366 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO, launch, logIn, newContext, VIEWPORTS } from '../support/browser.ts';
import { latestMail } from '../support/mailbox.ts';
import { buyer, deliver, productInStock, snapScreens, stockOf } from '../support/purchase.ts';

describe('withdrawal from a delivered order', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: the shopper withdraws in two steps, the admin refunds it with restock',
    async (name, viewport) => {
      const product = await productInStock();
      const who = await buyer(product._id, `Wyn Withdraw ${name}`);
      await deliver(who.orderId);
      const price = product.salePrice > 0 ? product.salePrice : product.price;
      const total = `$${price.toFixed(2)}`;

      const context = await newContext(browser, viewport);
      const shop = await context.newPage();
      await logIn(shop, who);
      await shop.goto('/shop/account');
      const row = shop.getByTestId('order-row').first();
      await row.getByText('Delivered').waitFor();
      await row.getByRole('button', { name: 'View Details' }).click();
      const details = shop.getByRole('dialog', { name: /^Order Details #\d+$/ });
      const orderNumber = (await details.getByTestId('order-details-number').textContent())!;
      const actions = details.getByTestId('order-actions');
      // Step 1: the button, with the last day to use it; a delivered order can no longer be cancelled.
      const withdraw = actions.getByRole('button', { name: 'Withdraw from contract', exact: true });
      await withdraw.waitFor();
      await actions.getByText(/^You can withdraw from this contract until \w+ \d+, \d{4}$/).waitFor();
      expect(await actions.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
      await actions.scrollIntoViewIfNeeded();
      await snapScreens(shop, 'withdrawal-step1', name);
      await withdraw.click();

      // Step 2: the confirmation names the order and its items.
      const confirmation = details.getByTestId('withdrawal-confirmation');
      await confirmation.getByText(`order ${orderNumber}`).waitFor();
      await confirmation.getByText(`${product.title} × 1`, { exact: true }).waitFor();
      await confirmation.getByLabel('Reason (optional)').fill('It does not fit.');
      await confirmation.scrollIntoViewIfNeeded();
      await snapScreens(shop, 'withdrawal-step2', name);
      await confirmation.getByRole('button', { name: 'Confirm withdrawal' }).click();

      await shop.getByText('Withdrawal sent', { exact: true }).waitFor();
      await details
        .getByTestId('order-withdrawal')
        .getByText(/^Withdrawal requested on /)
        .waitFor();
      await details
        .getByTestId('order-timeline')
        .locator('[data-kind="withdrawal_requested"]')
        .getByText('Withdrawal requested')
        .waitFor();
      expect(await details.getByRole('button', { name: 'Withdraw from contract' }).count()).toBe(0);
      await details.getByTestId('order-withdrawal').scrollIntoViewIfNeeded();
      await snapScreens(shop, 'withdrawal-requested', name);
      await context.close();

      const mail = await latestMail(who.email, /withdrawal/i);
      expect(mail.subject).toContain(orderNumber);
      expect(mail.text).toContain(`${product.title} × 1`);

      const stockBefore = await stockOf(product._id);
      const adminContext = await newContext(browser, viewport);
      const admin = await adminContext.newPage();
      await logIn(admin, DEMO.admin);
      await admin.goto('/admin/dashboard');
      const open = admin.getByTestId('open-withdrawals');
      await open.scrollIntoViewIfNeeded();
      expect(Number(await open.getByTestId('open-withdrawals-count').textContent())).toBeGreaterThan(0);
      await snapScreens(admin, 'withdrawal-admin-dashboard', name);
      await open.getByRole('link', { name: 'Withdrawals to process' }).click();
      await admin.waitForURL(/\/admin\/orders$/);
      expect(await admin.getByLabel('Withdrawals to process').getAttribute('aria-checked')).toBe('true');
      const listed = admin.getByTestId('admin-order-row').filter({ hasText: orderNumber });
      await listed.getByTestId('withdrawal-badge').waitFor();
      await snapScreens(admin, 'withdrawal-admin-list', name);
      await listed.getByRole('button', { name: 'View Details' }).click();

      const dialog = admin.getByRole('dialog', { name: `Order Details ${orderNumber}` });
      await dialog
        .getByTestId('admin-order-withdrawal')
        .getByText(/^To process/)
        .waitFor();
      await dialog.getByRole('button', { name: 'Refund' }).click();
      const refund = admin.getByRole('dialog', { name: `Refund order ${orderNumber}` });
      await refund.getByTestId('refund-full').getByText(total).waitFor();
      await refund.getByLabel('Return items to stock').check();
      await snapScreens(admin, 'withdrawal-admin-refund', name);
      await refund.getByRole('button', { name: `Refund ${total}` }).click();
      await refund.waitFor({ state: 'detached' });

      await admin.getByText('Refund sent', { exact: true }).waitFor();
      await dialog.locator('[data-status="refunded"]').getByText('Refunded', { exact: true }).waitFor();
      expect(await dialog.getByTestId('admin-order-refunded').textContent()).toBe(total);
      await dialog
        .getByTestId('order-timeline')
        .locator('[data-kind="refunded"]')
        .getByText(`Refund of ${total} by ${DEMO.admin.name}`)
        .waitFor();
      expect(await dialog.getByRole('button', { name: 'Refund' }).count()).toBe(0);
      await snapScreens(admin, 'withdrawal-admin-refunded', name);
      await adminContext.close();

      expect(await stockOf(product._id)).toBe(stockBefore + 1);
    },
  );
});
