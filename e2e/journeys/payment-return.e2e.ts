/**
 * Journey (issue 27): the payment's return opens where the checkout's tab is not — another browser, a payment app —
 * so the tab's stored order id is missing. Signed in, the return page finds the order by the payment id in its URL
 * and shows the success; signed out, it asks the shopper to sign in first and then shows it. At 360 and 1366 px,
 * nothing scrolls sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Product } from '@emporium/contract';
import { baseURL, launch, logIn, newContext, snap, uniqueEmail, VIEWPORTS } from '../support/browser.ts';

async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${baseURL()}${path}`, { ...init, headers });
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * A shopper whose order's payment was approved on the sandbox page, in "another browser": returns the credentials
 * and the provider's return address (the server captures there and sends the browser to /shop/paypal-return).
 */
async function approvedElsewhere() {
  const email = uniqueEmail('returning');
  const password = 'a long enough password';
  await call('/api/auth/register', {
    method: 'POST',
    body: JSON.stringify({ username: 'Rae Return', email, password }),
  });
  const login = await call<{ token: string; user: { userId: string } }>('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  const { token } = login;
  const userId = login.user.userId;
  const list = await call<{ data: Product[] }>('/api/shop/products/get?sortBy=name-asc&limit=50');
  const product = list.data.find((p) => p.totalStock > 5)!;
  await call(`/api/shop/cart/add/${userId}/${product._id}`, {
    method: 'POST',
    token,
    body: JSON.stringify({ quantity: 1 }),
  });
  const address = await call<{ data: { _id: string } }>('/api/shop/address/add', {
    method: 'POST',
    token,
    body: JSON.stringify({
      userId,
      address: '9 Return Row',
      city: 'Austin',
      state: 'TX',
      pincode: '73301',
      phone: '555 0142',
      notes: 'None',
    }),
  });
  const order = await call<{ orderId: string; approvalURL: string }>('/api/shop/order/create', {
    method: 'POST',
    token,
    body: JSON.stringify({ userId, address: { addressId: address.data._id } }),
  });
  const paymentId = new URL(order.approvalURL).pathname.split('/').pop()!;
  const approve = await fetch(`${baseURL()}/sandbox/pay/${paymentId}/approve`, {
    method: 'POST',
    redirect: 'manual',
  });
  return { email, password, returnUrl: approve.headers.get('location')! };
}

async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label}: no sideways scroll`).toBeLessThanOrEqual(innerWidth);
}

describe('payment return without the checkout tab', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size, signed in: the success is shown',
    async (name, viewport) => {
      const shopper = await approvedElsewhere();
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await logIn(page, shopper);
      await page.goto(shopper.returnUrl);
      await page.waitForURL('**/shop/payment-success');
      await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
      expect(await page.getByText('Order information not found').count()).toBe(0);
      await expectNoSidewaysScroll(page, 'payment success');
      await snap(page, `payment-return-signed-in-${name}`);
      await context.close();
    },
  );

  it.each(Object.entries(VIEWPORTS))(
    'at %s size, signed out: sign in first, then the success is shown',
    async (name, viewport) => {
      const shopper = await approvedElsewhere();
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await page.goto(shopper.returnUrl);
      await page.waitForURL('**/auth/login');
      await page.getByLabel(/email/i).fill(shopper.email);
      await page.getByLabel(/password/i).fill(shopper.password);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.waitForURL('**/shop/payment-success');
      await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
      await expectNoSidewaysScroll(page, 'payment success after sign-in');
      await snap(page, `payment-return-signed-out-${name}`);
      await context.close();
    },
  );
});
