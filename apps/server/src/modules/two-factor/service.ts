/**
 * Two-factor sign-in (issue 25; DESIGN.md §4 "Two-factor sign-in"): TOTP (RFC 6238: SHA-1, 6 digits, 30-second
 * steps, ±1 step accepted, a step once accepted never again), the secret encrypted at rest (secret-crypto.ts), ten
 * single-use recovery codes of which only the SHA-256 is kept, and the sign-in challenge: a password that is right
 * for an account with two-factor opens no session but gives a 5-minute token (account_tokens, purpose
 * 'two-factor-login', hashed) spent after 5 wrong codes. Wrong codes and passwords count in the login throttle under
 * a key of the account (`two-factor|<userId>`), so guessing is slowed whichever challenge or client it comes from.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, type AuthUser } from '@emporium/contract';
import { ConfigError } from '../../config.ts';
import { selectRows, transactionWithRetry, type Db } from '../../db/client.ts';
import { accountTokens, recoveryCodes, users } from '../../db/schema.ts';
import { conflict, forbidden, HttpError, unauthorized } from '../../lib/http-error.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import type { PasswordHasher } from '../auth/password.ts';
import { hashToken, revokeUserSessions, type SessionCache } from '../auth/session.service.ts';
import { decryptSecret, encryptSecret } from './secret-crypto.ts';

/** The name authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Emporium';
/** How long a sign-in challenge lasts (ms): 5 minutes (issue 25). */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong codes after which a challenge is spent (issue 25). */
export const CHALLENGE_MAX_ATTEMPTS = 5;
/** TOTP step (seconds, RFC 6238's default, what authenticator apps use). */
const STEP_SECONDS = 30;

export const ADMIN_TWO_FACTOR_REQUIRED =
  'Two-factor sign-in is required for admins. Set it up in your account settings.';
export const CHALLENGE_SPENT = 'This sign-in has expired. Sign in again with your email and password.';
export const WRONG_CODE = 'That code is not right. Enter the current code from your authenticator app.';
export const WRONG_RECOVERY_CODE = 'That recovery code is not right or has been used already.';
export const WRONG_PASSWORD = 'Your password is not correct.';

export interface TwoFactorDeps {
  /** AES-256-GCM key (config.totpEncryptionKey); undefined in production without TOTP_ENCRYPTION_KEY. */
  key: Buffer | undefined;
  hasher: PasswordHasher;
  /** The login throttle: wrong codes and passwords count under the account's key. */
  throttle: LoginThrottle;
}

/** The throttle key of an account's two-factor attempts (every challenge and client together). */
export function twoFactorThrottleKey(userId: string): string {
  return `two-factor|${userId}`;
}

function requireKey(key: Buffer | undefined): Buffer {
  if (!key) {
    throw new HttpError(
      503,
      'Two-factor sign-in is not available: the server has no TOTP_ENCRYPTION_KEY. Ask the shop to set it.',
    );
  }
  return key;
}

/** 429 with Retry-After while the account's two-factor attempts are throttled (worded like the login's). */
async function refuseWhileThrottled(throttle: LoginThrottle, key: string): Promise<void> {
  const waitMs = await throttle.retryAfterMs(key);
  if (waitMs <= 0) return;
  const seconds = Math.ceil(waitMs / 1000);
  const minutes = Math.ceil(seconds / 60);
  const when = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  throw new HttpError(429, `Too many wrong codes. Try again in ${when}.`, { 'retry-after': String(seconds) });
}

/**
 * The time step `code` belongs to when it is right for `secret` within ±1 step of now and later than `lastStep`
 * (no replay, RFC 6238 §5.2); null otherwise.
 */
