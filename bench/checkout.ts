/**
 * Checkouts per second on PostgreSQL: shoppers in parallel each loop cart add → order create → sandbox Pay →
 * capture against the built server, for a fixed time. Prints completed checkouts per second and the p50/p99 of one
 * whole checkout (four requests) in ms. Figures only.
 */
import { percentile } from './lib.ts';

interface Shopper {
  token: string;
  userId: string;
  addressId: string;
}

async function json(res: Response): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function newShopper(base: string, i: number): Promise<Shopper> {
  const email = `bench-${process.pid}-${i}@example.test`;
  const password = 'bench password 123';
  const headers = { 'content-type': 'application/json' };
  await json(
    await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: `Bench ${i}`, email, password }),
    }),
  );
  const login = await json(
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password }),
    }),
  );
  const token = login.token as string;
  const userId = (login.user as { userId: string }).userId;
  const address = await json(
    await fetch(`${base}/api/shop/address/add`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: JSON.stringify({
        userId,
        address: '1 Bench Way',
        city: 'Load',
        state: 'TX',
        pincode: '73301',
        phone: '555 0100',
        notes: 'bench',
      }),
    }),
  );
  return { token, userId, addressId: (address.data as { _id: string })._id };
}

async function checkout(base: string, s: Shopper, productId: string): Promise<void> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${s.token}` };
  await json(
    await fetch(`${base}/api/shop/cart/add/${s.userId}/${productId}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ quantity: 1 }),
    }),
  );
  const created = await json(
    await fetch(`${base}/api/shop/order/create`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ userId: s.userId, address: { addressId: s.addressId } }),
    }),
  );
  const paymentId = new URL(created.approvalURL as string).pathname.split('/').pop()!;
  const approve = await fetch(`${base}/sandbox/pay/${paymentId}/approve`, {
    method: 'POST',
    redirect: 'manual',
  });
  const payerId = new URL(approve.headers.get('location')!).searchParams.get('PayerID')!;
  await json(
    await fetch(`${base}/api/shop/order/capture`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ orderId: created.orderId, paymentId, payerId }),
    }),
  );
}

/** Runs `shoppers` parallel checkout loops for `seconds` over `productIds` (which need ample stock). */
export async function benchCheckout(
  base: string,
  productIds: string[],
  seconds: number,
  shoppers = 8,
): Promise<{ perSecond: number; p50: number; p99: number; completed: number }> {
  const all = await Promise.all(Array.from({ length: shoppers }, (_, i) => newShopper(base, i)));
  const durations: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    all.map(async (s, i) => {
      let n = i;
      while (Date.now() < deadline) {
        const t0 = performance.now();
        await checkout(base, s, productIds[n++ % productIds.length]!);
        durations.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  return {
    perSecond: durations.length / elapsed,
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
    completed: durations.length,
  };
}
