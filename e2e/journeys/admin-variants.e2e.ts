/**
 * Journey (issue 28): the admin gives a product sizes and colours. At 360 and 1366 px the admin adds a product with
 * the drawer, opens its page from the products table, adds Size S/M/L and Colour Black/White, generates the 3 × 2
 * grid (suggested SKUs), sets the stock of every variant at once and one variant's stock and another's price by hand,
 * and saves with the page's save bar; the answer holds the six variants, and the drawer offers no price or stock for
 * it but a link to its page (issue 40). The shop's product page then offers the pickers, with the price and
 * stock of the variant picked. No page is wider than its viewport; screenshots at 360, 768 and 1366 px. The product
 * is deleted afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ProductDetails } from '@emporium/contract';
import { DEMO, launch, logIn, newContext, VIEWPORTS } from '../support/browser.ts';
import { snapScreens } from '../support/purchase.ts';
import { adminCall, pngFile } from '../support/variants.ts';

/** Adds a product through the Add New Product drawer; resolves with its title. */
async function addWithDrawer(page: Page, token: string): Promise<string> {
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Add New Product' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.locator('#image-upload').setInputFiles(await pngFile('#1f2937'));
  await drawer.getByRole('button', { name: 'Remove File' }).waitFor();
  const title = `Grid Tee ${token}`;
  await drawer.getByLabel('Title').fill(title);
  await drawer
    .getByLabel('Description')
    .fill('A tee in three sizes and two colours, added by the admin variants journey.');
  await drawer.getByLabel('Category').selectOption('Clothing');
  await drawer.getByLabel('Brand').selectOption('Zara');
  await drawer.getByLabel('Price', { exact: true }).fill('29.99');
  await drawer.getByLabel('Sale Price').fill('0');
  await drawer.getByLabel('Total Stock').fill('10');
  await drawer.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByText('Product Added Successfully', { exact: true }).first().waitFor();
  await drawer.waitFor({ state: 'detached' });
  return title;
}

