/**
 * Journey (issue 41): the open storefront (STOREFRONT_MODE=open, a server of its own: support/open-server.ts). At 360
 * and 1366 px a stranger opens a shared product link, sees the page without signing in and "Sign in" where a
 * shopper's avatar is (and "Create account" beside it from 640 px, in the menu below) and "Sign in to write a review"
 * where the review form is, picks a size, adds it to the
 * cart and sees it in the cart panel; the guest cookie is httpOnly and SameSite=Lax. Checkout asks them to sign in;
 * once signed in the toast says the item is in their cart, the header shows the avatar, and the account's cart holds
 * the line with its size (read back through the API). The listing opens for a stranger too. No page is wider than
 * its viewport; screenshots at 360, 768 and 1366 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  productUrlParam,
  type CartResponse,
  type ProductDetails,
  type ProductListResponse,
} from '@emporium/contract';
import { launch, uniqueEmail, VIEWPORTS } from '../support/browser.ts';
import { startOpenStorefront } from '../support/open-server.ts';
import { snapScreens } from '../support/purchase.ts';

let shop: { url: string; stop: () => Promise<void> };

async function getJson<T>(path: string, token?: string): Promise<T> {
  const res = await fetch(`${shop.url}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** A demo product sold by size only, with at least two sizes in stock at one price: the size to pick is the second. */
async function productBySize(): Promise<{ product: ProductDetails; size: string }> {
  const list = await getJson<ProductListResponse>('/api/shop/products/get?page=1&limit=100');
  for (const item of list.data) {
    const product = (await getJson<{ data: ProductDetails }>(`/api/shop/products/get/${item._id}`)).data;
    const [option] = product.options;
    const inStock = product.variants.filter((v) => v.stock > 0);
    if (product.options.length === 1 && option!.name === 'Size' && inStock.length >= 2) {
      return { product, size: inStock[1]!.options.Size! };
    }
  }
  throw new Error('no demo product sold by size only');
}

/** Registers a shopper through the API of the open storefront. */
async function register(name: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('stranger');
  const password = 'a long enough password';
  const res = await fetch(`${shop.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.url },
    body: JSON.stringify({ username: name, email, password }),
  });
  expect(res.status).toBe(201);
  return { email, password };
}

const header = (page: Page) => page.getByRole('banner');

describe('the open storefront', () => {
  let browser: Browser;
  let shoe: { product: ProductDetails; size: string };
  beforeAll(async () => {
    shop = await startOpenStorefront();
    browser = await launch();
    shoe = await productBySize();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: a stranger adds a size from a shared link, signs in, and the line is in the account cart',
    async (name, viewport) => {
      const shopper = await register(`Stranger ${name}`);
      const context = await browser.newContext({ baseURL: shop.url, viewport });
      const page = await context.newPage();
      const { product, size } = shoe;

      // A link with the id alone answers 301 to the product's readable address (docs/decisions/021).
      await page.goto(`/shop/product/${product._id}`);
      await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/shop/product/${productUrlParam(product)}`);
      const signIn = header(page).getByRole('link', { name: 'Sign in' });
      await signIn.waitFor();
      const createAccount = header(page).getByRole('link', { name: 'Create account' });
      expect(await createAccount.isVisible()).toBe(name === 'desktop');
      expect(await page.getByTestId('user-avatar').count()).toBe(0);
      // The header's row holds its navigation: no link hidden under the logo or the buttons.
      const nav = header(page).getByRole('navigation', { name: 'Main' });
      if (await nav.isVisible()) {
        expect(await nav.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      }
      const box = (await signIn.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(name === 'desktop' ? 40 : 44);
      // No review form a stranger could not send: a sign-in link in its place (the section loads once near).
      await page.getByRole('heading', { name: `Reviews for ${product.title}` }).scrollIntoViewIfNeeded();
      await page.getByTestId('review-sign-in').getByRole('link', { name: 'Sign in' }).waitFor();
      expect(await page.getByLabel('Write a review').count()).toBe(0);
      await snapScreens(page, 'open-product-stranger', name);

      await page.getByRole('radio', { name: size, exact: true }).check();
      await page.waitForURL(/\?variant=/);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();
      const guest = (await context.cookies()).find((c) => c.name === 'guest');
      expect(guest).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

      await header(page)
        .getByRole('button', { name: /^Cart, 1 item$/ })
        .click();
      const panel = page.getByRole('dialog');
      await panel.getByText('Your Cart', { exact: true }).waitFor();
      const line = panel.getByTestId('cart-item');
      await line.getByText(product.title).waitFor();
      expect(await line.getByTestId('cart-item-options').textContent()).toBe(`Size: ${size}`);
      await snapScreens(page, 'open-cart-stranger', name);

      // Checkout needs an account for now: the login page, then on to checkout with the cart.
      await panel.getByRole('button', { name: 'Checkout' }).click();
      await page.waitForURL('**/auth/login');
      await page.getByLabel(/email/i).fill(shopper.email);
      await page.getByLabel(/password/i).fill(shopper.password);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.waitForURL('**/shop/checkout');
      await page
        .getByTestId('toast')
        .getByText('The item you added before signing in is in your cart.')
        .waitFor();
      await header(page).getByTestId('user-avatar').waitFor();
      expect(await header(page).getByRole('link', { name: 'Sign in' }).count()).toBe(0);
      await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();
      await snapScreens(page, 'open-signed-in-checkout', name);

      // The account's cart, read through the API with a session of its own: the line and its size.
      const login = await fetch(`${shop.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(shopper),
      });
      const { token, user } = (await login.json()) as { token: string; user: { userId: string } };
      const cart = await getJson<CartResponse>(`/api/shop/cart/get/${user.userId}`, token);
      expect(
        cart.data.items.map((i) => ({ productId: i.productId, size: i.options.Size, quantity: i.quantity })),
      ).toEqual([{ productId: product._id, size, quantity: 1 }]);
      expect((await context.cookies()).some((c) => c.name === 'guest')).toBe(false);
      await context.close();
    },
  );

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: the listing opens for a stranger',
    async (name, viewport) => {
      const context = await browser.newContext({ baseURL: shop.url, viewport });
      const page = await context.newPage();
      await page.goto('/');
      await page.waitForURL('**/shop/home');
      await page.goto('/shop/listing');
      await page.getByRole('button', { name: 'Add to Cart' }).first().waitFor();
      if (name === 'phone') {
        // Below 640 px "Create account" is in the menu.
        await page.getByRole('button', { name: 'Toggle header menu' }).click();
        await page.getByRole('dialog').getByRole('link', { name: 'Create account' }).waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
      await snapScreens(page, 'open-listing-stranger', name);
      // An account page still needs a login.
      await page.goto('/shop/account');
      await page.waitForURL('**/auth/login');
      await context.close();
    },
  );
});
