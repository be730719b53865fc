/**
 * Journey (issue 27): a checkout that charges what a real shop charges, with the demo's configuration (Standard
 * shipping free from $50, Express $14.99, German VAT 19 %, the code WELCOME10). At 360 and 1366 px: a shopper adds an
 * address in Germany, picks Express, applies WELCOME10 and sees the discount, shipping and tax; the sandbox payment
 * page shows the same lines; once paid, the order details and the confirmation e-mail show them too. Nothing scrolls
 * sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, logIn, newContext, snap, VIEWPORTS } from '../support/browser.ts';
import { latestMail } from '../support/mailbox.ts';
import { addToCart, expectNoSidewaysScroll, productInStock, registerShopper } from '../support/purchase.ts';

/** Dollars as the shop writes them. */
const usd = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** Half-up to the cent, as the shop rounds tax. */
const halfUp = (n: number) => Math.floor(n + 0.5);

describe('checkout pricing', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: Express to Germany with WELCOME10, tax shown, paid, the same lines in the details and e-mail',
    async (name, viewport) => {
      const product = await productInStock();
      const shopper = await registerShopper(`Greta Germany ${name}`);
      await addToCart(shopper, product._id);
      const price = Math.round((product.salePrice > 0 ? product.salePrice : product.price) * 100);
      // What the shop must charge: 10 % off the line, Express $14.99, 19 % VAT on the line after discount and on shipping.
      const discount = halfUp(price / 10);
      const express = 1499;
      const tax = halfUp(((price - discount) * 19) / 100) + halfUp((express * 19) / 100);
      const total = price - discount + express + tax;

      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await logIn(page, shopper);
      await page.goto('/shop/checkout');
      await page.getByRole('button', { name: 'Add New Address' }).click();
      const form = page.getByRole('dialog');
      await form.getByLabel('Address').fill('Unter den Linden 1');
      await form.getByLabel('City').fill('Berlin');
      await form.getByLabel('State').fill('Berlin');
      await form.getByLabel('Pincode').fill('10117');
      await form.getByLabel('Phone').fill('+49 30 1234567');
      await form.getByLabel('Country').selectOption('DE');
      await form.getByLabel('Additional Notes').fill('Ring twice');
      await form.getByRole('button', { name: 'Add Address' }).click();
      await form.waitFor({ state: 'detached' });
      await page.getByTestId('address-card').getByText('Germany').waitFor();
      await page.getByRole('button', { name: /Select address Unter den Linden 1/ }).click();

      const methods = page.getByTestId('shipping-methods');
      await methods.getByText('Express').waitFor();
      await methods.getByText('Standard').waitFor();
      await methods.getByRole('radio', { name: /Express/ }).check();
      await page.getByLabel('Discount code').fill('welcome10');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page
        .getByTestId('discount-status')
        .getByText(`WELCOME10: ${usd(discount)} off`)
        .waitFor();
      const breakdown = page.getByTestId('checkout-breakdown');
      await breakdown.getByText(`−\u00a0${usd(discount)}`, { exact: true }).waitFor();
      // A no-break space keeps the sign with its amount on the page too (issue 40, item 10).
      expect(await breakdown.textContent()).toContain(`Discount−\u00a0${usd(discount)}`);
      await breakdown.getByText(usd(express)).waitFor();
      await breakdown.getByText(usd(tax)).waitFor();
      await page.getByTestId('checkout-total').getByText(usd(total)).waitFor();
      await expectNoSidewaysScroll(page, 'checkout with shipping, code and tax');
      await page.getByTestId('checkout-breakdown').scrollIntoViewIfNeeded();
      await snap(page, `checkout-pricing-${name}`);

      const placeOrder = page.getByRole('button', { name: 'Place Order' });
      await expect.poll(() => placeOrder.isEnabled()).toBe(true);
      await placeOrder.click();
      await page.waitForURL(/\/sandbox\/pay\//);
      for (const text of ['Discount (WELCOME10)', 'Shipping (Express)', 'Tax', usd(tax), usd(total)]) {
        await page.getByText(text, { exact: true }).first().waitFor();
      }
      await expectNoSidewaysScroll(page, 'sandbox payment with the breakdown');
      await snap(page, `checkout-pricing-payment-${name}`);
      await page.getByRole('button', { name: `Pay ${usd(total)}` }).click();
      await page.waitForURL('**/shop/payment-success');

      await page.goto('/shop/account');
      await page.getByTestId('order-row').first().getByRole('button', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: /Order Details/ });
      await details
        .getByTestId('order-discount')
        .getByText(`−\u00a0${usd(discount)}`, { exact: true })
        .waitFor();
      expect(await details.getByTestId('order-discount').textContent()).toBe(`−\u00a0${usd(discount)}`);
      await details.getByTestId('order-shipping').getByText(usd(express)).waitFor();
      await details.getByTestId('order-tax').getByText(usd(tax)).waitFor();
      await details.getByText(usd(total)).first().waitFor();
      await expectNoSidewaysScroll(page, 'order details with the breakdown');
      await snap(page, `checkout-pricing-details-${name}`);

      const mail = await latestMail(shopper.email, /Your Emporium order #/);
      for (const line of [
        // A no-break space keeps the sign with its amount (issue 40, item 10).
        `Discount (WELCOME10): −\u00a0${usd(discount)}`,
        `Shipping (Express): ${usd(express)}`,
        `Tax: ${usd(tax)}`,
        `Total: ${usd(total)}`,
      ]) {
        expect(mail.text).toContain(line);
      }
      await context.close();
    },
  );
});
