import { z } from 'zod';
import { RegisterBody } from './auth.ts';
import { ClaimedOrders } from './order-links.ts';

/**
 * Account recovery API schemas (issue 25 "Accounts a shopper can keep"; DESIGN.md §4 "Account recovery and
 * upkeep"): password reset by e-mailed link, e-mail verification. Bodies are strict (unknown keys refused with 400)
 * and bounded.
 */

/** Tokens in links are 43 base64url characters; anything longer is refused before any lookup. */
const LinkToken = z
  .string({ error: 'The link is incomplete. Please open the link from the e-mail again.' })
  .trim()
  .min(1, 'The link is incomplete. Please open the link from the e-mail again.')
  .max(200, 'The link is not valid. Please open the link from the e-mail again.');

/** `POST /api/auth/password-reset`: the account's e-mail (trimmed, lower-cased like registration). */
export const PasswordResetRequestBody = z.strictObject({ email: RegisterBody.shape.email });
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBody>;

/** The one answer to a reset request, whether or not the account exists (no account enumeration). */
export const PASSWORD_RESET_REQUESTED =
  'If an account exists for that address, we sent a link to reset the password. It works for 30 minutes.';

/** `POST /api/auth/password-reset/confirm`: the token from the link and the new password (registration rules). */
export const PasswordResetConfirmBody = z.strictObject({
  token: LinkToken,
  password: RegisterBody.shape.password,
});
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBody>;

/** `POST /api/auth/verify-email`: the token from the verification link. */
export const VerifyEmailBody = z.strictObject({ token: LinkToken });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

/**
 * `POST /api/auth/verify-email` and `POST /api/auth/password-reset/confirm` answers: the message, and how many paid
 * guest orders placed with the proven address joined the account (issue 41; absent when none).
 */
export const VerifyEmailResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  claimedOrders: ClaimedOrders,
});
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;

/** `GET /api/auth/account`: what the web app needs to know about the caller's address. */
export const AccountStatusResponse = z.object({
  success: z.literal(true),
  email: z.string(),
  /** True once the address was confirmed through a link mailed to it. */
  emailVerified: z.boolean(),
});
export type AccountStatusResponse = z.infer<typeof AccountStatusResponse>;

/** The message `POST /api/shop/order/create` answers (403) while REQUIRE_EMAIL_VERIFICATION is on. */
export const VERIFY_EMAIL_BEFORE_ORDER = 'Please verify your e-mail address before placing an order.';
