import { z } from 'zod';
import { ClaimedOrders } from './order-links.ts';
import { LIMITS } from './limits.ts';
import { Address } from './addresses.ts';
import { Order } from './orders.ts';
import { RegisterBody } from './auth.ts';
import { Review } from './reviews.ts';

/**
 * Account settings API schemas (issue 25 "Accounts a shopper can keep"; DESIGN.md §4 "Account recovery and
 * upkeep"): change password, change e-mail, the session list, data export and account deletion, under
 * `/api/account/*`. Bodies are strict (unknown keys refused with 400); every string is bounded.
 */

/** The caller's current password, asked again before a sensitive change. */
const CurrentPassword = z
  .string({ error: 'Enter your current password' })
  .min(1, 'Enter your current password')
  .max(LIMITS.password.max);

/** `POST /api/account/password`: the new password follows the registration rules (RegisterBody). */
export const ChangePasswordBody = z.strictObject({
  currentPassword: CurrentPassword,
  newPassword: RegisterBody.shape.password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** `POST /api/account/email`: the new address (trimmed, lower-cased, like registration) and the current password. */
export const ChangeEmailBody = z.strictObject({
  newEmail: RegisterBody.shape.email,
  password: CurrentPassword,
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;

/** `POST /api/account/email/confirm`: the token from the link mailed to the new address. */
export const ConfirmEmailBody = z.strictObject({
  token: z
    .string({ error: 'The confirmation link is incomplete' })
    .min(1, 'The confirmation link is incomplete')
    .max(200),
});
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBody>;

export const ConfirmEmailResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The account's address now. */
  email: z.string(),
  /** Paid guest orders placed with the proven address that joined the account (issue 41). */
  claimedOrders: ClaimedOrders,
});
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponse>;

/** `POST /api/account/delete`: the password confirms that the owner is asking. */
export const DeleteAccountBody = z.strictObject({ password: CurrentPassword });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** One signed-in session of the caller, as the session list shows it (no token or hash). */
export const AccountSession = z.object({
  _id: z.string(),
  /** Named from the User-Agent, e.g. "Chrome on Windows"; "Unknown device" without one. */
  device: z.string(),
  /** The client address it signed in from (TRUST_PROXY's rules); null when not recorded. */
  ip: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601; last request seen (updated at most once a minute), null before the first. */
  lastSeenAt: z.string().nullable(),
  /** ISO 8601. */
  expiresAt: z.string(),
  /** True for the session making this request ("This device"). */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

export const AccountSessionListResponse = z.object({
  success: z.literal(true),
  data: z.array(AccountSession),
});
export type AccountSessionListResponse = z.infer<typeof AccountSessionListResponse>;

export const AccountSessionParams = z.object({ id: z.string().max(64) });

/** `POST /api/account/sessions/revoke-all`: how many other sessions were signed out. */
export const RevokeSessionsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  revoked: z.number().int(),
});
export type RevokeSessionsResponse = z.infer<typeof RevokeSessionsResponse>;

/** `GET /api/account/export`: everything the shop keeps about the caller (no hashes, tokens or secrets). */
export const AccountExport = z.object({
  exportedAt: z.string(),
  profile: z.object({
    userId: z.string(),
    userName: z.string(),
    email: z.string(),
    role: z.string(),
    createdAt: z.string(),
    emailVerifiedAt: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
  }),
  addresses: z.array(Address),
  orders: z.array(Order),
  reviews: z.array(Review.extend({ productTitle: z.string().nullable() })),
  sessions: z.array(AccountSession.omit({ current: true }).extend({ revokedAt: z.string().nullable() })),
});
export type AccountExport = z.infer<typeof AccountExport>;
