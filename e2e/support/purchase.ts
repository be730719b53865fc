/**
 * Buys through the real API, as a browser would but without the screens: register, log in, cart add, address add,
 * order create, the sandbox page's Pay, capture (each step on its own too). For journeys that need a buyer (reviews, after the sale). Also the
 * admin's side of an order through the API (ship, deliver) and the checks every after-sale journey makes on a page.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Product } from '@emporium/contract';
import { seriousViolations } from './axe.ts';
import { baseURL, DEMO, snap, uniqueEmail } from './browser.ts';

async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${baseURL()}${path}`, { ...init, headers });
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** The first product (by name) that has stock. */
export async function productInStock(): Promise<Product> {
  return (await productsInStock(1))[0]!;
}

/** The first `count` products (by name) that have stock. */
export async function productsInStock(count: number): Promise<Product[]> {
  const list = await call<{ data: Product[] }>('/api/shop/products/get?sortBy=name-asc&limit=50');
  const found = list.data.filter((p) => p.totalStock > 5).slice(0, count);
  if (found.length < count) throw new Error(`fewer than ${count} products in stock`);
  return found;
}

/** A product's units in stock now, as the shop answers it. */
export async function stockOf(productId: string): Promise<number> {
  return (await call<{ data: Product }>(`/api/shop/products/get/${productId}`)).data.totalStock;
}

/** Registers a shopper who has bought `productId` (a paid order); returns the credentials and the order id. */
export async function buyer(productId: string, userName = 'Bea Buyer') {
  return buyerOf([productId], userName);
}

/** A shopper registered and signed in through the API. */
export interface ApiShopper {
  email: string;
  password: string;
  token: string;
  userId: string;
}

/** Registers and signs in a new shopper through the API. */
export async function registerShopper(userName = 'Bea Buyer'): Promise<ApiShopper> {
  const email = uniqueEmail('reviewer');
  const password = 'a long enough password';
  await call('/api/auth/register', {
    method: 'POST',
    body: JSON.stringify({ username: userName, email, password }),
  });
  const login = await call<{ token: string; user: { userId: string } }>('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  return { email, password, token: login.token, userId: login.user.userId };
}

/** Puts `quantity` units of the product in the shopper's cart. */
export async function addToCart(s: ApiShopper, productId: string, quantity = 1): Promise<void> {
  await call(`/api/shop/cart/add/${s.userId}/${productId}`, {
    method: 'POST',
    token: s.token,
    body: JSON.stringify({ quantity }),
  });
}

/** Saves an address (Austin, TX) with the given street; returns its id. */
export async function addAddress(s: ApiShopper, street = '5 Review Road'): Promise<string> {
  const address = await call<{ data: { _id: string } }>('/api/shop/address/add', {
    method: 'POST',
    token: s.token,
    body: JSON.stringify({
      userId: s.userId,
      address: street,
      city: 'Austin',
      state: 'TX',
      pincode: '73301',
      phone: '555 0199',
      notes: 'None',
    }),
  });
  return address.data._id;
}

/**
 * Places the cart's order to the address and presses Pay on the sandbox page (without following its redirect):
 * returns the order id, the payment's ids and `returnUrl`, where the provider sends the browser (the server captures
 * there and goes on to /shop/paypal-return).
 */
export async function placeAndApprove(s: ApiShopper, addressId: string) {
  const order = await call<{ orderId: string; approvalURL: string }>('/api/shop/order/create', {
    method: 'POST',
    token: s.token,
    body: JSON.stringify({ userId: s.userId, address: { addressId } }),
  });
  const paymentId = new URL(order.approvalURL).pathname.split('/').pop()!;
  const approve = await fetch(`${baseURL()}/sandbox/pay/${paymentId}/approve`, {
    method: 'POST',
    redirect: 'manual',
  });
  const returnUrl = approve.headers.get('location')!;
  const payerId = new URL(returnUrl).searchParams.get('PayerID')!;
  return { orderId: order.orderId, paymentId, payerId, returnUrl };
}

/** Places the cart's order to the address and pays it (sandbox Pay, then the shop's capture); returns its id. */
export async function buyCart(s: ApiShopper, addressId: string): Promise<string> {
  const { orderId, paymentId, payerId } = await placeAndApprove(s, addressId);
  await call('/api/shop/order/capture', {
    method: 'POST',
    token: s.token,
    body: JSON.stringify({ orderId, paymentId, payerId }),
  });
  return orderId;
}

/** Registers a shopper who has bought one unit of each of `productIds` in one paid order (one line each). */
export async function buyerOf(productIds: readonly string[], userName = 'Bea Buyer') {
  const s = await registerShopper(userName);
  for (const productId of productIds) await addToCart(s, productId);
  const orderId = await buyCart(s, await addAddress(s));
  return { email: s.email, password: s.password, orderId };
}

/** The demo admin's bearer token, signed in through the API. */
export async function adminToken(): Promise<string> {
  const login = await call<{ token: string }>('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: DEMO.admin.email, password: DEMO.admin.password }),
  });
  return login.token;
}

/** The admin ships a paid order with a tracking number, then marks it Delivered (issue 26), through the API. */
export async function deliver(orderId: string): Promise<void> {
  const token = await adminToken();
  for (const body of [
    { orderStatus: 'Shipped', carrier: 'UPS', trackingNumber: `1Z${Date.now()}` },
    { orderStatus: 'Delivered' },
  ]) {
    await call(`/api/admin/orders/status/${orderId}`, { method: 'PUT', token, body: JSON.stringify(body) });
  }
}

/** The page fits the window: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label}: no sideways scroll`).toBeLessThanOrEqual(innerWidth);
}

/**
 * A screenshot named `<name>-<size>` at the page's size, checked for sideways scroll; from the desktop run also an
 * axe check (no serious or critical violations) and a screenshot at a tablet's 768 px (`<name>-tablet`), after
 * which the page gets its size back.
 */
export async function snapScreens(page: Page, name: string, size: string): Promise<void> {
  await expectNoSidewaysScroll(page, `${name} (${size})`);
  await snap(page, `${name}-${size}`);
  const viewport = page.viewportSize();
  if (size !== 'desktop' || !viewport) return;
  expect(await seriousViolations(page), `${name}: accessibility`).toEqual([]);
  await page.setViewportSize({ width: 768, height: 1024 });
  await expectNoSidewaysScroll(page, `${name} (tablet)`);
  await snap(page, `${name}-tablet`);
  await page.setViewportSize(viewport);
}
