/**
 * Where a signed-out browser was going, kept across the sign-in: the guard keeps it here before sending the shopper
 * to sign in, and the login page goes back to it afterwards. Two destinations only, so this cannot be used to
 * redirect elsewhere:
 * - a payment return (issue 27: the provider's return opened in another browser or from a payment app), so the
 *   return page can find the order by its payment id: `/shop/paypal-return` with its query;
 * - an order link (issue 40, item 10: the e-mails' "View your order"): `/shop/account?order=<id>`.
 */
const KEY = 'paymentReturn';
const PAYMENT_RETURN = '/shop/paypal-return';
const ACCOUNT = '/shop/account';

/** An order id as the order links carry it (a UUID, or any id of letters, digits and dashes up to 64). */
const ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The order id of an order link's query (`?order=<id>`), or null when there is none or it is not an id. */
export function linkedOrderId(search: string | URLSearchParams): string | null {
  const id = (typeof search === 'string' ? new URLSearchParams(search) : search).get('order');
  return id !== null && ORDER_ID.test(id) ? id : null;
}

/** Keeps a payment return's query or an order link for after sign-in; any other address is not kept. */
export function rememberForSignIn(pathname: string, search: string): void {
  if (pathname === PAYMENT_RETURN && search.length > 1 && search.length <= 1000) {
    sessionStorage.setItem(KEY, `${PAYMENT_RETURN}${search}`);
  } else if (pathname === ACCOUNT) {
    const id = linkedOrderId(search);
    if (id) sessionStorage.setItem(KEY, `${ACCOUNT}?order=${id}`);
  }
}

/** Where to go after signing in: the remembered payment return or order link (once), or undefined. */
export function takeSignInReturn(): string | undefined {
  const target = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (target?.startsWith(`${PAYMENT_RETURN}?`)) return target;
  if (target?.startsWith(`${ACCOUNT}?`) && linkedOrderId(target.slice(ACCOUNT.length))) return target;
  return undefined;
}
