/**
 * Journey (issue 28): a shopper chooses a size and a colour. At 360 and 1366 px, with a product set up through the
 * admin API (Size 42/43 × Colour Red/Blue, the red variants with a red photo, 43/Red sold out): the listing's Size
 * facet finds it and the card's dialog offers the pickers; the product page
 * opens at the first variant in stock and names it in the address; picking a size and a colour changes the price,
 * the photo and the stock note, a sold-out colour is disabled; two variants go into the cart as two lines with their
 * options, one line's quantity changes alone; checkout and the sandbox payment; the order's details in the history
 * show both lines with their options. No page is wider than its viewport; screenshots at 360, 768 and 1366 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newContext, VIEWPORTS } from '../support/browser.ts';
import { snapScreens } from '../support/purchase.ts';
import { addAddressThroughDialog, freshShopper } from '../support/shopper.ts';
import { addRunnerShoe } from '../support/variants.ts';

/** The product page's main price and first gallery photo. */
function shown(page: Page) {
  const article = page.getByRole('article');
  return {
    price: () => article.getByTestId('effective-price').textContent(),
    photo: () => page.getByTestId('product-gallery').locator('img').first().getAttribute('src'),
    stock: () => page.getByTestId('stock-status').textContent(),
  };
}

const radio = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });

