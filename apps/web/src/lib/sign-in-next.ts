/**
 * Where the login page goes once signed in: a payment return or an e-mail's order link remembered by the guard
 * (lib/payment-return.ts, issues 27 and 40), else in the open storefront (issue 41) the page a visitor's Buy Now or Checkout names as the router
 * state (`{next: '/shop/checkout'}`; guest checkout is a later step), else the shop's home. Its own module, so that
 * it downloads with the login page only.
 */
import { takeSignInReturn } from './payment-return';

export interface SignInNext {
  next?: string;
}

/** The page after signing in, for the login page's router `state`; a remembered return is used once. */
export function pageAfterSignIn(state: unknown): string {
  const remembered = takeSignInReturn();
  if (remembered) return remembered;
  // Only one of the shop's own pages: a state cannot send the shopper elsewhere.
  const next = (state as SignInNext | null)?.next;
  return typeof next === 'string' && /^\/shop\/[a-z-]+$/.test(next) ? next : '/shop/home';
}
