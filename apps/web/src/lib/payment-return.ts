/**
 * A payment return that reached a signed-out browser (issue 27: the provider's return opened in another browser or
 * from a payment app): the guard keeps its query here before sending the shopper to sign in, and the login page goes
 * back to it afterwards (lib/sign-in-next.ts), so the return page can find the order by its payment id. Only the return page's own path is
 * ever stored, so this cannot be used to redirect elsewhere.
 */
/** The session-storage key of the remembered return; read once by the login page (lib/sign-in-next.ts). */
export const PAYMENT_RETURN_KEY = 'paymentReturn';

/** Keeps the return page's query (`?paymentId=…&PayerID=…`) for after sign-in. */
export function rememberPaymentReturn(search: string): void {
  if (search.length > 1 && search.length <= 1000) sessionStorage.setItem(PAYMENT_RETURN_KEY, search);
}
