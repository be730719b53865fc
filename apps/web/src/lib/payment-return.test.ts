import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linkedOrderId, rememberForSignIn, takeSignInReturn } from './payment-return';

/** The browser's sessionStorage, as a Map (tests run in Node). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const ORDER = '123e4567-e89b-42d3-a456-426614174000';

describe('what the sign-in goes back to (issue 27 payment returns, issue 40 order links)', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('goes back to a payment return with its query, once', () => {
    rememberForSignIn('/shop/paypal-return', '?paymentId=PAY-1&PayerID=P2');
    expect(takeSignInReturn()).toBe('/shop/paypal-return?paymentId=PAY-1&PayerID=P2');
    expect(takeSignInReturn()).toBeUndefined();
  });

  it("goes back to an order link with the order's id only", () => {
    rememberForSignIn('/shop/account', `?order=${ORDER}&utm_source=mail`);
    expect(takeSignInReturn()).toBe(`/shop/account?order=${ORDER}`);
  });

  it('keeps nothing for other pages, an account page without an order, or an order id that is not one', () => {
    for (const [path, search] of [
      ['/shop/checkout', '?order=1'],
      ['/shop/account', ''],
      ['/shop/account', '?order=../../admin/users'],
      ['/shop/account', `?order=${'a'.repeat(65)}`],
      ['/shop/paypal-return', ''],
      ['//evil.example/shop/account', `?order=${ORDER}`],
    ] as const) {
      rememberForSignIn(path, search);
      expect(takeSignInReturn(), `${path}${search}`).toBeUndefined();
    }
  });

  it('ignores a stored value that is neither (written by something else)', () => {
    sessionStorage.setItem('paymentReturn', 'https://evil.example/');
    expect(takeSignInReturn()).toBeUndefined();
    sessionStorage.setItem('paymentReturn', '/shop/account?order=../x');
    expect(takeSignInReturn()).toBeUndefined();
  });

  it('reads the order id of a query string or of URLSearchParams', () => {
    expect(linkedOrderId(`?order=${ORDER}`)).toBe(ORDER);
    expect(linkedOrderId(new URLSearchParams({ order: 'abc-123' }))).toBe('abc-123');
    expect(linkedOrderId('?order=a%2Fb')).toBeNull();
    expect(linkedOrderId('')).toBeNull();
  });
});
