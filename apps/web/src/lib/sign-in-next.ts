/**
 * Where the login page goes once signed in: a payment return remembered by the guard (lib/payment-return.ts,
 * issue 27), else in the open storefront (issue 41) the page a visitor's Buy Now or Checkout names as the router
 * state (`{next: '/shop/checkout'}`; guest checkout is a later step), else the shop's home. Its own module, so that
 * it downloads with the login page only.
 */
import { PAYMENT_RETURN_KEY } from './payment-return';

export interface SignInNext {
  next?: string;
}

/** The page after signing in, for the login page's router `state`; a remembered payment return is used once. */
export function pageAfterSignIn(state: unknown): string {
  const search = sessionStorage.getItem(PAYMENT_RETURN_KEY);
  sessionStorage.removeItem(PAYMENT_RETURN_KEY);
  if (search && search.startsWith('?')) return `/shop/paypal-return${search}`;
  // Only one of the shop's own pages: a state cannot send the shopper elsewhere.
  const next = (state as SignInNext | null)?.next;
  return typeof next === 'string' && /^\/shop\/[a-z-]+$/.test(next) ? next : '/shop/home';
}
