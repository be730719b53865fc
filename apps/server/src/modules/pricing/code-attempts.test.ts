/**
 * Issue 46, item 13, written as the attack: discount codes could be guessed without a throttle, and each answer said
 * whether the code existed (an upcoming one even told its start date). Wrong codes are now counted per account and
 * per client address like failed logins (then 429 with Retry-After, before any code is looked up), the checkout's
 * repeated quotes of one wrong code count once, and unknown, switched-off and not-yet-started codes answer alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes } from '../../db/schema.ts';
import { buildTestApp, insertProduct, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { addAddress, addToCart, type Session } from '../../test/shop-client.ts';
import { WRONG_CODES_PER_ACCOUNT, WRONG_CODES_PER_CLIENT } from './code-attempts.ts';

let t: TestApp;
let product: string;

beforeAll(async () => {
  t = await buildTestApp();
  product = await insertProduct(t.db, { price: 40, totalStock: 1000 });
  await t.db.insert(discountCodes).values([
    { code: 'REAL10', kind: 'percent', value: 10 },
    { code: 'SOON', kind: 'percent', value: 50, startsAt: new Date('2099-03-01T12:00:00Z') },
    { code: 'OFF', kind: 'percent', value: 50, active: false },
  ]);
});
afterAll(async () => {
  await t.app.close();
});

/** A shopper with one product in the cart and an address. */
async function shopper(): Promise<Session & { addressId: string }> {
  const s = await signUpAndLogIn(t.app);
  await addToCart(t.app, s, product, 1);
  return { ...s, addressId: (await addAddress(t.app, s))._id };
}

/** The checkout's quote with `code`, from the client address `ip`. */
const quote = (s: Session & { addressId: string }, code: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shop/checkout/quote',
    remoteAddress: ip,
    headers: { authorization: `Bearer ${s.token}` },
    payload: { addressId: s.addressId, discountCode: code },
  });

describe('discount code guesses are throttled', () => {
  it(`an account past ${WRONG_CODES_PER_ACCOUNT} wrong codes gets 429, even for a real code, from any address`, async () => {
    const s = await shopper();
    for (let i = 0; i < WRONG_CODES_PER_ACCOUNT; i++) {
      const res = await quote(s, `GUESS${i}`, '10.1.0.1');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.discountCode).toMatchObject({
        applied: false,
        message: `The code GUESS${i} is not valid.`,
      });
    }
    for (const [code, ip] of [
      ['GUESSMORE', '10.1.0.1'],
      ['REAL10', '10.1.0.1'],
      ['REAL10', '10.1.0.2'],
    ]) {
      const res = await quote(s, code!, ip!);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        success: false,
        message:
          'Too many discount codes that are not valid were tried. Please check your code and try again in 1 minute.',
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Placing the order with a code is refused the same way, and nothing is placed.
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/shop/order/create',
      remoteAddress: '10.1.0.1',
      headers: { authorization: `Bearer ${s.token}` },
      payload: { userId: s.userId, address: { addressId: s.addressId }, discountCode: 'REAL10' },
    });
    expect(order.statusCode).toBe(429);
    // Without a code the checkout still works for them.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/shop/checkout/quote',
      remoteAddress: '10.1.0.1',
      headers: { authorization: `Bearer ${s.token}` },
      payload: { addressId: s.addressId },
    });
    expect(plain.statusCode).toBe(200);
    // Another account elsewhere is not affected.
    expect((await quote(await shopper(), 'REAL10', '10.1.0.3')).json().data.discountCode).toMatchObject({
      applied: true,
    });
  });

  it(`one address past ${WRONG_CODES_PER_CLIENT} wrong codes, across accounts, waits; the accounts elsewhere do not`, async () => {
    const ip = '10.2.0.1';
    const perAccount = WRONG_CODES_PER_ACCOUNT - 1;
    const accounts = Math.ceil(WRONG_CODES_PER_CLIENT / perAccount);
    const guessers = [];
    let sent = 0;
    for (let a = 0; a < accounts; a++) {
      const s = await shopper();
      guessers.push(s);
      for (let i = 0; i < perAccount && sent < WRONG_CODES_PER_CLIENT; i++, sent++) {
        expect((await quote(s, `NAT${a}X${i}`, ip)).statusCode).toBe(200);
      }
    }
    expect((await quote(await shopper(), 'REAL10', ip)).statusCode).toBe(429);
    // Each account stayed under its own limit: from another address they may still try.
    expect((await quote(guessers[0]!, 'REAL10', '10.2.0.2')).json().data.discountCode).toMatchObject({
      applied: true,
    });
  });

  it('the quote asking again about the same wrong code (address or cart changed) counts it once', async () => {
    const s = await shopper();
    for (let i = 0; i < WRONG_CODES_PER_ACCOUNT * 2; i++) {
      expect((await quote(s, 'TYPO10', '10.3.0.1')).statusCode).toBe(200);
    }
    expect((await quote(s, 'REAL10', '10.3.0.1')).json().data.discountCode).toMatchObject({ applied: true });
  });

  it('unknown, switched off and not started yet answer alike: nothing says the code exists or when it starts', async () => {
    const s = await shopper();
    const messages = [];
    for (const code of ['NOSUCH', 'OFF', 'SOON']) {
      messages.push((await quote(s, code, '10.4.0.1')).json().data.discountCode.message);
    }
    expect(messages).toEqual([
      'The code NOSUCH is not valid.',
      'The code OFF is not valid.',
      'The code SOON is not valid.',
    ]);
  });
});
