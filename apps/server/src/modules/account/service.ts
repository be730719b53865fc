/**
 * Account upkeep (issue 25 "Accounts a shopper can keep"; DESIGN.md §4 "Account recovery and upkeep"): change the
 * password (the other sessions end) and change the e-mail (only once the new address is proven by a 24-hour
 * single-use link). Every message is queued in the outbox inside the transaction of its change.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AuthUser, ChangeEmailBody, ChangePasswordBody } from '@emporium/contract';
import { sqlState, transactionWithRetry, type Db } from '../../db/client.ts';
import { accountTokens, users } from '../../db/schema.ts';
import { badRequest, conflict, HttpError } from '../../lib/http-error.ts';
import { accountMessage, hello } from '../../mail/account-mail.ts';
import { queueAccountMail } from '../../mail/outbox.ts';
import { DUPLICATE_EMAIL } from '../auth/auth.service.ts';
import { claimGuestOrders } from '../order-links/claim.ts';
import { voidAccountTokens } from '../auth/account-tokens.ts';
import { assertNotCommonPassword } from '../auth/password.ts';
import { hashToken, revokeUserSessions, type SessionCache } from '../auth/session.service.ts';
import { checkCurrentPassword, waitText, WRONG_PASSWORD, type PasswordCheckDeps } from './password-check.ts';

/** How long an e-mail change link works (ms): 24 hours (issue 25). */
export const EMAIL_CHANGE_TTL_MS = 24 * 3_600_000;
/** E-mail change requests one account may make per hour (issue 46, like the reset and verification mails). */
export const EMAIL_CHANGES_PER_HOUR = 3;
/** Confirmation links sent to one address per hour, whichever accounts ask (issue 46). */
export const EMAIL_CHANGE_MAILS_PER_ADDRESS = 3;
const HOUR_MS = 3_600_000;
export const INVALID_LINK =
  'This link is invalid or has expired. Please ask for a new one from your account settings.';

export interface AccountDeps extends PasswordCheckDeps {
  sessions: Pick<SessionCache, 'revokeHashes'>;
  /** The storefront's origin (config `storefrontUrl`), for links in mail. */
  storefrontUrl: string;
  /** Starts the mail worker at once (else it sends within its interval). */
  kickMail?: () => void;
}

/**
 * Sets a new password after checking the current one (throttled, password-check.ts). The new one follows the
 * registration rules (contract RegisterBody, plus the common-password list) and must differ from the current one.
 * Every other session of the account ends (on every instance); the caller's (`keepTokenHash`) stays. Unused reset
 * links, pending e-mail changes and open two-factor challenges are voided (issue 46). A "your password was changed"
 * message goes to the account's address. Returns how many sessions ended.
 */
export async function changePassword(
  db: Db,
  deps: AccountDeps,
  user: AuthUser,
  keepTokenHash: string | undefined,
  body: ChangePasswordBody,
): Promise<number> {
  const account = await checkCurrentPassword(db, deps, user.userId, body.currentPassword);
  if (body.newPassword === body.currentPassword) {
    throw badRequest('Choose a new password different from your current one');
  }
  assertNotCommonPassword(body.newPassword);
  const passwordHash = await deps.hasher.hash(body.newPassword);
  const revoked = await transactionWithRetry(db, async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, account.id));
    // Reset links sent before the change must not undo it, and what whoever knew the old password started must not
    // complete (issue 46): an e-mail change would hand the account to their mailbox, a two-factor challenge open a
    // session. After the user's row is locked, as in confirmPasswordReset.
    await voidAccountTokens(tx, account.id, ['password-reset', 'email-change', 'two-factor-login']);
    await queueAccountMail(
      tx,
      accountMessage({
        to: account.email,
        subject: 'Your Emporium password was changed',
        heading: 'Your password was changed',
        paragraphs: [
          `${hello(account)} the password of your Emporium account was changed just now.`,
          'You stay signed in on the device that changed it; every other device was signed out.',
          'If this wasn\u2019t you, reset your password at once from the sign-in page and check your account.',
        ],
      }),
    );
    return revokeUserSessions(tx, deps.sessions, account.id, keepTokenHash);
  });
  deps.kickMail?.();
  return revoked;
}

