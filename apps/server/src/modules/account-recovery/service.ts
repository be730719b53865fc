/**
 * Account recovery (issue 25 "Accounts a shopper can keep"; DESIGN.md §4 "Account recovery and upkeep"): password
 * reset by a single-use link and e-mail verification. Link tokens are 256 random bits (base64url, 43 characters);
 * only their SHA-256 is stored (account_tokens), and every message goes through the mail outbox in the transaction
 * of the change it tells of.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { VERIFY_EMAIL_BEFORE_ORDER } from '@emporium/contract';
import { transactionWithRetry, type Db } from '../../db/client.ts';
import { accountTokens, users } from '../../db/schema.ts';
import { badRequest, forbidden, HttpError } from '../../lib/http-error.ts';
import { accountMessage } from '../../mail/account-mail.ts';
import { queueAccountMail } from '../../mail/outbox.ts';
import { assertNotCommonPassword, hashingBusy, type PasswordHasher } from '../auth/password.ts';
import { voidAccountTokens } from '../auth/account-tokens.ts';
import { hashToken, revokeUserSessions, type SessionCache } from '../auth/session.service.ts';
import { claimGuestOrders } from '../order-links/claim.ts';

/** A reset link works for 30 minutes (DESIGN.md §4). */
export const RESET_TOKEN_TTL_MS = 30 * 60_000;
/** A verification link works for 24 hours (issue 25). */
export const VERIFY_TOKEN_TTL_MS = 24 * 3_600_000;
/** Reset e-mails sent to one account per hour; further requests get the same 202 and send nothing. */
export const RESET_MAILS_PER_HOUR = 3;
/** Verification e-mails (the registration's included) sent to one account per hour; past it, 429. */
export const VERIFY_MAILS_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

export const INVALID_RESET_LINK =
  'This password reset link is invalid, already used or expired. Please ask for a new one.';
export const INVALID_VERIFY_LINK =
  'This verification link is invalid, already used or expired. Sign in and ask for a new one.';

export interface RecoveryDeps {
  /** The storefront's origin (config `storefrontUrl`): links in mail point there. */
  storefrontUrl: string;
  /** Starts sending queued mail now (the outbox worker); otherwise its periodic pass sends it. */
  kickMail?: () => void;
}

/** A new link token: 256 random bits as base64url, and the SHA-256 that is stored. */
function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/**
 * Stores a 24-hour verification token for `user` and queues the link, inside the caller's transaction (registration,
 * resend). Older links stay valid until they expire: they prove the same address. The message carries no text the
 * shopper chose (issue 46: whoever registers may type anyone's address, and a name such as "Call +1 555…").
 */
export async function queueVerificationMail(
  tx: Db,
  user: { id: string; email: string },
  deps: Pick<RecoveryDeps, 'storefrontUrl'>,
): Promise<void> {
  const { token, tokenHash } = newToken();
  await tx.insert(accountTokens).values({
    userId: user.id,
    purpose: 'email-verification',
    tokenHash,
    email: user.email,
    expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
  });
  await queueAccountMail(
    tx,
    accountMessage({
      to: user.email,
      subject: 'Confirm your e-mail address for Emporium',
      heading: 'Confirm your e-mail address',
      paragraphs: [
        'Welcome to Emporium.',
        `Please confirm that ${user.email} is your address. The link works for 24 hours.`,
      ],
      action: {
        label: 'Confirm e-mail address',
        url: `${deps.storefrontUrl}/auth/verify-email?token=${token}`,
      },
      footer:
        'You receive this e-mail because this address was used to create an Emporium account. If that was not you, ignore it.',
    }),
  );
}

/**
 * The work of `POST /api/auth/password-reset`, run after its reply (routes.ts; issue 46): when `email` names a live
 * account, voids its unused reset links, stores a new one (30 minutes) and queues it. Unknown and deleted accounts
 * get nothing. Past `RESET_MAILS_PER_HOUR` links in the last hour for one account, nothing more is sent (the mailbox
 * owner is not flooded); concurrent requests for one account are counted one after the other (its row is locked).
 */
