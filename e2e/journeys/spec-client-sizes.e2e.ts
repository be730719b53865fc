/**
 * Journey (issue 46, item 17): the spec's own client, which knows no sizes, buys two of a product with sizes and
 * raises the quantity. A blazer is set up through the admin API whose first size, XS, has one unit left (as the
 * demo's Zara blazer) and S five. From the shopper's signed-in page, the spec's payloads: `POST /cart/add/{userId}/
 * {productId}` with `{quantity: 1}` twice, then `PUT /cart/update-cart/{userId}/{productId}` with `{quantity: 3}`
 * (the spec's + button). Before the fix the second add answered 409 "Only 1 left in stock" and the spec's client
 * emptied its cart. The cart panel then shows the three units of one size; too many names the size. At 360 and
 * 1366 px, no page wider than its viewport.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Product } from '@emporium/contract';
import { launch, newContext, VIEWPORTS } from '../support/browser.ts';
import { snapScreens } from '../support/purchase.ts';
import { freshShopper } from '../support/shopper.ts';
import { adminCall } from '../support/variants.ts';

/** A blazer (Women, Zara) in XS (1 left) and S (5 left), both black at $120. */
async function addBlazer(): Promise<Product> {
  const added = await adminCall<{ data: Product }>('/api/admin/products/add', 'POST', {
    image: (await adminCall<{ data: Product[] }>('/api/admin/products/get')).data[0]!.image,
    title: `Spec Blazer ${Date.now().toString(36)}`,
    description: 'A blazer whose first size has one unit left, added by the spec client journey.',
    category: 'Women',
    brand: 'Zara',
    price: 120,
    salePrice: 0,
    totalStock: 6,
  });
  const id = added.data._id;
  await adminCall(`/api/admin/products/variants/${id}`, 'PUT', {
    options: [
      { name: 'Size', values: ['XS', 'S'] },
      { name: 'Colour', values: ['Black'] },
    ],
    variants: [
      {
        sku: `SB-${id.slice(0, 6)}-XS`,
        options: { Size: 'XS', Colour: 'Black' },
        price: 120,
        salePrice: 0,
        stock: 1,
      },
      {
        sku: `SB-${id.slice(0, 6)}-S`,
        options: { Size: 'S', Colour: 'Black' },
        price: 120,
        salePrice: 0,
        stock: 5,
      },
    ],
  });
  return added.data;
}

/** Sends one of the spec's cart calls from the page, with its bearer token; resolves with the status and body. */
function specCall(page: Page, method: 'POST' | 'PUT', path: string, body: object) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = sessionStorage.getItem('token') ?? localStorage.getItem('token');
      const auth = await fetch('/api/auth/check-auth', { headers: { authorization: `Bearer ${token}` } });
      const { user } = (await auth.json()) as { user: { userId: string } };
      const res = await fetch(path.replace('{userId}', user.userId), {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return {
        status: res.status,
        body: (await res.json()) as { message?: string; data?: { items: unknown[] } },
      };
    },
    { method, path, body },
  );
}

describe("the spec's client buys two of a product with sizes", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each([
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const)('at %s size: adds twice and raises the quantity without a refusal', async (size, viewport) => {
    const blazer = await addBlazer();
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await freshShopper(page);
    await page.goto('/shop/home');

    const add = `/api/shop/cart/add/{userId}/${blazer._id}`;
    for (let i = 0; i < 2; i++) {
      const res = await specCall(page, 'POST', add, { quantity: 1 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const update = `/api/shop/cart/update-cart/{userId}/${blazer._id}`;
    const plus = await specCall(page, 'PUT', update, { quantity: 3 });
    expect(plus.status, JSON.stringify(plus.body)).toBe(200);
    const tooMany = await specCall(page, 'PUT', update, { quantity: 6 });
    expect([tooMany.status, tooMany.body.message]).toEqual([409, 'Only 5 left in size S, black']);

    // What the shopper sees: one line of three, size S.
    await page.reload();
    await page.getByRole('button', { name: /^Cart, 3 items$/ }).click();
    const panel = page.getByRole('dialog');
    const line = panel.getByTestId('cart-item').filter({ hasText: blazer.title });
    await line.waitFor();
    expect(await panel.getByTestId('cart-item').count()).toBe(1);
    expect(await line.textContent()).toMatch(/Size: S/);
    await snapScreens(page, 'spec-client-sizes-cart', size);
    await context.close();
  });
});