describe('options and variants in the admin', () => {
  let browser: Browser;
  const added: string[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const id of added) await adminCall(`/api/admin/products/delete/${id}`, 'DELETE');
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: adds a product, generates its 3 × 2 grid, saves it; the shop offers the pickers',
    async (size, viewport) => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await logIn(page, DEMO.admin);
      const token = Date.now().toString(36).toUpperCase();
      const title = await addWithDrawer(page, token);

      // The product's page, from its title in the table.
      await page.getByLabel('Search products').fill(title);
      await page.getByRole('link', { name: title, exact: true }).click();
      await page.waitForURL(/\/admin\/products\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop()!;
      added.push(id);
      const section = page.getByRole('region', { name: 'Options and variants' });
      const bar = page.getByRole('region', { name: 'Save changes' });
      const save = bar.getByRole('button', { name: 'Save', exact: true });
      const rows = section.getByTestId('variant-row');
      // Without options: one row, the product's own.
      await expect.poll(() => rows.count()).toBe(1);
      await section.getByText('The product (no options)').waitFor();
      const ownSku = await section.getByLabel('SKU of the product').inputValue();

      // Two options; the grid must be generated before it can be saved.
      await section.getByRole('button', { name: 'Add option' }).click();
      await section.getByLabel('Option 1 name').fill('Size');
      await section.getByLabel('Option 1 values').fill('S, M, L');
      await section.getByRole('button', { name: 'Add option' }).click();
      await section.getByLabel('Option 2 name').fill('Colour');
      await section.getByLabel('Option 2 values').fill('Black, White');
      await section.getByText('The options changed: generate the 6 variants to save them.').waitFor();
      expect(await save.isDisabled()).toBe(true);
      await section.getByRole('button', { name: 'Generate variants' }).click();
      await expect.poll(() => rows.count()).toBe(6);
      // The product's own variant becomes the first one, SKU and stock kept (issue 40, item 12).
      expect(await section.getByLabel('SKU of S / Black').inputValue()).toBe(ownSku);
      expect(await section.getByLabel('SKU of L / White').inputValue()).toBe(`GRID-TEE-L-WHITE`);

      // Unique SKUs for this run, stock for all, then one stock and one price by hand.
      for (const s of ['S', 'M', 'L']) {
        for (const c of ['Black', 'White']) {
          await section
            .getByLabel(`SKU of ${s} / ${c}`)
            .fill(`TEE-${token}-${s}-${c.slice(0, 3).toUpperCase()}`);
        }
      }
      await section.getByLabel('Stock for every variant').fill('7');
      await section.getByRole('button', { name: 'Set stock for all' }).click();
      await section.getByLabel('Stock of M / White').fill('2');
      await section.getByLabel('Price ($) of L / Black', { exact: true }).fill('34.99');
      await section.getByLabel('Price ($) of L / White', { exact: true }).fill('34.99');
      await bar.getByText('Unsaved changes').waitFor();
      await section.getByRole('heading', { name: 'Options and variants' }).scrollIntoViewIfNeeded();
      await snapScreens(page, 'admin-variants-options', size);
      await section.getByRole('button', { name: 'Generate variants' }).evaluate((b) => b.scrollIntoView());
      await snapScreens(page, 'admin-variants-grid', size);

      await save.click();
      await page.getByText('Product saved', { exact: true }).first().waitFor();
      await bar.getByText('All changes saved').waitFor();
      const saved = (await adminCall<{ data: ProductDetails }>(`/api/admin/products/variants/${id}`)).data;
      expect(saved.options).toEqual([
        { name: 'Size', values: ['S', 'M', 'L'] },
        { name: 'Colour', values: ['Black', 'White'] },
      ]);
      expect(saved.variants.map((v) => [v.sku, v.stock, v.price])).toEqual([
        [`TEE-${token}-S-BLA`, 7, 29.99],
        [`TEE-${token}-S-WHI`, 7, 29.99],
        [`TEE-${token}-M-BLA`, 7, 29.99],
        [`TEE-${token}-M-WHI`, 2, 29.99],
        [`TEE-${token}-L-BLA`, 7, 34.99],
        [`TEE-${token}-L-WHI`, 7, 34.99],
      ]);
      expect(saved.totalStock).toBe(37);

      // Saving the photos moves the product's version; the grid saved next is not refused as stale.
      const photos = page.getByRole('region', { name: 'Photos' });
      await photos.getByLabel('Alt text for photo 1').fill(`${title} from the front`);
      await save.click();
      await bar.getByText('All changes saved').waitFor();
      await section.getByLabel('Stock of S / Black').fill('6');
      await save.click();
      await bar.getByText('All changes saved').waitFor();
      const after = (await adminCall<{ data: ProductDetails }>(`/api/admin/products/variants/${id}`)).data;
      expect([after.variants[0]!.stock, after.totalStock, after.images[0]!.alt]).toEqual([
        6,
        36,
        `${title} from the front`,
      ]);

      // The drawer offers no total stock for a product with options: it links to the product's page.
      await page.goto('/admin/products');
      await page.getByLabel('Search products').fill(title);
      const row = page.getByTestId('admin-product-row').filter({ hasText: title });
      await row.getByRole('button', { name: /^Edit/ }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('link', { name: 'Edit on the product page' }).waitFor();
      expect(await drawer.getByLabel('Total Stock').count()).toBe(0);
      await context.close();

      // The shop's product page offers the pickers; a pick shows its price and stock.
      const shopContext = await newContext(browser, viewport);
      const shop = await shopContext.newPage();
      await logIn(shop, DEMO.alice);
      await shop.goto(`/shop/product/${id}`);
      await shop.getByRole('heading', { level: 1, name: title }).waitFor();
      const radio = (name: string) => shop.getByRole('radio', { name, exact: true });
      for (const name of ['S', 'M', 'L', 'Black', 'White']) await radio(name).waitFor();
      expect(await radio('S').isChecked()).toBe(true);
      expect(await radio('Black').isChecked()).toBe(true);
      await radio('L').check();
      await expect
        .poll(() => shop.getByRole('article').getByTestId('effective-price').textContent())
        .toBe('$34.99');
      await radio('M').check();
      await radio('White').check();
      await expect.poll(() => shop.getByTestId('stock-status').textContent()).toBe('Only 2 left');
      await snapScreens(shop, 'admin-variants-shop', size);
      await shopContext.close();
    },
  );
});