describe('choosing a size and a colour', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: picks variants, buys two of one product and finds them in the order',
    async (size, viewport) => {
      const shoe = await addRunnerShoe();
      const { product, ids } = shoe;
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await freshShopper(page);
      const view = shown(page);

      // The listing's facets: ticking 43 puts size=43 in the address and a chip above the grid, and keeps the shoe.
      await page.goto('/shop/listing?category=Shoes');
      const phone = size === 'phone';
      if (phone) await page.getByRole('button', { name: /^Filters/ }).click();
      // Kids' shoes are under Shoes too (issue 40, item 3), so their sizes come first and 43 is behind Show More.
      await page
        .getByRole('group', { name: 'Size' })
        .getByRole('button', { name: /^Show More/ })
        .click();
      const size43 = page.getByRole('checkbox', { name: /^43 \(\d+\)$/ });
      await size43.click();
      await page.waitForURL(/[?&]size=43(&|$)/);
      await expect.poll(() => size43.isChecked()).toBe(true);
      // Then Blue (the demo's shoes come in sizes only): size=43&colour=blue.
      const blue = page.getByRole('checkbox', { name: /^Blue \(\d+\)$/ });
      await blue.click();
      await page.waitForURL(/[?&]colour=blue(&|$)/);
      await expect.poll(() => blue.isChecked()).toBe(true);
      if (phone) await snapScreens(page, 'variants-filter-drawer', size);
      if (phone) await page.getByRole('button', { name: /^Show \d+ results?$/ }).click();
      await page.getByTestId('filter-chip').filter({ hasText: /^43$/ }).waitFor();
      await page
        .getByTestId('filter-chip')
        .filter({ hasText: /^Blue$/ })
        .waitFor();
      await page.getByTestId('product-card').filter({ hasText: product.title }).waitFor();
      await snapScreens(page, 'variants-listing-size', size);

      // The card's dialog offers the same pickers, starting at 42 / Red; 43 shows 43 / Blue's price.
      await page.getByTestId('product-card').filter({ hasText: product.title }).getByRole('img').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: '42', exact: true }).waitFor();
      expect(await dialog.getByRole('radio', { name: 'Red', exact: true }).isChecked()).toBe(true);
      await dialog.getByRole('radio', { name: '43', exact: true }).check();
      expect(await dialog.getByRole('radio', { name: 'Blue', exact: true }).isChecked()).toBe(true);
      expect(await dialog.getByTestId('effective-price').textContent()).toBe('$90.00');
      expect(await dialog.getByTestId('variant-stock').textContent()).toBe('Only 4 left');
      const photo = dialog.locator('img').first();
      await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
      await snapScreens(page, 'variants-dialog', size);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });

      // The page opens at the first variant in stock (42 / Red) and names it in the address.
      await page.goto(`/shop/product/${product._id}`);
      await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
      await page.waitForURL(`**/shop/product/${product._id}?variant=${ids['42/Red']}`);
      expect(await radio(page, '42').isChecked()).toBe(true);
      expect(await radio(page, 'Red').isChecked()).toBe(true);
      expect(await view.price()).toBe('$80.00');
      expect(await view.photo()).toBe(shoe.redPhoto);
      expect(await view.stock()).toBe('Only 5 left');
      await snapScreens(page, 'variants-product-42-red', size);

      // 43 comes in Blue only (43 / Red is sold out): picking 43 lands on 43 / Blue, the gallery's own photo.
      await radio(page, '43').check();
      await page.waitForURL(`**?variant=${ids['43/Blue']}`);
      expect(await view.price()).toBe('$90.00');
      await expect.poll(view.photo).toBe(shoe.mainPhoto);
      expect(await view.stock()).toBe('Only 4 left');
      const soldOut = radio(page, 'Red (sold out)');
      expect(await soldOut.isDisabled()).toBe(true);
      expect(await radio(page, 'Blue').isChecked()).toBe(true);
      await snapScreens(page, 'variants-product-43-blue', size);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();

      // Back to 42: Blue is on sale; then Red, with its photo.
      await radio(page, '42').check();
      await page.waitForURL(`**?variant=${ids['42/Blue']}`);
      expect(await view.price()).toContain('$70.00');
      expect(await page.getByRole('article').getByTestId('regular-price').textContent()).toContain('$80.00');
      await radio(page, 'Red').check();
      await page.waitForURL(`**?variant=${ids['42/Red']}`);
      await expect.poll(view.photo).toBe(shoe.redPhoto);
      // A reload shows the same variant.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
      expect(await radio(page, 'Red').isChecked()).toBe(true);
      expect(await radio(page, '42').isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByTestId('cart-count').filter({ hasText: '2' }).waitFor();

      // Two lines of one product, each with its options; the quantity of one changes alone.
      await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
      const panel = page.getByRole('dialog');
      await panel.getByText('Your Cart', { exact: true }).waitFor();
      const lines = panel.getByTestId('cart-item');
      await expect.poll(() => lines.count()).toBe(2);
      expect(await lines.getByTestId('cart-item-options').allTextContents()).toEqual([
        'Size: 43, Colour: Blue',
        'Size: 42, Colour: Red',
      ]);
      await panel
        .getByRole('button', { name: `Increase quantity of ${product.title} (Size: 42, Colour: Red)` })
        .click();
      await page.getByTestId('cart-count').filter({ hasText: '3' }).waitFor();
      expect(await lines.getByTestId('cart-item-quantity').allTextContents()).toEqual(['1', '2']);
      await snapScreens(page, 'variants-cart', size);
      await panel.getByRole('button', { name: 'Checkout' }).click();

      // Checkout and the sandbox payment.
      await page.waitForURL('**/shop/checkout');
      await expect.poll(() => page.getByTestId('cart-item-options').count()).toBe(2);
      await addAddressThroughDialog(page);
      await page
        .getByRole('button', { name: /Select address 12 Orchard Lane/ })
        .first()
        .click();
      await page.getByText('Address Selected').waitFor();
      await snapScreens(page, 'variants-checkout', size);
      const total = (await page.getByTestId('checkout-total').textContent())!;
      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.waitForURL(/\/sandbox\/pay\//);
      await page.getByRole('button', { name: `Pay ${total}` }).click();
      await page.waitForURL('**/shop/payment-success');
      await page.getByTestId('cart-count').filter({ hasText: '0' }).waitFor();

      // The order history: both lines with their options.
      await page.getByRole('link', { name: 'View Order History' }).click();
      await page.waitForURL('**/shop/account');
      await page.getByTestId('order-row').first().getByRole('button', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: 'Order Details' });
      await details.getByText('1 of 2').waitFor();
      const options = details.getByTestId('order-item-options');
      const seen = [(await options.textContent())!];
      await snapScreens(page, 'variants-order-details', size);
      await details.getByRole('button', { name: 'Next item' }).click();
      await details.getByText('2 of 2').waitFor();
      seen.push((await options.textContent())!);
      expect(seen.sort()).toEqual(['Size: 42, Colour: Red', 'Size: 43, Colour: Blue']);
      await context.close();
    },
  );
});