async function matchingStep(secret: string, code: string, lastStep: number | null): Promise<number | null> {
  // A tolerance of one step either side of now checks exactly the steps now-1, now and now+1.
  const result = await verify({
    secret,
    token: code,
    epochTolerance: STEP_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Accepts `code` for `user` once: the step is recorded with a conditional UPDATE (`… where totp_last_step < step`),
 * so of two requests with the same code, however concurrent, one wins.
 */
async function consumeCode(
  tx: Db,
  key: Buffer,
  user: { id: string; totpSecret: string | null; totpLastStep: number | null },
  code: string,
  enabling = false,
): Promise<boolean> {
  if (!user.totpSecret) return false;
  const step = await matchingStep(decryptSecret(key, user.id, user.totpSecret), code, user.totpLastStep);
  if (step === null) return false;
  const updated = await tx
    .update(users)
    .set({ totpLastStep: step, ...(enabling ? { totpEnabledAt: new Date() } : {}) })
    .where(
      and(
        eq(users.id, user.id),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
        enabling ? isNull(users.totpEnabledAt) : undefined,
      ),
    )
    .returning({ id: users.id });
  return updated.length > 0;
}

/** SHA-256 (hex) of a recovery code without its hyphen, lower-cased: how it is stored and looked up. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(code.replace(/[\s-]+/g, '').toLowerCase())
    .digest('hex');
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code: 10 random Base32 letters (50 bits), shown as `abcde-fghij`. */
function newRecoveryCode(): string {
  const letters = [...randomBytes(10)].map((b) => BASE32[b & 31]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** Replaces the account's recovery codes with ten new ones; returns them (the only time they are readable). */
async function replaceRecoveryCodes(tx: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
  return codes;
}

/** Uses one recovery code of `userId`: true once per code (a conditional UPDATE on `used_at is null`). */
async function useRecoveryCode(tx: Db, userId: string, code: string): Promise<boolean> {
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/** Checks the signed-in account's password; a wrong one counts as a failure of the account's throttle (403). */
async function checkPassword(db: Db, deps: TwoFactorDeps, userId: string, password: string) {
  const throttleKey = twoFactorThrottleKey(userId);
  await refuseWhileThrottled(deps.throttle, throttleKey);
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw unauthorized();
  if (!(await deps.hasher.verify(user.passwordHash, password))) {
    await deps.throttle.recordFailure(throttleKey);
    throw forbidden(WRONG_PASSWORD);
  }
  return user;
}

/** Runs a step that needs a right code; a wrong one counts in the throttle and is a 400 with `WRONG_CODE`. */
async function withCode<T>(
  deps: TwoFactorDeps,
  userId: string,
  work: () => Promise<T | 'wrong-code'>,
): Promise<T> {
  const throttleKey = twoFactorThrottleKey(userId);
  await refuseWhileThrottled(deps.throttle, throttleKey);
  const result = await work();
  if (result === 'wrong-code') {
    await deps.throttle.recordFailure(throttleKey);
    throw new HttpError(400, WRONG_CODE);
  }
  await deps.throttle.reset(throttleKey);
  return result;
}

/** What the account page shows: on or off, whether the shop requires it of this account, recovery codes left. */
export async function twoFactorStatus(
  db: Db,
  user: AuthUser,
  adminRequired: boolean,
): Promise<{ enabled: boolean; required: boolean; recoveryCodesLeft: number }> {
  const [row] = await db
    .select({ enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, user.userId))
    .limit(1);
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.userId), isNull(recoveryCodes.usedAt)));
  return {
    enabled: Boolean(row?.enabledAt),
    required: adminRequired && user.role === 'admin',
    recoveryCodesLeft: row?.enabledAt ? (left?.n ?? 0) : 0,
  };
}

/**
 * Starts enrolment (needs the current password): a new secret, stored encrypted and not yet in force, replacing an
 * unconfirmed one. Returns the otpauth:// URI, the key grouped by four for typing, and the URI as an SVG QR code
 * (data URL). 403 wrong password, 409 already on, 429 throttled, 503 no TOTP_ENCRYPTION_KEY.
 */
export async function startEnrolment(
  db: Db,
  deps: TwoFactorDeps,
  userId: string,
  password: string,
): Promise<{ otpauthUri: string; manualKey: string; qrCode: string }> {
  const key = requireKey(deps.key);
  const user = await checkPassword(db, deps, userId, password);
  if (user.totpEnabledAt)
    throw conflict('Two-factor sign-in is already on. Turn it off first to set it up again.');
  const secret = generateSecret();
  const stored = await db
    .update(users)
    .set({ totpSecret: encryptSecret(key, userId, secret), totpLastStep: null })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (stored.length === 0) throw conflict('Two-factor sign-in is already on.');
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: user.email, secret });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return {
    otpauthUri,
    manualKey: secret.match(/.{1,4}/g)!.join(' '),
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * Confirms enrolment with a first code: two-factor is on from now (totp_enabled_at, and the code's step as the last
 * used), and ten new recovery codes are returned. 400 wrong code, 409 not started or already on, 429.
 */
export async function confirmEnrolment(
  db: Db,
  deps: TwoFactorDeps,
  userId: string,
  code: string,
): Promise<string[]> {
  const key = requireKey(deps.key);
  return withCode(deps, userId, () =>
    transactionWithRetry(db, async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw unauthorized();
      if (user.totpEnabledAt) throw conflict('Two-factor sign-in is already on.');
      if (!user.totpSecret) throw conflict('Start the set-up first: scan the QR code, then enter a code.');
      if (!(await consumeCode(tx, key, user, code, true))) return 'wrong-code' as const;
      return replaceRecoveryCodes(tx, userId);
    }),
  );
}

/**
 * Turns two-factor off (needs the password and a current code): the secret, recovery codes and pending sign-in
 * challenges are deleted. 403 wrong password, 400 wrong code, 409 not on, 429.
 */
export async function disableTwoFactor(
  db: Db,
  deps: TwoFactorDeps,
  userId: string,
  password: string,
  code: string,
): Promise<void> {
  const key = requireKey(deps.key);
  await checkPassword(db, deps, userId, password);
  await withCode(deps, userId, () =>
    transactionWithRetry(db, async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw unauthorized();
      if (!user.totpEnabledAt) throw conflict('Two-factor sign-in is not on.');
      if (!(await consumeCode(tx, key, user, code))) return 'wrong-code' as const;
      await clearTwoFactor(tx, userId);
      return true;
    }),
  );
}

/** Ten new recovery codes for a current code; the old ones stop working. 400 wrong code, 409 not on, 429. */
export async function regenerateRecoveryCodes(
  db: Db,
  deps: TwoFactorDeps,
  userId: string,
  code: string,
): Promise<string[]> {
  const key = requireKey(deps.key);
  return withCode(deps, userId, () =>
    transactionWithRetry(db, async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw unauthorized();
      if (!user.totpEnabledAt) throw conflict('Two-factor sign-in is not on.');
      if (!(await consumeCode(tx, key, user, code))) return 'wrong-code' as const;
      return replaceRecoveryCodes(tx, userId);
    }),
  );
}