/** The link to a new address (no text the shopper chose: nobody has confirmed this address yet). */
function confirmNewAddressMessage(to: string, url: string) {
  return accountMessage({
    to,
    subject: 'Confirm your new Emporium e-mail address',
    heading: 'Confirm your new e-mail address',
    paragraphs: [
      'Someone asked to use this address for their Emporium account. If that was you, confirm it within 24 ' +
        'hours with the button below. The link works once.',
      'If you did not ask for this, ignore this message: nothing changes.',
    ],
    action: { label: 'Confirm this address', url },
    footer:
      'You receive this e-mail because this address was entered as the new address of an Emporium account.',
  });
}

/** To the owner of an address another account asked to move to (issue 46): nothing changed, and why they hear of it. */
function addressInUseMessage(to: string) {
  return accountMessage({
    to,
    subject: 'Your e-mail address was entered on another Emporium account',
    heading: 'Your address was entered on another account',
    paragraphs: [
      'Someone signed in to another Emporium account asked to change its e-mail address to this one. This address ' +
        'belongs to your account, so nothing changed: it stays yours.',
      'If that was you, sign in to your account with this address, or give the other account a different address. ' +
        'If it was not you, there is nothing to do.',
    ],
    footer:
      'You receive this e-mail because this address was entered as the new address of another Emporium account.',
  });
}

/**
 * Starts an e-mail change after checking the password: a single-use link valid 24 hours goes to the NEW address
 * (`/account/confirm-email?token=…` on the storefront), and the current address is told. Older unused change links
 * of the account stop working. Capped like the reset and verification mails (issue 46): past
 * {@link EMAIL_CHANGES_PER_HOUR} requests of one account in an hour, 429 with Retry-After (seconds); past
 * {@link EMAIL_CHANGE_MAILS_PER_ADDRESS} links to one address in an hour (from any accounts), the same 202 and no
 * more mail to it. The mail to the new address carries no text the shopper chose (their name): nobody has confirmed
 * that address yet. An address another account has is answered the same (issue 46: 202 whether or not the address
 * has an account); its owner is told instead, and no link goes out. 400 for the address the account already has.
 */
