/**
 * The purchase feature's lazily loaded parts that share the checkout's pieces (its pricing, the cart's lines, the
 * address book): the checkout page, the account's Address tab, and the cart lines and shipping note of the cart
 * panel (cart-panel.tsx takes them from here). One module, so they come as one chunk: the checkout's first load
 * fetches one chunk for its page rather than its page and a shared one besides, and opening the panel or the tab
 * fetches the same chunk (issue 46: every chunk costs its response headers).
 */
export { CheckoutPage } from './checkout-page';
export { AccountAddresses } from './account-addresses';
export { CartItemRow } from './cart-item-row';
export { CartShippingNote } from './checkout-pricing';