/** Deletes the account's secret, recovery codes and sign-in challenges. */
async function clearTwoFactor(tx: Db, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'two-factor-login')));
}

/**
 * The second step's token, for an account whose password was right and which has two-factor on: random 256 bits,
 * only the SHA-256 stored, valid `CHALLENGE_TTL_MS`. It is not a session: no route accepts it as one. Null when the
 * account's password is no longer `user.passwordHash` (the one the caller checked): the check and the insert are one
 * statement holding the user's row, so a reset or password change either commits first or finds the challenge and
 * voids it (issue 46).
 */
export async function createLoginChallenge(
  db: Db,
  user: { id: string; passwordHash: string },
): Promise<string | null> {
  const challenge = randomBytes(32).toString('base64url');
  // Challenges of this account that have run out are of no use to anyone.
  await db
    .delete(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, user.id),
        eq(accountTokens.purpose, 'two-factor-login'),
        lt(accountTokens.expiresAt, new Date()),
      ),
    );
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS).toISOString();
  const created = await selectRows<{ id: string }>(
    db,
    sql`insert into ${accountTokens} (user_id, purpose, token_hash, expires_at)
        select u.id, 'two-factor-login', ${hashToken(challenge)}, ${expiresAt}::timestamptz
        from ${users} u
        where u.id = ${user.id} and u.password_hash = ${user.passwordHash} and u.deleted_at is null
        for share
        returning id`,
  );
  return created.length > 0 ? challenge : null;
}