export async function requestPasswordReset(db: Db, deps: RecoveryDeps, email: string): Promise<void> {
  const { token, tokenHash } = newToken();
  const queued = await transactionWithRetry(db, async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deletedAt)))
      .for('update');
    if (!user) return false;
    const [recent] = await tx
      .select({ n: count() })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.userId, user.id),
          eq(accountTokens.purpose, 'password-reset'),
          gt(accountTokens.createdAt, new Date(Date.now() - HOUR_MS)),
        ),
      );
    if ((recent?.n ?? 0) >= RESET_MAILS_PER_HOUR) return false;
    // A new link voids the older unused ones.
    await voidAccountTokens(tx, user.id, ['password-reset']);
    await tx.insert(accountTokens).values({
      userId: user.id,
      purpose: 'password-reset',
      tokenHash,
      email: user.email,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    await queueAccountMail(
      tx,
      accountMessage({
        to: user.email,
        subject: 'Reset your Emporium password',
        heading: 'Reset your password',
        paragraphs: [
          `Someone, hopefully you, asked to reset the password of the Emporium account for ${user.email}.`,
          'The link works once, for 30 minutes. If you did not ask, ignore this e-mail: your password stays as it is.',
        ],
        action: {
          label: 'Choose a new password',
          url: `${deps.storefrontUrl}/auth/reset-password?token=${token}`,
        },
      }),
    );
    return true;
  });
  if (queued) deps.kickMail?.();
}

/**
 * `POST /api/auth/password-reset/confirm`: sets the new password (registration rules; 400 for a common one) of the
 * token's account, spends the token and every other unused reset link of the account, voids a pending e-mail change
 * and open two-factor challenges (issue 46), marks the address verified (the link reached it), signs every session
 * of the account out on every instance, and queues a "password changed" notice. 400 `INVALID_RESET_LINK` for an unknown, used, voided or expired
 * token, and for one sent to an address the account no longer has (issue 46: a link is good only for the mailbox it
 * reached); 503 when the hashing queue is full.
 */
export async function confirmPasswordReset(
  db: Db,
  deps: RecoveryDeps & { hasher: PasswordHasher; sessions: Pick<SessionCache, 'revokeHashes'> },
  body: { token: string; password: string },
): Promise<{ claimedOrders: number }> {
  assertNotCommonPassword(body.password);
  if (deps.hasher.busy()) throw hashingBusy();
  const tokenHash = hashToken(body.token);
  const live = and(
    eq(accountTokens.tokenHash, tokenHash),
    eq(accountTokens.purpose, 'password-reset'),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, new Date()),
  );
  const [found] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(and(live, eq(users.email, accountTokens.email), isNull(users.deletedAt)))
    .limit(1);
  if (!found) throw badRequest(INVALID_RESET_LINK);
  const passwordHash = await deps.hasher.hash(body.password);
  // Again after a deadlock: an e-mail change confirmed at the same moment locks the user's row, then the reset links.
  const claimedOrders = await transactionWithRetry(db, async (tx) => {
    // Spent here, conditionally: of two concurrent uses of one link, one wins.
    const [spent] = await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(live)
      .returning({ email: accountTokens.email });
    if (!spent?.email) throw badRequest(INVALID_RESET_LINK);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, found.userId), eq(users.email, spent.email), isNull(users.deletedAt)))
      .returning({ email: users.email });
    if (!user) throw badRequest(INVALID_RESET_LINK);
    // The other reset links, and what whoever knew the old password started (issue 46): an e-mail change would hand
    // the account to their mailbox, a two-factor challenge open a session. After the user's row is locked: what is
    // started from now on waits for this commit and finds the new password (createLoginChallenge, requestEmailChange).
    await voidAccountTokens(tx, found.userId, ['password-reset', 'email-change', 'two-factor-login']);
    // The link reached the address: the proof that claims its paid guest orders (issue 41).
    const claimed = await claimGuestOrders(tx, found.userId, user.email);
    await queueAccountMail(
      tx,
      accountMessage({
        to: user.email,
        subject: 'Your Emporium password was changed',
        heading: 'Your password was changed',
        paragraphs: [
          `The password of your Emporium account (${user.email}) was changed through a reset link on ` +
            `${new Date().toUTCString()}, and every device signed in to the account was signed out.`,
          `If this was not you, reset your password now at ${deps.storefrontUrl}/auth/forgot-password and contact us.`,
        ],
      }),
    );
    return claimed;
  });
  // After the commit: a session re-read from the database by another request now finds it revoked.
  await revokeUserSessions(db, deps.sessions, found.userId);
  deps.kickMail?.();
  return { claimedOrders };
}

