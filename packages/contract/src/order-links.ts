import { z } from 'zod';
import { RegisterBody } from './auth.ts';

/**
 * Guest orders' public API (issue 41): signed order links and "Find my order". An order link is
 * `<storefront>/shop/order/<token>`, the token 32 random bytes as base64url (43 characters); it opens exactly one
 * guest order for {@link ORDER_LINK_DAYS} days.
 */

/** How long an order link opens its order: 90 days, covering the 14 days of withdrawal after a late delivery. */
export const ORDER_LINK_DAYS = 90;

/** The one answer to an unknown, altered, expired or revoked order link (404): the same words for each. */
export const ORDER_LINK_INVALID =
  'This order link is not valid any more. If the order is in your account, sign in to see it; otherwise ask for a new link with “Find my order”.';

/** The one answer to "Find my order" (202), whether or not an order matches (no oracle of orders or addresses). */
export const FIND_MY_ORDER_REQUESTED = 'If an order matches, we have e-mailed a link';

/** Reads an order number as a person types it: `1001`, `#1001`, ` # 1001 `. */
const OrderNumber = z
  .union([z.number(), z.string()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim().replace(/^#\s*/, '')))
  .pipe(
    z
      .string()
      .regex(/^\d{1,15}$/, 'Enter the order number from your confirmation e-mail, for example #1001.')
      .transform(Number),
  );

/** `POST /api/shop/find-my-order`: the e-mail the order was placed with (normalised like an account's) and its number. */
export const FindMyOrderBody = z.strictObject({
  email: RegisterBody.shape.email,
  orderNumber: OrderNumber,
});
export type FindMyOrderBody = z.input<typeof FindMyOrderBody>;

/** A link token in a path: anything longer than this is refused like an unknown token. */
export const ORDER_LINK_TOKEN_MAX = 200;

/**
 * What proving an address added to the account (issue 41 "Claim on proof"): how many paid guest orders placed with
 * that address became the account's. Absent when none did.
 */
export const ClaimedOrders = z.number().int().min(1).optional();

/** The sentence the web app shows for `claimedOrders`: "2 earlier orders were added to your account". */
export function claimedOrdersMessage(n: number): string {
  return n === 1
    ? '1 earlier order was added to your account'
    : `${n} earlier orders were added to your account`;
}
