import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxProvider } from '../payments/sandbox.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { buildTestApp, insertProduct, signUpAndLogIn, type TestApp } from '../test/build-test-app.ts';
import { addAddress, addToCart, as, capture, type Session } from '../test/shop-client.ts';
import { CHECKOUT_BUSY_MESSAGE, createAdmission } from './admission.ts';

/** A promise and the function that settles it. */
function deferred() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('admission queue', () => {
  it('runs up to the limit, queues entries up to maxQueued, refuses further entries, never completions', async () => {
    const admission = createAdmission({ concurrency: 1, maxQueued: 1 });
    const gate = deferred();
    const ran: string[] = [];
    const holder = admission.admit('entry', async () => {
      ran.push('holder');
      await gate.promise;
    });
    const waitingEntry = admission.admit('entry', async () => void ran.push('entry'));
    await expect(admission.admit('entry', async () => ran.push('refused'))).rejects.toMatchObject({
      statusCode: 503,
      message: CHECKOUT_BUSY_MESSAGE,
      headers: { 'retry-after': '2' },
    });
    const completions = [1, 2].map((n) =>
      admission.admit('completion', async () => void ran.push(`completion ${n}`)),
    );
    expect(admission.load()).toEqual({ running: 1, waiting: 3 });
    gate.open();
    await Promise.all([holder, waitingEntry, ...completions]);
    expect(ran).toEqual(['holder', 'completion 1', 'completion 2', 'entry']);
    expect(admission.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('releases the slot when the work fails', async () => {
    const admission = createAdmission({ concurrency: 1, maxQueued: 0 });
    await expect(admission.admit('entry', async () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    await expect(admission.admit('entry', async () => 'next')).resolves.toBe('next');
  });

  it('admits everything at once when the concurrency is 0', async () => {
    const admission = createAdmission({ concurrency: 0, maxQueued: 0 });
    const gate = deferred();
    const held = admission.admit('entry', () => gate.promise);
    await expect(admission.admit('entry', async () => 'second')).resolves.toBe('second');
    gate.open();
    await held;
  });
});

describe('checkout admission through the API (CHECKOUT_CONCURRENCY=1, CHECKOUT_QUEUE=0)', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let product: string;
  /** The provider's createPayment waits for `gate` once `hold` is set: alice's order creation keeps the slot. */
  let hold: { reached: ReturnType<typeof deferred>; gate: ReturnType<typeof deferred> } | undefined;

  beforeAll(async () => {
    const inner = createSandboxProvider('http://shop.test');
    const payments: PaymentProvider = {
      ...inner,
      async createPayment(input, ctx) {
        if (hold) {
          hold.reached.open();
          await hold.gate.promise;
        }
        return inner.createPayment(input, ctx);
      },
    };
    t = await buildTestApp({ CHECKOUT_CONCURRENCY: '1', CHECKOUT_QUEUE: '0' }, { payments });
    alice = await signUpAndLogIn(t.app);
    bob = await signUpAndLogIn(t.app);
    product = await insertProduct(t.db, { title: 'Flash sale lamp', totalStock: 50 });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('refuses a cart add with 503 while the slot is taken, changes nothing, and admits it after', async () => {
    await addToCart(t.app, alice, product, 1);
    const address = await addAddress(t.app, alice);
    hold = { reached: deferred(), gate: deferred() };
    const creating = as(t.app, alice).post('/api/shop/order/create', {
      userId: alice.userId,
      address: { addressId: address._id },
    });
    await hold.reached.promise;

    const refused = await as(t.app, bob).post(`/api/shop/cart/add/${bob.userId}/${product}`, { quantity: 1 });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.json()).toEqual({ success: false, message: CHECKOUT_BUSY_MESSAGE });
    const bobsCart = await as(t.app, bob).get(`/api/shop/cart/get/${bob.userId}`);
    expect(bobsCart.json().data.items).toEqual([]);

    // A capture is a completion: it waits for the slot instead of being refused.
    let captureAnswered = false;
    const capturing = capture(t.app, bob, {
      orderId: '00000000-0000-4000-8000-000000000000',
      paymentId: 'PAY-UNKNOWN',
      payerId: 'PAYER',
    }).then((res) => {
      captureAnswered = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(captureAnswered).toBe(false);

    hold.gate.open();
    hold = undefined;
    expect((await creating).statusCode).toBe(201);
    expect((await capturing).statusCode).toBe(404);
    const admitted = await as(t.app, bob).post(`/api/shop/cart/add/${bob.userId}/${product}`, {
      quantity: 1,
    });
    expect(admitted.statusCode).toBe(200);
    expect(admitted.json().data.items).toHaveLength(1);
  });
});