/**
 * `POST /api/auth/verify-email`: spends the verification token and marks the account's address verified; returns
 * the address and how many paid guest orders placed with it joined the account in the same transaction (issue 41,
 * order-links/claim.ts). 400 `INVALID_VERIFY_LINK` for an unknown, used or expired token, or one sent to an address
 * the account no longer has.
 */
export async function verifyEmail(db: Db, token: string): Promise<{ email: string; claimedOrders: number }> {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(accountTokens.tokenHash, hashToken(token)),
          eq(accountTokens.purpose, 'email-verification'),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: accountTokens.userId, email: accountTokens.email });
    if (!spent?.email) throw badRequest(INVALID_VERIFY_LINK);
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, spent.userId), eq(users.email, spent.email), isNull(users.deletedAt)))
      .returning({ email: users.email });
    if (!user) throw badRequest(INVALID_VERIFY_LINK);
    return { email: user.email, claimedOrders: await claimGuestOrders(tx, spent.userId, user.email) };
  });
}

/**
 * `POST /api/auth/verify-email/resend`: queues a new verification link for the signed-in caller. Returns false when
 * the address is already verified (nothing sent). 429 with Retry-After (seconds) once `VERIFY_MAILS_PER_HOUR` links
 * were sent in the last hour.
 */
export async function resendVerification(db: Db, deps: RecoveryDeps, userId: string): Promise<boolean> {
  const sent = await db.transaction(async (tx) => {
    // Locks the user's row: concurrent resends are counted one after the other.
    const [user] = await tx
      .select({
        id: users.id,
        email: users.email,
        verifiedAt: users.emailVerifiedAt,
      })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!user) throw new HttpError(401, 'Unauthorised user!');
    if (user.verifiedAt) return false;
    const since = new Date(Date.now() - HOUR_MS);
    const recent = await tx
      .select({ createdAt: accountTokens.createdAt })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.userId, userId),
          eq(accountTokens.purpose, 'email-verification'),
          gt(accountTokens.createdAt, since),
        ),
      )
      .orderBy(accountTokens.createdAt);
    if (recent.length >= VERIFY_MAILS_PER_HOUR) {
      const oldest = recent[0]!.createdAt.getTime();
      const seconds = Math.max(1, Math.ceil((oldest + HOUR_MS - Date.now()) / 1000));
      const minutes = Math.ceil(seconds / 60);
      throw new HttpError(
        429,
        `We already sent ${VERIFY_MAILS_PER_HOUR} verification e-mails in the last hour. Please check your inbox ` +
          `and spam folder, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { 'retry-after': String(seconds) },
      );
    }
    await queueVerificationMail(tx, user, deps);
    return true;
  });
  if (sent) deps.kickMail?.();
  return sent;
}

/** The caller's address and whether it is verified (`GET /api/auth/account`). */
export async function accountStatus(
  db: Db,
  userId: string,
): Promise<{ email: string; emailVerified: boolean }> {
  const [user] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new HttpError(401, 'Unauthorised user!');
  return { email: user.email, emailVerified: user.verifiedAt !== null };
}

/** 403 `VERIFY_EMAIL_BEFORE_ORDER` unless the user's address is verified (REQUIRE_EMAIL_VERIFICATION; issue 25). */
export async function assertEmailVerified(db: Db, userId: string): Promise<void> {
  const [user] = await db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.verifiedAt) throw forbidden(VERIFY_EMAIL_BEFORE_ORDER);
}

/** Replaces the value of `token` query parameters in a logged URL (reset and verification page addresses). */
export function redactTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/**
 * pino `req` serializer (Fastify's fields) with `token` query parameters redacted: the reset and verification pages'
 * addresses carry single-use tokens, which must never reach the logs (issue 25).
 */
export function requestLogSerializer(req: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: redactTokens(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