/**
 * Completes a sign-in with the challenge and a code from the app or a recovery code; returns the user to open a
 * session for, with the password hash the session must still find (createSession). 401 for an unknown, expired,
 * used or spent challenge (spent after `CHALLENGE_MAX_ATTEMPTS` wrong codes, or voided by a password change or
 * reset) and for a wrong code; 429 while the account's two-factor attempts are throttled.
 */
export async function completeLoginChallenge(
  db: Db,
  deps: TwoFactorDeps,
  body: { challenge: string; code?: string; recoveryCode?: string },
): Promise<{ user: AuthUser; passwordHash: string }> {
  const key = requireKey(deps.key);
  const tokenHash = hashToken(body.challenge);
  const live = and(
    eq(accountTokens.tokenHash, tokenHash),
    eq(accountTokens.purpose, 'two-factor-login'),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, new Date()),
    lt(accountTokens.attempts, CHALLENGE_MAX_ATTEMPTS),
  );
  const [found] = await db.select({ userId: accountTokens.userId }).from(accountTokens).where(live).limit(1);
  if (!found) throw unauthorized(CHALLENGE_SPENT);
  const throttleKey = twoFactorThrottleKey(found.userId);
  await refuseWhileThrottled(deps.throttle, throttleKey);
  const outcome = await transactionWithRetry(db, async (tx) => {
    const [challenge] = await tx.select().from(accountTokens).where(live).for('update');
    if (!challenge) return 'spent' as const;
    const [user] = await tx.select().from(users).where(eq(users.id, challenge.userId)).for('update');
    if (!user?.totpEnabledAt || user.deletedAt) return 'spent' as const;
    const ok = body.code
      ? await consumeCode(tx, key, user, body.code)
      : await useRecoveryCode(tx, user.id, body.recoveryCode ?? '');
    if (!ok) {
      const attempts = challenge.attempts + 1;
      await tx
        .update(accountTokens)
        .set({ attempts, ...(attempts >= CHALLENGE_MAX_ATTEMPTS ? { usedAt: new Date() } : {}) })
        .where(eq(accountTokens.id, challenge.id));
      return 'wrong' as const;
    }
    await tx.update(accountTokens).set({ usedAt: new Date() }).where(eq(accountTokens.id, challenge.id));
    return {
      user: { userId: user.id, userName: user.userName, email: user.email, role: user.role },
      passwordHash: user.passwordHash,
    };
  });
  if (outcome === 'spent') throw unauthorized(CHALLENGE_SPENT);
  if (outcome === 'wrong') {
    await deps.throttle.recordFailure(throttleKey);
    throw unauthorized(body.code ? WRONG_CODE : WRONG_RECOVERY_CODE);
  }
  await deps.throttle.reset(throttleKey);
  return outcome;
}

/**
 * The recovery path (`npm run admin:reset-2fa`): turns two-factor off for the account of `email` (secret, recovery
 * codes and challenges deleted) and ends all its sessions. Returns false when no account has that e-mail.
 */
export async function resetTwoFactor(
  db: Db,
  cache: Pick<SessionCache, 'revokeHashes'>,
  email: string,
): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!user) return false;
  await transactionWithRetry(db, (tx) => clearTwoFactor(tx, user.id));
  await revokeUserSessions(db, cache, user.id);
  return true;
}

/**
 * Start-up check for production without TOTP_ENCRYPTION_KEY: fine while no account has a TOTP secret, a
 * ConfigError (the server does not start) once one has, since its sign-in could not be checked.
 */
export async function assertSecretsReadable(db: Db, key: Buffer | undefined): Promise<void> {
  if (key) return;
  const [enrolled] = await db
    .select({ id: users.id })
    .from(users)
    .where(isNotNull(users.totpSecret))
    .limit(1);
  if (enrolled) {
    throw new ConfigError(
      'Invalid configuration:\n  TOTP_ENCRYPTION_KEY: required in production: accounts have two-factor sign-in ' +
        'and their secrets are encrypted with it (the key they were set up with)',
    );
  }
}
