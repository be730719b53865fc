/**
 * Buys through the real API, as a browser would but without the screens: register, log in, cart add, address add,
 * order create, the sandbox page's Pay, capture. For journeys that need a buyer (reviews).
 */
import type { Product } from '@emporium/contract';
import { baseURL, uniqueEmail } from './browser.ts';

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
  const list = await call<{ data: Product[] }>('/api/shop/products/get?sortBy=name-asc&limit=50');
  const found = list.data.find((p) => p.totalStock > 5);
  if (!found) throw new Error('no product in stock');
  return found;
}

/** Registers a shopper who has bought `productId` (a paid order); returns the credentials and the order id. */
export async function buyer(productId: string, userName = 'Bea Buyer') {
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
  const { token } = login;
  const userId = login.user.userId;
  await call(`/api/shop/cart/add/${userId}/${productId}`, {
    method: 'POST',
    token,
    body: JSON.stringify({ quantity: 1 }),
  });
  const address = await call<{ data: { _id: string } }>('/api/shop/address/add', {
    method: 'POST',
    token,
    body: JSON.stringify({
      userId,
      address: '5 Review Road',
      city: 'Austin',
      state: 'TX',
      pincode: '73301',
      phone: '555 0199',
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
  const payerId = new URL(approve.headers.get('location')!).searchParams.get('PayerID')!;
  await call('/api/shop/order/capture', {
    method: 'POST',
    token,
    body: JSON.stringify({ orderId: order.orderId, paymentId, payerId }),
  });
  return { email, password, orderId: order.orderId };
}
