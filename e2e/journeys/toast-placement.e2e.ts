/**
 * Journey (issue 40, item 6): a toast never covers what it talks about. At 360, 768 and 1366 px: "Product added to
 * cart" sits at the bottom on a phone and bottom-left, 320–384 px wide, from 768 px; opening the cart panel closes it,
 * so the new cart line shows uncovered; after the sandbox payment "Payment Successful" does not touch the page's check
 * mark nor its heading. One toast at a time (spec §8). No page is wider than its viewport; screenshots at each width.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { launch, newContext, snap } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/purchase.ts';
import { addAddressThroughDialog, freshShopper } from '../support/shopper.ts';

const WIDTHS = [
  ['phone', { width: 360, height: 780 }],
  ['tablet', { width: 768, height: 1024 }],
  ['desktop', { width: 1366, height: 900 }],
] as const;

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on the page');
  return b;
}

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('toasts clear of what they talk about', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(WIDTHS)('at %s size', async (size, viewport) => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await freshShopper(page);
    const phone = viewport.width < 768;

    // Added from a card: the toast sits at the bottom (bottom-left and 320-384 px wide from 768 px).
    await page.goto('/shop/listing?category=Electronics');
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.getByRole('button', { name: 'Add to Cart' }) })
      .first();
    const title = (await card.getByRole('heading').textContent())!;
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Product added to cart', { exact: true }).waitFor();
    await page.waitForTimeout(400);
    expect(await toast.count()).toBe(1);
    const added = await box(toast);
    expect(added.y + added.height).toBeGreaterThan(viewport.height - 40);
    if (phone) {
      // The width of the page less the viewport's padding (and a scrollbar where the browser draws one).
      expect(added.width).toBeGreaterThan(viewport.width - 64);
    } else {
      expect(added.x).toBeLessThan(40);
      expect(added.width).toBeGreaterThanOrEqual(320);
      expect(added.width).toBeLessThanOrEqual(384);
    }
    await expectNoSidewaysScroll(page, `listing with toast (${size})`);
    await snap(page, `toast-added-${size}`);

    // The cart panel: opening it closes the toast, so the new line shows whole.
    await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
    const panel = page.getByRole('dialog');
    await panel.getByText('Your Cart', { exact: true }).waitFor();
    const line = panel.getByTestId('cart-item').filter({ hasText: title });
    await line.waitFor();
    await expect.poll(() => toast.count()).toBe(0);
    await snap(page, `toast-cart-panel-${size}`);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // Paid: "Payment Successful" clear of the check mark and the heading.
    await page.goto('/shop/checkout');
    await addAddressThroughDialog(page);
    await page
      .getByRole('button', { name: /Select address 12 Orchard Lane/ })
      .first()
      .click();
    await page.getByText('Address Selected').waitFor();
    const total = (await page.getByTestId('checkout-total').textContent())!;
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/sandbox\/pay\//);
    await page.getByRole('button', { name: `Pay ${total}` }).click();
    await page.waitForURL('**/shop/payment-success');
    await toast.getByText('Payment Successful', { exact: true }).waitFor();
    await page.waitForTimeout(400);
    expect(await toast.count()).toBe(1);
    const paid = await box(toast);
    const checkMark = page.locator('main svg.lucide-circle-check').first();
    expect(intersects(paid, await box(checkMark))).toBe(false);
    const heading = page.getByRole('heading', { level: 1, name: 'Payment Successful' });
    expect(intersects(paid, await box(heading))).toBe(false);
    await expectNoSidewaysScroll(page, `payment success (${size})`);
    await snap(page, `toast-payment-success-${size}`);
    await context.close();
  });
});
