/**
 * Checkout load on the built server: shoppers in parallel each loop cart add → order create → sandbox Pay →
 * capture, for a fixed time. Returns completed checkouts per second, the p50/p99 of one whole checkout (four
 * requests) in ms and the answers that were not 2xx by status. Figures only.
 */
import { percentile } from './lib.ts';

export interface Shopper {
  token: string;
  userId: string;
  addressId: string;
}

/** What a checkout run did: checkouts completed per second, latency of a whole checkout (ms), refusals by status. */
export interface CheckoutFigures {
  perSecond: number;
  p50: number;
  p99: number;
  completed: number;
  /** Answers that were not 2xx (or 303 for Pay), by status; 0 counts network errors. */
  failures: Record<number, number>;
}

class CheckoutError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function json(res: Response): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new CheckoutError(res.status, `${res.url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Registers shopper `i` (unique to this process), signs in and saves an address. */
export async function newShopper(base: string, i: number): Promise<Shopper> {
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

/** One whole checkout of one unit of `productId` (its default variant, as the spec's client adds it). */
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
  await approve.arrayBuffer();
  if (approve.status !== 303) throw new CheckoutError(approve.status, `Pay: ${approve.status}`);
  const payerId = new URL(approve.headers.get('location')!).searchParams.get('PayerID')!;
  await json(
    await fetch(`${base}/api/shop/order/capture`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ orderId: created.orderId, paymentId, payerId }),
    }),
  );
}

/**
 * Runs one checkout loop per shopper for `seconds` over `productIds` (which need ample stock; shopper n starts at
 * product n). A failed checkout is counted by status and its shopper goes on (its cart is emptied by the next
 * successful capture, or the failure repeats and shows in the figures).
 */
export async function runCheckouts(
  base: string,
  shoppers: Shopper[],
  productIds: string[],
  seconds: number,
): Promise<CheckoutFigures> {
  const durations: number[] = [];
  const failures: Record<number, number> = {};
  const deadline = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    shoppers.map(async (s, i) => {
      let n = i;
      while (Date.now() < deadline) {
        const t0 = performance.now();
        try {
          await checkout(base, s, productIds[n++ % productIds.length]!);
          durations.push(performance.now() - t0);
        } catch (err) {
          const status = err instanceof CheckoutError ? err.status : 0;
          failures[status] = (failures[status] ?? 0) + 1;
          if (status === 0 || status >= 500) await new Promise((r) => setTimeout(r, 50));
        }
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  return {
    perSecond: durations.length / elapsed,
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
    completed: durations.length,
    failures,
  };
}

/** Registers `shoppers` shoppers, then runs their checkout loops (runCheckouts) for `seconds`. */
export async function benchCheckout(
  base: string,
  productIds: string[],
  seconds: number,
  shoppers = 8,
): Promise<CheckoutFigures> {
  const all = await Promise.all(Array.from({ length: shoppers }, (_, i) => newShopper(base, i)));
  return runCheckouts(base, all, productIds, seconds);
}