export async function requestEmailChange(
  db: Db,
  deps: AccountDeps,
  user: AuthUser,
  body: ChangeEmailBody,
): Promise<void> {
  const account = await checkCurrentPassword(db, deps, user.userId, body.password);
  const newEmail = body.newEmail;
  if (newEmail === account.email) throw badRequest('This is already your e-mail address');
  const token = randomBytes(32).toString('base64url');
  await transactionWithRetry(db, async (tx) => {
    // The account's row, then the new address's lock: concurrent requests are counted one after the other, per
    // account and per address. The password checked above must still be the account's (issue 46): a change or reset
    // that committed meanwhile wins, and one that comes later waits for this request and voids it.
    const [locked] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, account.id))
      .for('update');
    if (locked?.passwordHash !== account.passwordHash) throw new HttpError(403, WRONG_PASSWORD);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`email-change|${newEmail}`}, 0))`);
    const since = new Date(Date.now() - HOUR_MS);
    const recent = await tx
      .select({ createdAt: accountTokens.createdAt })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.userId, account.id),
          eq(accountTokens.purpose, 'email-change'),
          gt(accountTokens.createdAt, since),
        ),
      )
      .orderBy(accountTokens.createdAt);
    if (recent.length >= EMAIL_CHANGES_PER_HOUR) {
      const seconds = Math.max(1, Math.ceil((recent[0]!.createdAt.getTime() + HOUR_MS - Date.now()) / 1000));
      throw new HttpError(
        429,
        `You asked to change your e-mail address ${EMAIL_CHANGES_PER_HOUR} times in the last hour. Please ` +
          `try again in ${waitText(seconds * 1000)}.`,
        { 'retry-after': String(seconds) },
      );
    }
    const [toAddress] = await tx
      .select({ n: count() })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.email, newEmail),
          eq(accountTokens.purpose, 'email-change'),
          gt(accountTokens.createdAt, since),
        ),
      );
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, newEmail), ne(users.id, account.id)))
      .limit(1);
    // From here on both cases do the same statements, and the caller gets the same answer (issue 46: no oracle of
    // which addresses have accounts). An address in use gets a notice in place of the link, and its token is void.
    await voidAccountTokens(tx, account.id, ['email-change']);
    // Kept even when no link goes out, voided: the request still counts towards both caps.
    const mailed = (toAddress?.n ?? 0) < EMAIL_CHANGE_MAILS_PER_ADDRESS;
    await tx.insert(accountTokens).values({
      userId: account.id,
      purpose: 'email-change',
      tokenHash: hashToken(token),
      email: newEmail,
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
      usedAt: mailed && !owner ? null : new Date(),
    });
    if (mailed) {
      const url = `${deps.storefrontUrl}/account/confirm-email?token=${encodeURIComponent(token)}`;
      await queueAccountMail(
        tx,
        owner ? addressInUseMessage(newEmail) : confirmNewAddressMessage(newEmail, url),
      );
    }
    await queueAccountMail(
      tx,
      accountMessage({
        to: account.email,
        subject: 'Your Emporium e-mail address is being changed',
        heading: 'Your e-mail address is being changed',
        paragraphs: [
          `${hello(account)} your e-mail is being changed to ${newEmail}. It changes once that address is confirmed.`,
          'If this wasn\u2019t you, change your password at once, or reset it from the sign-in page: either cancels this change and signs out every other device.',
        ],
      }),
    );
  });
  deps.kickMail?.();
}

/**
 * Confirms an e-mail change with the token of its link (public: the link may open on any device): the account's
 * address becomes the new one (lower-cased) and counts as verified; the link is spent, reset links sent to the old
 * address are voided (issue 46), and the old address is told. 400 {@link INVALID_LINK} for an unknown, used or expired token; 409 when another account took the address
 * meanwhile. Returns the new address and how many paid guest orders placed with it joined the account (issue 41).
 */
export async function confirmEmailChange(
  db: Db,
  deps: Pick<AccountDeps, 'kickMail'>,
  token: string,
): Promise<{ email: string; claimedOrders: number }> {
  try {
    const confirmed = await transactionWithRetry(db, async (tx) => {
      const [row] = await tx
        .select()
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.tokenHash, hashToken(token)),
            eq(accountTokens.purpose, 'email-change'),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, new Date()),
          ),
        )
        .for('update')
        .limit(1);
      if (!row?.email) throw badRequest(INVALID_LINK);
      const newEmail = row.email.trim().toLowerCase();
      const [account] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
      if (!account || account.deletedAt) throw badRequest(INVALID_LINK);
      const taken = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, newEmail), ne(users.id, account.id)))
        .limit(1);
      if (taken.length > 0) throw conflict(DUPLICATE_EMAIL);
      await tx
        .update(users)
        .set({ email: newEmail, emailVerifiedAt: new Date() })
        .where(eq(users.id, account.id));
      await tx.update(accountTokens).set({ usedAt: new Date() }).where(eq(accountTokens.id, row.id));
      // Reset links mailed to the old address must not work once it is no longer the account's (issue 46).
      await voidAccountTokens(tx, account.id, ['password-reset']);
      await queueAccountMail(
        tx,
        accountMessage({
          to: account.email,
          subject: 'Your Emporium e-mail address was changed',
          heading: 'Your e-mail address was changed',
          paragraphs: [
            `${hello(account)} your Emporium account now uses ${newEmail}. This address will no longer receive its messages.`,
            'If this wasn\u2019t you, contact us right away by replying to this message.',
          ],
        }),
      );
      // The link reached the new address: the proof that claims its paid guest orders (issue 41).
      return { email: newEmail, claimedOrders: await claimGuestOrders(tx, account.id, newEmail) };
    });
    deps.kickMail?.();
    return confirmed;
  } catch (err) {
    // Another account registered the address between the check and the update (users.email is unique).
    if (sqlState(err) === '23505') throw conflict(DUPLICATE_EMAIL);
    throw err;
  }
}
