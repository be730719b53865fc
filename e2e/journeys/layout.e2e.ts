/**
 * Journey: no screen scrolls sideways (issue 11). At a phone (360 px), a tablet (768 px) and a desktop (1366 px)
 * width it visits every shop, account, checkout and admin screen, opens the dialogs and panels, and checks that the
 * page is no wider than the window (and that an open dialog or panel fits the window and does not scroll sideways
 * itself). A screenshot of each goes to e2e/artifacts/layout-<screen>-<width>.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newContext, logIn, snap, DEMO, VIEWPORTS } from '../support/browser.ts';
import { productInStock } from '../support/purchase.ts';

const WIDTHS = [
  ['phone', VIEWPORTS.phone],
  ['tablet', { width: 768, height: 1024 }],
  ['desktop', VIEWPORTS.desktop],
] as const;

interface Measure {
  scrollWidth: number;
  innerWidth: number;
  /** The outermost elements that stick out past the right edge (what to fix when the page is too wide). */
  overflowing: string[];
  /** Open dialogs and panels that leave the window or scroll sideways inside. */
  dialogs: string[];
}

/** Lets layout settle, saves the screenshot and checks that nothing makes the page (or a dialog) scroll sideways. */
async function fits(page: Page, screen: string, width: number): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForTimeout(250); // dialog and sheet open animations, chart resize
  await snap(page, `layout-${screen}-${width}`);
  const m: Measure = await page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const testId = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const text = (el.textContent ?? '').trim().slice(0, 40);
      const rect = el.getBoundingClientRect();
      return `${el.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ''}${cls} (${Math.round(rect.left)}..${Math.round(rect.right)}) "${text}"`;
    };
    const overflowing: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= innerWidth + 0.5) continue;
      const parent = el.parentElement;
      if (parent && parent !== document.body && parent.getBoundingClientRect().right > innerWidth + 0.5)
        continue;
      overflowing.push(describe(el));
    }
    const dialogs: string[] = [];
    for (const el of document.querySelectorAll('[role="dialog"]')) {
      const rect = el.getBoundingClientRect();
      if (rect.left < -0.5 || rect.right > innerWidth + 0.5 || el.scrollWidth > el.clientWidth + 1) {
        dialogs.push(`${describe(el)} scrollWidth ${el.scrollWidth} clientWidth ${el.clientWidth}`);
      }
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth,
      overflowing: overflowing.slice(0, 8),
      dialogs,
    };
  });
  expect
    .soft(m.scrollWidth, `${screen} at ${width} px is ${m.scrollWidth} px wide: ${m.overflowing.join(' | ')}`)
    .toBeLessThanOrEqual(m.innerWidth);
  expect.soft(m.dialogs, `${screen} at ${width} px: a dialog does not fit`).toEqual([]);
}

/** Closes the open dialog or panel with its Close button and waits until it is gone. */
async function closeDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog').last();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

