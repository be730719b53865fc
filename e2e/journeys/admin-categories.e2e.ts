/**
 * Journey (issue 40, item 3): the admin files a product under more than one category. At 360 and 1366 px the admin
 * opens the products table's drawer for a jacket filed under Men: "Also in" offers the other eight categories (not
 * Men), none ticked; ticking Clothing and Sports & Outdoors disables the rest (at most 3 in all); Edit saves them, the
 * shop lists the jacket under Clothing, and the drawer opened again shows both ticked. The product's page (its
 * Details section) shows them too, and unticking one there and saving leaves Men and Clothing. On the phone every
 * choice is at least 44 px high. No page is wider than its viewport; screenshots at 360, 768 and 1366 px. The
 * product is deleted afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Product } from '@emporium/contract';
import { DEMO, launch, logIn, newContext, VIEWPORTS } from '../support/browser.ts';
import { snapScreens } from '../support/purchase.ts';
import { sizeOf, TAP_MIN } from '../support/tap-targets.ts';
import { adminCall, uploadPicture } from '../support/variants.ts';

/** The product's categories as the admin API answers them. */
async function categoriesOf(id: string): Promise<string[] | undefined> {
  return (await adminCall<{ data: Product }>(`/api/admin/products/variants/${id}`)).data.categories;
}

describe('admin files a product under more categories', () => {
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
    'at %s size: "Also in" saves up to two more categories and shows them when editing',
    async (size, viewport) => {
      const title = `Also In Jacket ${Date.now().toString(36).toUpperCase()}`;
      const product = (
        await adminCall<{ data: Product }>('/api/admin/products/add', 'POST', {
          image: await uploadPicture('#1d4ed8'),
          title,
          description: 'A jacket filed under more categories by the admin categories journey.',
          category: 'Men',
          brand: 'Zara',
          price: 80,
          salePrice: 0,
          totalStock: 5,
        })
      ).data;
      added.push(product._id);
      expect(product.categories).toEqual(['Men']);

      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await logIn(page, DEMO.admin);
      await page.goto('/admin/products');
      await page.getByLabel('Search products').fill(title);
      const row = page.getByTestId('admin-product-row').filter({ hasText: title });
      await row.getByRole('button', { name: /^Edit/ }).click();
      const drawer = page.getByRole('dialog');
      const alsoIn = drawer.getByRole('group', { name: 'Also in' });
      await alsoIn.waitFor();
      const boxes = alsoIn.getByRole('checkbox');
      expect(await boxes.count()).toBe(8);
      expect(await alsoIn.getByRole('checkbox', { name: 'Men', exact: true }).count()).toBe(0);
      for (const box of await boxes.all()) expect(await box.isChecked()).toBe(false);
      if (size === 'phone') {
        for (const label of await alsoIn.locator('label').all()) {
          expect((await sizeOf(label)).height).toBeGreaterThanOrEqual(TAP_MIN);
        }
      }

      await alsoIn.getByRole('checkbox', { name: 'Clothing' }).check();
      await alsoIn.getByRole('checkbox', { name: 'Sports & Outdoors' }).check();
      await alsoIn.getByText('(2 chosen)', { exact: false }).waitFor();
      expect(await alsoIn.getByRole('checkbox', { name: 'Kids' }).isDisabled()).toBe(true);
      expect(await alsoIn.getByRole('checkbox', { name: 'Clothing' }).isDisabled()).toBe(false);
      await alsoIn.scrollIntoViewIfNeeded();
      await snapScreens(page, 'admin-categories-drawer', size);
      await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByText('Product Updated Successfully', { exact: true }).first().waitFor();
      await expect.poll(() => categoriesOf(product._id)).toEqual(['Men', 'Clothing', 'Sports & Outdoors']);

      // The shop lists it under Clothing, though its (spec) category is Men.
      const listed = await adminCall<{ data: Product[] }>('/api/shop/products/get?category=Clothing');
      expect(listed.data.filter((p) => p._id === product._id).map((p) => p.category)).toEqual(['Men']);

      // Opened again, the drawer shows where it is.
      await drawer.waitFor({ state: 'detached' });
      await row.getByRole('button', { name: /^Edit/ }).click();
      await expect.poll(() => alsoIn.getByRole('checkbox', { name: 'Clothing' }).isChecked()).toBe(true);
      expect(await alsoIn.getByRole('checkbox', { name: 'Sports & Outdoors' }).isChecked()).toBe(true);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });

      // The product's page: its Details section shows them too, and saves a change.
      await page.goto(`/admin/products/${product._id}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const details = page.getByRole('region', { name: 'Details' }).getByRole('group', { name: 'Also in' });
      await expect.poll(() => details.getByRole('checkbox', { name: 'Clothing' }).isChecked()).toBe(true);
      await details.getByRole('checkbox', { name: 'Sports & Outdoors' }).uncheck();
      const bar = page.getByRole('region', { name: 'Save changes' });
      await bar.getByText('Unsaved changes').waitFor();
      await details.scrollIntoViewIfNeeded();
      await snapScreens(page, 'admin-categories-details', size);
      await bar.getByRole('button', { name: 'Save', exact: true }).click();
      await bar.getByText('All changes saved').waitFor();
      await expect.poll(() => categoriesOf(product._id)).toEqual(['Men', 'Clothing']);
      await context.close();
    },
  );
});
