import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { LoginResponse } from './auth.ts';

/**
 * Two-factor sign-in schemas (issue 25; DESIGN.md §4 "Two-factor sign-in"): TOTP codes (RFC 6238, 6 digits) and
 * single-use recovery codes. Bodies are strict: unknown keys are refused with 400.
 */

/** Digits a TOTP code has (RFC 6238 as authenticator apps use it). */
export const TOTP_DIGITS = 6;
/** Recovery codes handed out per enrolment or regeneration. */
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit code; spaces a person may type between the digits are ignored. */
export const TotpCode = z
  .string()
  .max(20)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** A recovery code as shown (`abcde-fghij`); letter case, spaces and hyphens are ignored. */
export const RecoveryCode = z
  .string()
  .max(40)
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, 'Enter one of your recovery codes, like abcde-fghij'));

const Password = z.string().min(1, 'Enter your password').max(LIMITS.password.max);

/** `POST /api/account/two-factor/setup`: the current password, to start enrolment. */
export const TwoFactorSetupBody = z.strictObject({ password: Password });
export type TwoFactorSetupBody = z.input<typeof TwoFactorSetupBody>;

/** The new secret: the otpauth:// URI, the same key to type in by hand, and the URI as a QR code (SVG data URL). */
export const TwoFactorSetupResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  otpauthUri: z.string(),
  manualKey: z.string(),
  qrCode: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponse>;

/** `POST /api/account/two-factor/enable` and `/recovery-codes`: a current code from the app. */
export const TwoFactorCodeBody = z.strictObject({ code: TotpCode });
export type TwoFactorCodeBody = z.input<typeof TwoFactorCodeBody>;

/** The recovery codes, shown once: only their SHA-256 is kept. */
export const RecoveryCodesResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;

/** `POST /api/account/two-factor/disable`: the password and a current code. */
export const TwoFactorDisableBody = z.strictObject({ password: Password, code: TotpCode });
export type TwoFactorDisableBody = z.input<typeof TwoFactorDisableBody>;

/** `GET /api/account/two-factor`: whether it is on, whether the shop requires it of this account, codes left. */
export const TwoFactorStatusResponse = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatusResponse = z.infer<typeof TwoFactorStatusResponse>;

/** What `POST /api/auth/login` answers, instead of a session, for an account with two-factor sign-in. */
export const LoginChallengeResponse = z.object({
  success: z.literal(true),
  twoFactorRequired: z.literal(true),
  /** A short-lived (5 minutes) token for `POST /api/auth/login/two-factor`; it is not a session. */
  challenge: z.string(),
  message: z.string(),
});
export type LoginChallengeResponse = z.infer<typeof LoginChallengeResponse>;

/** `POST /api/auth/login`'s 200: the spec's answer, or the two-factor challenge. */
export const LoginOrChallengeResponse = z.union([LoginResponse, LoginChallengeResponse]);
export type LoginOrChallengeResponse = z.infer<typeof LoginOrChallengeResponse>;

const Challenge = z.string().min(1, 'Sign in again with your password').max(200);

/** `POST /api/auth/login/two-factor`: the challenge with a code from the app, or with a recovery code. */
export const TwoFactorLoginBody = z
  .strictObject({ challenge: Challenge, code: TotpCode.optional(), recoveryCode: RecoveryCode.optional() })
  .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), {
    message: 'Enter the 6-digit code from your authenticator app, or one recovery code',
  });
export type TwoFactorLoginBody = z.input<typeof TwoFactorLoginBody>;
