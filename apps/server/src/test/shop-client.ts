/**
 * Test helpers that act as a shopper through the real API (`app.inject`): cart, addresses, checkout with the
 * sandbox provider. Used by the cart, address, order and review tests.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { sandboxPayments } from '../db/schema.ts';
import type { Address, AddressFields, Cart, Order } from '@emporium/contract';

export interface Session {
  token: string;
  userId: string;
}

/** Sends a request as the session's user (bearer token). */
export function as(app: FastifyInstance, s: Session) {
  const headers = { authorization: `Bearer ${s.token}` };
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload?: object) => app.inject({ method: 'POST', url, headers, payload }),
    put: (url: string, payload?: object) => app.inject({ method: 'PUT', url, headers, payload }),
    delete: (url: string) => app.inject({ method: 'DELETE', url, headers }),
  };
}

export const ADDRESS = {
  address: '1 Market Street',
  city: 'Springfield',
  state: 'IL',
  pincode: '62701',
  phone: '+1 555 0100',
  notes: 'Leave at the door',
};

function ok<T>(res: { statusCode: number; body: string; json: () => unknown }, status = 200): T {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

export async function addToCart(app: FastifyInstance, s: Session, productId: string, quantity: number) {
  return ok<{ data: Cart }>(
    await as(app, s).post(`/api/shop/cart/add/${s.userId}/${productId}`, { quantity }),
  ).data;
}

export async function addAddress(
  app: FastifyInstance,
  s: Session,
  fields: AddressFields = ADDRESS,
): Promise<Address> {
  return ok<{ data: Address }>(
    await as(app, s).post('/api/shop/address/add', { ...fields, userId: s.userId }),
    201,
  ).data;
}

/** Places an order from the cart; returns the order id and the sandbox payment id from the approval URL. */
export async function placeOrder(app: FastifyInstance, s: Session, addressId: string) {
  const body = ok<{ orderId: string; approvalURL: string }>(
    await as(app, s).post('/api/shop/order/create', { userId: s.userId, address: { addressId } }),
    201,
  );
  const paymentId = new URL(body.approvalURL).pathname.split('/').pop()!;
  return { orderId: body.orderId, paymentId, approvalURL: body.approvalURL };
}

/** Presses Pay on the sandbox approval page; returns the PayerID from the redirect to /shop/paypal-return. */
export async function approveSandbox(app: FastifyInstance, paymentId: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: `/sandbox/pay/${paymentId}/approve` });
  if (res.statusCode !== 303) throw new Error(`approve failed: ${res.statusCode} ${res.body}`);
  return new URL(String(res.headers.location)).searchParams.get('PayerID')!;
}

/**
 * Marks a sandbox payment approved as if the shopper pressed Pay but the return never reached the server (a closed
 * tab), so that the shop's own capture call, or the reconciliation job, is what captures it. Returns the PayerID.
 */
export async function approveWithoutReturn(db: Db, paymentId: string): Promise<string> {
  await db
    .update(sandboxPayments)
    .set({ status: 'approved', payerId: 'PAYERNORETURN' })
    .where(eq(sandboxPayments.id, paymentId));
  return 'PAYERNORETURN';
}

/** `POST /api/shop/order/capture` as the return page sends it. */
export function capture(
  app: FastifyInstance,
  s: Session,
  p: { orderId: string; paymentId: string; payerId: string },
) {
  return as(app, s).post('/api/shop/order/capture', {
    orderId: p.orderId,
    paymentId: p.paymentId,
    payerId: p.payerId,
  });
}

/** Buys the products (cart → address → order → sandbox Pay → capture) and returns the paid order. */
export async function buyProducts(
  app: FastifyInstance,
  s: Session,
  lines: Array<{ productId: string; quantity: number }>,
): Promise<Order> {
  for (const l of lines) await addToCart(app, s, l.productId, l.quantity);
  const existing = ok<{ data: Address[] }>(await as(app, s).get(`/api/shop/address/get/${s.userId}`)).data;
  const address = existing[0] ?? (await addAddress(app, s));
  const placed = await placeOrder(app, s, address._id);
  const payerId = await approveSandbox(app, placed.paymentId);
  return ok<{ data: Order }>(await capture(app, s, { ...placed, payerId })).data;
}
