/**
 * Accessibility (DESIGN.md §5): axe finds no serious or critical WCAG 2 A/AA violation on the shop's and the admin's
 * screens, including open dialogs and the cart panel; keyboard focus moves into an opened dialog, stays there on Tab
 * and goes back to the cart button when the panel closes; the page behind an open dialog does not scroll (wheel over
 * the backdrop or the dialog, scrolling keys) and scrolls again once it closes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.ts';
import { DEMO, launch, logIn, newContext } from '../support/browser.ts';

/** Waits until keyboard focus is inside the open dialog: it moves there once the dialog's first frame is painted. */
const focusInDialog = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(() => !!document.querySelector('[role="dialog"]')?.contains(document.activeElement)),
    )
    .toBe(true);

describe('accessibility', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('auth screens', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const path of ['/auth/login', '/auth/register']) {
      await page.goto(path);
      await page.getByLabel('Password').waitFor();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await context.close();
  });

  it('shop screens, the product dialog and the cart panel', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, DEMO.alice);
    await page.getByTestId('product-card').first().waitFor();
    expect(await seriousViolations(page), 'home').toEqual([]);

    await page.goto('/shop/listing');
    await page.getByTestId('product-card').first().waitFor();
    expect(await seriousViolations(page), 'listing').toEqual([]);
    const scrollY = () => page.evaluate(() => window.scrollY);
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 300);
    await expect.poll(scrollY).toBeGreaterThan(0);
    const scrolled = await scrollY();
    await page.getByTestId('product-card').nth(4).getByRole('img').click();
    await page
      .getByRole('dialog')
      .getByText(/Reviews for/)
      .waitFor();
    expect(await seriousViolations(page), 'product dialog').toEqual([]);
    await focusInDialog(page);
    await page.keyboard.press('Tab');
    await focusInDialog(page);
    // The page stays where it was under the dialog: wheel over the backdrop and over the dialog, then scrolling keys.
    await page.mouse.move(8, 400);
    await page.mouse.wheel(0, 300);
    const dialog = (await page.getByRole('dialog').boundingBox())!;
    await page.mouse.move(dialog.x + dialog.width / 2, dialog.y + 40);
    for (let i = 0; i < 4; i++) await page.mouse.wheel(0, 400);
    for (const key of ['PageDown', 'ArrowDown', 'End']) await page.keyboard.press(key);
    await page.waitForTimeout(300);
    expect(await scrollY()).toBe(scrolled);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.mouse.wheel(0, 300);
    await expect.poll(scrollY).toBeGreaterThan(scrolled);

    await page.goto('/shop/search?searchQuery=jacket');
    await page.getByTestId('product-card').first().waitFor();
    expect(await seriousViolations(page), 'search').toEqual([]);

    await page.goto('/shop/checkout');
    await page.getByRole('heading', { name: 'Shipping Address' }).waitFor();
    expect(await seriousViolations(page), 'checkout').toEqual([]);

    await page.goto('/shop/account');
    await page.getByRole('heading', { name: 'Order History' }).waitFor();
    expect(await seriousViolations(page), 'account').toEqual([]);
    await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
    await page.getByRole('dialog').getByText('Your Cart', { exact: true }).waitFor();
    expect(await seriousViolations(page), 'cart panel').toEqual([]);
    await focusInDialog(page);
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toMatch(/^Cart, \d+ items?$/);
    await context.close();
  });

  it('admin screens', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, DEMO.admin);
    for (const [path, heading] of [
      ['/admin/dashboard', 'Dashboard'],
      ['/admin/products', 'Products'],
      ['/admin/orders', 'All Orders'],
      ['/admin/features', 'Feature Images'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await page.waitForTimeout(300);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.goto('/admin/products');
    await page.getByRole('button', { name: 'Add New Product' }).click();
    await page.getByRole('dialog').getByLabel('Title').waitFor();
    expect(await seriousViolations(page), 'product drawer').toEqual([]);
    await context.close();
  });
});
