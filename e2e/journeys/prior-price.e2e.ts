/**
 * Journey (issue 41: the EU's 30-day lowest price, Directive 98/6/EC art. 6a): the admin adds a lamp at $40.00 and
 * then puts it on sale at $30.00. At 360 and 1366 px a shopper finds it: its card, its details dialog, its own page
 * and its cart line show the sale price with "Lowest price in the 30 days before the reduction: $40.00" beneath; a
 * product not on sale shows no such line. No page is wider than its viewport; screenshots at 360, 768 and 1366 px.
 * The products are deleted afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Product } from '@emporium/contract';
import { launch, newContext, VIEWPORTS } from '../support/browser.ts';
import { snapScreens } from '../support/purchase.ts';
import { freshShopper } from '../support/shopper.ts';
import { adminCall, uploadPicture } from '../support/variants.ts';

const LINE = 'Lowest price in the 30 days before the reduction: $40.00';

describe('the 30-day lowest price', () => {
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
    'at %s size: the card, the dialog, the product page and the cart line say the lowest price before the sale',
    async (size, viewport) => {
      const token = `Prior${Date.now().toString(36)}`;
      const fields = {
        image: await uploadPicture('#b45309'),
        description: 'A desk lamp whose price the prior price journey reduces.',
        category: 'Home & Kitchen',
        brand: 'Sony',
        totalStock: 8,
      };
      const add = async (title: string) =>
        (
          await adminCall<{ data: Product }>('/api/admin/products/add', 'POST', {
            ...fields,
            title,
            price: 40,
            salePrice: 0,
          })
        ).data;
      const lamp = await add(`${token} Lamp`);
      const plain = await add(`${token} Shade`);
      added.push(lamp._id, plain._id);
      // The admin puts the lamp on sale: $30.00 instead of $40.00.
      const edited = await adminCall<{ data: Product }>(`/api/admin/products/edit/${lamp._id}`, 'PUT', {
        ...fields,
        title: lamp.title,
        price: 40,
        salePrice: 30,
      });
      expect(edited.data.salePrice).toBe(30);

      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await freshShopper(page);

      // The card.
      await page.goto(`/shop/search?searchQuery=${token}`);
      const cards = page.getByTestId('product-card');
      const card = cards.filter({ hasText: lamp.title });
      await card.waitFor();
      expect((await card.getByTestId('effective-price').textContent())?.trim()).toBe('Sale price $30.00');
      expect((await card.getByTestId('lowest-price-30-days').textContent())?.trim()).toBe(LINE);
      const plainCard = cards.filter({ hasText: plain.title });
      await plainCard.waitFor();
      expect(await plainCard.getByTestId('lowest-price-30-days').count()).toBe(0);
      await snapScreens(page, 'prior-price-card', size);

      // The details dialog.
      await card.getByRole('button', { name: new RegExp(lamp.title) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('link', { name: lamp.title }).waitFor();
      expect((await dialog.getByTestId('effective-price').textContent())?.trim()).toBe('Sale price $30.00');
      expect((await dialog.getByTestId('lowest-price-30-days').textContent())?.trim()).toBe(LINE);
      await snapScreens(page, 'prior-price-dialog', size);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // The product page.
      await page.goto(`/shop/product/${lamp._id}`);
      await page.getByRole('heading', { level: 1, name: lamp.title, exact: true }).waitFor();
      expect((await page.getByTestId('lowest-price-30-days').first().textContent())?.trim()).toBe(LINE);
      await snapScreens(page, 'prior-price-product-page', size);

      // The cart line.
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByTestId('toast').getByRole('button', { name: 'View cart' }).click();
      const panel = page.getByRole('dialog');
      const line = panel.getByTestId('cart-item').filter({ hasText: lamp.title });
      await line.waitFor();
      expect((await line.getByTestId('lowest-price-30-days').textContent())?.trim()).toBe(LINE);
      await snapScreens(page, 'prior-price-cart', size);
      await context.close();
    },
  );
});
