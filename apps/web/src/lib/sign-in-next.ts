/**
 * Where the login page goes once signed in, in the open storefront (issue 41): a visitor's Buy Now or Checkout
 * hands over `{next: '/shop/checkout'}` as the router state (guest checkout is a later step).
 */
export interface SignInNext {
  next?: string;
}

/** The `next` of a login page's router state when it is one of the shop's pages; undefined otherwise. */
export function signInNext(state: unknown): string | undefined {
  const next = (state as SignInNext | null)?.next;
  return typeof next === 'string' && /^\/shop\/[a-z-]+$/.test(next) ? next : undefined;
}
