/**
 * Guest orders' constants and sentences (issue 41), without zod: the web app's pages import them without the schema
 * library. An order link is `<storefront>/shop/order/<token>`, the token 32 random bytes as base64url (43
 * characters); it opens exactly one guest order for {@link ORDER_LINK_DAYS} days.
 */

/** How long an order link opens its order: 90 days, covering the 14 days of withdrawal after a late delivery. */
export const ORDER_LINK_DAYS = 90;

/** The one answer to an unknown, altered, expired or revoked order link (404): the same words for each. */
export const ORDER_LINK_INVALID =
  'This order link is not valid any more. If the order is in your account, sign in to see it; otherwise ask for a new link with “Find my order”.';

/** The one answer to "Find my order" (202), whether or not an order matches (no oracle of orders or addresses). */
export const FIND_MY_ORDER_REQUESTED = 'If an order matches, we have e-mailed a link';

/** A link token in a path: anything longer than this is refused like an unknown token. */
export const ORDER_LINK_TOKEN_MAX = 200;
