/**
 * A payment return that reached a signed-out browser (issue 27: the provider's return opened in another browser or
 * from a payment app): the guard keeps its query here before sending the shopper to sign in, and the login page goes
 * back to it afterwards, so the return page can find the order by its payment id. Only the return page's own path is
 * ever stored, so this cannot be used to redirect elsewhere.
 */
const KEY = 'paymentReturn';
const PATH = '/shop/paypal-return';

/** Keeps the return page's query (`?paymentId=…&PayerID=…`) for after sign-in. */
export function rememberPaymentReturn(search: string): void {
  if (search.length > 1 && search.length <= 1000) sessionStorage.setItem(KEY, search);
}

/** Where to go after signing in: the remembered payment return (once), or undefined. */
export function takePaymentReturn(): string | undefined {
  const search = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return search && search.startsWith('?') ? `${PATH}${search}` : undefined;
}