describe('every screen fits the window without sideways scrolling', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const [, viewport] of WIDTHS) {
    const w = viewport.width;

    it(`login, register, the shop, cart, checkout, payment and account at ${w} px`, async () => {
      const product = await productInStock();
      const context = await newContext(browser, viewport);
      const page = await context.newPage();

      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Log In' }).waitFor();
      await fits(page, 'login', w);
      await page.goto('/auth/register');
      await page.getByRole('button', { name: 'Sign Up' }).waitFor();
      await fits(page, 'register', w);

      await logIn(page, DEMO.alice);
      await page.getByRole('heading', { name: 'Featured Products' }).waitFor();
      await page.getByTestId('product-card').first().waitFor();
      await fits(page, 'home', w);

      await page.goto('/shop/listing');
      await page.getByTestId('product-card').first().waitFor();
      await fits(page, 'listing', w);
      if (w < 1024) {
        await page.getByRole('button', { name: 'Filters', exact: true }).click();
        await page.getByRole('dialog', { name: 'Filters' }).getByRole('checkbox').first().waitFor();
        await fits(page, 'listing-filters', w);
        await closeDialog(page);
      }

      await page.goto(`/shop/search?searchQuery=${encodeURIComponent(product.title)}`);
      const found = page.getByTestId('product-card').filter({ hasText: product.title }).first();
      await found.waitFor();
      await fits(page, 'search', w);

      await found.getByRole('img').click();
      const productDialog = page.getByRole('dialog');
      await productDialog.getByRole('heading', { name: product.title, exact: true }).waitFor();
      await fits(page, 'product-dialog', w);
      await productDialog.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByText('Product added to cart', { exact: true }).first().waitFor();
      await closeDialog(page);

      await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
      const panel = page.getByRole('dialog');
      await panel.getByTestId('cart-item').first().waitFor();
      await fits(page, 'cart-panel', w);
      await panel.getByRole('button', { name: 'Checkout' }).click();

      await page.waitForURL('**/shop/checkout');
      await page.getByRole('heading', { name: 'Shipping Address' }).waitFor();
      await page.getByTestId('cart-item').first().waitFor();
      await page
        .getByTestId('address-card')
        .first()
        .or(page.getByText('No addresses found. Add a new address to continue.'))
        .waitFor();
      if ((await page.getByTestId('address-card').count()) === 0) {
        await page.getByRole('button', { name: 'Add New Address' }).click();
        const form = page.getByRole('dialog');
        await form.getByLabel('Address').fill('1200 Long Avenue Northwest, Apartment 4021');
        await form.getByLabel('City').fill('Portland');
        await form.getByLabel('State').fill('OR');
        await form.getByLabel('Pincode').fill('97201');
        await form.getByLabel('Phone').fill('+1 503 555 0142');
        await form
          .getByLabel('Additional Notes')
          .fill('Leave the parcel with the concierge at the front desk');
        await fits(page, 'address-dialog', w);
        await form.getByRole('button', { name: 'Add Address' }).click();
        await form.waitFor({ state: 'detached' });
      }
      await fits(page, 'checkout', w);
      await page
        .getByRole('button', { name: /Select address/ })
        .first()
        .click();
      await page.getByText('Address Selected').waitFor();
      await fits(page, 'checkout-selected', w);
      const placeOrder = page.getByRole('button', { name: 'Place Order' });
      const box = (await placeOrder.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(w);
      const total = (await page.getByTestId('checkout-total').textContent())!;
      await placeOrder.click();

      await page.waitForURL(/\/sandbox\/pay\//);
      await page.getByRole('button', { name: `Pay ${total}` }).click();
      await page.waitForURL('**/shop/payment-success');
      await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
      await fits(page, 'payment-success', w);

      await page.getByRole('link', { name: 'View Order History' }).click();
      await page.waitForURL('**/shop/account');
      const row = page.getByTestId('order-row').first();
      await row.waitFor();
      await fits(page, 'account-orders', w);
      await row.getByRole('button', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: 'Order Details' });
      await details.getByText('Shipping Info').waitFor();
      await fits(page, 'order-details', w);
      await closeDialog(page);

      await page.getByRole('tab', { name: 'Address' }).click();
      const card = page.getByTestId('address-card').first();
      await card.waitFor();
      await fits(page, 'account-address', w);
      await card.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Update Address' }).waitFor();
      await fits(page, 'address-edit-dialog', w);
      await closeDialog(page);
      await context.close();
    }, 180_000);

    it(`the admin dashboard, products, orders and feature images at ${w} px`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await logIn(page, DEMO.admin);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.getByTestId('revenue-chart').locator('svg').first().waitFor();
      await fits(page, 'admin-dashboard', w);

      if (w < 1024) {
        await page.getByRole('button', { name: 'Toggle admin menu' }).click();
        await page
          .getByRole('dialog', { name: 'Admin Panel' })
          .getByRole('link', { name: 'Products' })
          .waitFor();
        await fits(page, 'admin-menu', w);
        await closeDialog(page);
      }

      await page.goto('/admin/products');
      await page.getByTestId('admin-product-row').first().waitFor();
      await fits(page, 'admin-products', w);
      await page.getByRole('button', { name: 'Add New Product' }).click();
      await page.getByRole('dialog').getByLabel('Title').waitFor();
      await fits(page, 'admin-product-drawer', w);
      await closeDialog(page);

      await page.goto('/admin/orders');
      const row = page.getByTestId('admin-order-row').first();
      await row.waitFor();
      await fits(page, 'admin-orders', w);
      await row.getByRole('button', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: 'Order Details' });
      await details.getByRole('button', { name: 'Update' }).waitFor();
      await fits(page, 'admin-order-details', w);
      await closeDialog(page);

      await page.goto('/admin/features');
      await page.getByRole('heading', { name: 'Feature Images' }).waitFor();
      await page.getByTestId('feature-tile').first().waitFor();
      await fits(page, 'admin-features', w);
      await context.close();
    }, 120_000);
  }
});
