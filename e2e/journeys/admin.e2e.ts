/**
 * Journeys: the admin area (spec §2 admin layout and pages, §4 products and orders, §5, §8) — products with an
 * uploaded image, orders, feature images, the dashboard, and the drawer on a phone.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO, launch, logIn, newContext, snap, VIEWPORTS } from '../support/browser.ts';
import { buyer, productInStock } from '../support/purchase.ts';

async function pngFile(colour: string, width = 900, height = 600) {
  return {
    name: 'picture.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  };
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

describe('admin', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('adds a product with an uploaded image, the shop shows it, edits its price, deletes it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, DEMO.admin);
    await page.goto('/admin/products');
    await page.getByRole('button', { name: 'Add New Product' }).click();
    const drawer = page.getByRole('dialog');
    const submit = drawer.getByRole('button', { name: 'Add', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await drawer.locator('#image-upload').setInputFiles(await pngFile('#2a9d8f'));
    await drawer.getByRole('button', { name: 'Remove File' }).waitFor();
    const title = `Teal Test Lamp ${Date.now()}`;
    await drawer.getByLabel('Title').fill(title);
    await drawer.getByLabel('Description').fill('A lamp added by the admin journey.');
    await drawer.getByLabel('Category').selectOption('Home & Kitchen');
    await drawer.getByLabel('Brand').selectOption('Bosch');
    await drawer.getByLabel('Price', { exact: true }).fill('49.99');
    await drawer.getByLabel('Sale Price').fill('0');
    await drawer.getByLabel('Total Stock').fill('12');
    await snap(page, 'admin-product-drawer-desktop');
    await submit.click();
    await toast(page, 'Product Added Successfully');
    const card = page.getByTestId('admin-product-card').filter({ hasText: title });
    await card.waitFor();

    const shopper = await newContext(browser);
    const shop = await shopper.newPage();
    await logIn(shop, DEMO.bob);
    await shop.goto(`/shop/search?searchQuery=${encodeURIComponent(title)}`);
    await shop.getByTestId('product-card').filter({ hasText: title }).getByText('$49.99').waitFor();

    await card.getByRole('button', { name: 'Edit' }).click();
    expect(await drawer.locator('#image-upload').isDisabled()).toBe(true);
    expect(await drawer.getByLabel('Title').inputValue()).toBe(title);
    await drawer.getByLabel('Price', { exact: true }).fill('39.99');
    await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
    await toast(page, 'Product Updated Successfully');
    await card.getByText('$39.99').waitFor();
    await snap(page, 'admin-products-desktop');

    const cards = page.getByTestId('admin-product-card');
    const firstPage = await cards.count();
    await page.getByRole('button', { name: /^Load more/ }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(firstPage);

    await card.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Product Deleted Successfully');
    await card.waitFor({ state: 'detached' });
    await shopper.close();
    await context.close();
  });

  it("changes an order's status, the shopper's history follows, then deletes the order", async () => {
    const product = await productInStock();
    const who = await buyer(product._id, 'Olga Orders');
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, DEMO.admin);
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByTestId('revenue-chart').waitFor();
    await snap(page, 'admin-dashboard-desktop');

    await page.goto('/admin/orders');
    const row = page.getByTestId('admin-order-row').filter({ hasText: `${who.orderId.slice(0, 8)}...` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Processing');
    await snap(page, 'admin-orders-desktop');
    await row.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order Details' });
    const update = dialog.getByRole('button', { name: 'Update' });
    await update.waitFor();
    expect(await update.isDisabled()).toBe(true);
    await dialog.getByLabel('Order Status').selectOption('Shipped');
    await update.click();
    await dialog.locator('[data-status="Shipped"]').waitFor();
    await snap(page, 'admin-order-details-desktop');

    const shopperContext = await newContext(browser);
    const shop = await shopperContext.newPage();
    await logIn(shop, who);
    await shop.goto('/shop/account');
    await shop.getByTestId('order-row').first().getByText('Shipped').waitFor();
    await shopperContext.close();

    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete Order' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    await context.close();
  });

  it('uploads and deletes a feature image, and the home carousel follows', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, DEMO.admin);
    await page.goto('/admin/features');
    const tiles = page.getByTestId('feature-tile');
    await page.getByRole('heading', { name: 'Feature Images' }).waitFor();
    await tiles.first().waitFor();
    const before = await tiles.count();
    const upload = page.getByRole('button', { name: 'Upload', exact: true });
    expect(await upload.isDisabled()).toBe(true);
    await page.locator('#image-upload').setInputFiles(await pngFile('#e76f51', 1600, 900));
    await page.getByRole('button', { name: 'Remove File' }).waitFor();
    await upload.click();
    await toast(page, 'Feature Image Uploaded Successfully');
    await expect.poll(() => tiles.count()).toBe(before + 1);
    const newest = (await tiles.last().getByRole('img').getAttribute('src'))!;
    await snap(page, 'admin-features-desktop');

    const shopper = await newContext(browser);
    const shop = await shopper.newPage();
    await logIn(shop, DEMO.bob);
    await shop.getByTestId('hero-carousel').waitFor();
    await expect
      .poll(() => shop.locator(`[data-testid="hero-carousel"] img[src="${newest}"]`).count())
      .toBe(1);

    await tiles.last().getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Feature Image Deleted Successfully');
    await expect.poll(() => tiles.count()).toBe(before);
    await shop.reload();
    await shop.getByTestId('hero-carousel').waitFor();
    expect(await shop.locator(`[data-testid="hero-carousel"] img[src="${newest}"]`).count()).toBe(0);
    await shopper.close();
    await context.close();
  });

  it('navigates through the drawer on a phone (screenshots of every admin page)', async () => {
    const context = await newContext(browser, VIEWPORTS.phone);
    const page = await context.newPage();
    await logIn(page, DEMO.admin);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await snap(page, 'admin-dashboard-phone');
    for (const [label, path, heading] of [
      ['Products', '/admin/products', 'Products'],
      ['Orders', '/admin/orders', 'All Orders'],
      ['Feature Images', '/admin/features', 'Feature Images'],
    ] as const) {
      await page.getByRole('button', { name: 'Toggle admin menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Admin Panel' });
      await drawer.getByRole('link', { name: label }).click();
      await page.waitForURL(`**${path}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await page.waitForTimeout(300);
      await snap(page, `admin-${label.toLowerCase().replace(' ', '-')}-phone`);
    }
    await context.close();
  });
});
