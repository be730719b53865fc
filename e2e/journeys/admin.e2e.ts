/**
 * Journeys: the admin area (spec §2 admin layout and pages, §4 products and orders, §5, §8) — products with an
 * uploaded image, orders, feature images, the dashboard, the drawer on a phone, and (issue 11) the searchable
 * product table, order search by the id the shopper sees, CSV exports and deletes that ask first.
 */
import sharp from 'sharp';
import { readFile } from 'node:fs/promises';
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

/** The page does not scroll sideways (its content fits the viewport's width). */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** Clicks an Export CSV button and reads the downloaded file. */
async function exportCsv(page: Page): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
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
    // Newest first: the new product is on the table's first page.
    const card = page.getByTestId('admin-product-row').filter({ hasText: title });
    await card.waitFor();

    const shopper = await newContext(browser);
    const shop = await shopper.newPage();
    await logIn(shop, DEMO.bob);
    await shop.goto(`/shop/search?searchQuery=${encodeURIComponent(title)}`);
    await shop.getByTestId('product-card').filter({ hasText: title }).getByText('$49.99').waitFor();

    await card.getByRole('button', { name: /^Edit/ }).click();
    expect(await drawer.locator('#image-upload').isDisabled()).toBe(true);
    expect(await drawer.getByLabel('Title').inputValue()).toBe(title);
    await drawer.getByLabel('Price', { exact: true }).fill('39.99');
    await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
    await toast(page, 'Product Updated Successfully');
    await card.getByText('$39.99').waitFor();
    await snap(page, 'admin-products-desktop');

    const rows = page.getByTestId('admin-product-row');
    const firstRow = await rows.first().textContent();
    await page
      .getByRole('navigation', { name: 'Product pages' })
      .getByRole('button', { name: 'Next' })
      .click();
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    expect(await rows.first().textContent()).not.toBe(firstRow);
    await page.getByRole('button', { name: 'Previous' }).click();
    await card.waitFor();

    // Delete asks first: Cancel keeps the product, Delete Product removes it.
    await card.getByRole('button', { name: /^Delete/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this product?' });
    await confirm.getByText(title).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await card.waitFor();
    await card.getByRole('button', { name: /^Delete/ }).click();
    await confirm.getByRole('button', { name: 'Delete Product' }).click();
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
    // Shipped offers the carrier and tracking number (issue 26; optional since issue 46).
    await dialog.getByLabel('Carrier').fill('UPS');
    await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await update.click();
    await dialog.locator('[data-status="Shipped"]').waitFor();
    await snap(page, 'admin-order-details-desktop');

    const shopperContext = await newContext(browser);
    const shop = await shopperContext.newPage();
    await logIn(shop, who);
    await shop.goto('/shop/account');
    await shop.getByTestId('order-row').first().getByText('Shipped').waitFor();
    await shopperContext.close();

    // A paid order that is not finished is not deleted (issue 46, item 7): the failure toast says what to do.
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete Order' }).click();
    await toast(
      page,
      'This order is paid and not finished. Cancel it (which refunds it) or wait until it is delivered before deleting it.',
    );
    await row.waitFor();
    await dialog.getByLabel('Order Status').selectOption('Delivered');
    await update.click();
    await dialog.locator('[data-status="Delivered"]').waitFor();
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
    const confirm = page.getByRole('alertdialog', { name: 'Delete this feature image?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await tiles.count()).toBe(before + 1);
    await tiles.last().getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete Image' }).click();
    await toast(page, 'Feature Image Deleted Successfully');
    await expect.poll(() => tiles.count()).toBe(before);
    await shop.reload();
    await shop.getByTestId('hero-carousel').waitFor();
    expect(await shop.locator(`[data-testid="hero-carousel"] img[src="${newest}"]`).count()).toBe(0);
    await shopper.close();
    await context.close();
  });

  it('finds an order by the 6 characters the shopper sees, filters the product table, exports both as CSV', async () => {
    const product = await productInStock();
    const who = await buyer(product._id, 'Sam Searcher');
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, DEMO.admin);

    await page.goto('/admin/orders');
    const rows = page.getByTestId('admin-order-row');
    await rows.first().waitFor();
    // The shopper's order history shows `#` and the last 6 characters of the id.
    await page.getByLabel('Search orders').fill(`#${who.orderId.slice(-6)}`);
    await expect.poll(() => rows.count()).toBe(1);
    const row = rows.first();
    expect(await row.textContent()).toContain(`${who.orderId.slice(0, 8)}...`);
    await row.getByText('Sam Searcher').waitFor();
    await row.getByText(who.email).waitFor();
    await snap(page, 'admin-orders-search-desktop');

    await page.getByLabel('Search orders').fill(who.email);
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByLabel('Status', { exact: true }).selectOption('Delivered');
    await page.getByText('No orders found').waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('Processing');
    await rows.first().getByText(who.email).waitFor();
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await page.getByLabel('From', { exact: true }).fill(day);
    await page.getByLabel('To', { exact: true }).fill(day);
    await rows.first().getByText(who.email).waitFor();
    const orders = await exportCsv(page);
    expect(orders.name).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = orders.text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Order ID,Number,Order Date,Customer Name,Customer Email,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(who.orderId);
    expect(lines[1]).toContain(who.email);

    await page.goto('/admin/products');
    const table = page.getByRole('table', { name: 'Products' });
    await table.waitFor();
    const productRows = page.getByTestId('admin-product-row');
    const unfiltered = await page.getByText(/^[\d,]+ products$/).textContent();
    const word = product.brand;
    await page.getByLabel('Search products').fill(word.toLowerCase());
    // "matching" labels the total of the search's answer, so once it shows, the rows are that answer's.
    await page.getByText(/^[\d,]+\+? matching products$/).waitFor();
    const texts = await productRows.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text.toLowerCase()).toContain(word.toLowerCase());
    expect(await page.getByText(/^[\d,]+\+? matching products$/).textContent()).not.toBe(unfiltered);
    await table.getByRole('columnheader', { name: 'Price', exact: true }).getByRole('button').click();
    await expect
      .poll(() => table.getByRole('columnheader', { name: 'Price', exact: true }).getAttribute('aria-sort'))
      .toBe('ascending');
    await snap(page, 'admin-products-table-desktop');
    const lowOnly = page.waitForResponse(
      (r) =>
        r.url().includes('/api/admin/products/get?') &&
        r.url().includes('stock=low') &&
        !r.url().includes('search='),
    );
    await page.getByLabel('Stock', { exact: true }).selectOption('low');
    await page.getByLabel('Search products').fill('');
    const low = (await (await lowOnly).json()) as { data: Array<{ totalStock: number }> };
    expect(low.data.every((p) => p.totalStock >= 1 && p.totalStock <= 5)).toBe(true);
    // Every row left (the demo catalog may have none) shows its stock amber.
    await expect.poll(() => productRows.count()).toBe(low.data.length);
    expect(
      await page.locator('[data-testid="admin-product-row"] [data-stock]:not([data-stock="low"])').count(),
    ).toBe(0);
    const products = await exportCsv(page);
    expect(products.text.split('\r\n')[0]).toMatch(
      /^Product ID,Title,Category,Brand,Price,Sale Price,Total Stock/,
    );
    await context.close();
  });

  it.each([
    ['phone', VIEWPORTS.phone],
    ['tablet', { width: 768, height: 1024 }],
  ] as const)(
    'fits a %s without sideways scrolling: product rows, order filters, feature images',
    async (name, viewport) => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await logIn(page, DEMO.admin);
      await page.goto('/admin/products');
      await page.getByTestId('admin-product-row').first().waitFor();
      await expectNoSidewaysScroll(page);
      await snap(page, `admin-products-table-${name}`);
      await page
        .getByTestId('admin-product-row')
        .first()
        .getByRole('button', { name: /^Delete/ })
        .click();
      await page.getByRole('alertdialog', { name: 'Delete this product?' }).waitFor();
      await expectNoSidewaysScroll(page);
      await snap(page, `admin-product-delete-${name}`);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.goto('/admin/orders');
      await page.getByRole('heading', { name: 'All Orders' }).waitFor();
      await page.getByTestId('admin-order-row').first().waitFor();
      await expectNoSidewaysScroll(page);
      await snap(page, `admin-orders-filters-${name}`);
      await page.goto('/admin/features');
      await page.getByTestId('feature-tile').first().waitFor();
      await expectNoSidewaysScroll(page);
      await context.close();
    },
  );

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
