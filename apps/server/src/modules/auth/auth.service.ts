/**
 * Registration, login and account provisioning (spec §7 Auth; DESIGN.md §4 identity rules).
 */
import { eq } from 'drizzle-orm';
import type { AuthUser, LoginBody, RegisterBody } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { conflict, HttpError } from '../../lib/http-error.ts';
import { assertNotCommonPassword, hashingBusy, type PasswordHasher } from './password.ts';
import { throttleKey, type LoginThrottle } from './login-throttle.ts';
import { createSession } from './session.service.ts';
import { createLoginChallenge } from '../two-factor/service.ts';

export const DUPLICATE_EMAIL = 'User already exists with same email';
export const BAD_CREDENTIALS = 'Incorrect email or password';

/** What happens with a new account: `onCreated` in the account's transaction (the verification mail), then `afterCommit`. */
export interface RegistrationHooks {
  onCreated(tx: Db, user: { id: string; email: string; userName: string }): Promise<void>;
  afterCommit?(): void;
}

/**
 * Creates a shopper. Throws 409 when the (lower-cased) e-mail is taken, 400 for one of the most common passwords.
 * The role is always `user`. `hooks.onCreated` runs in the same transaction (issue 25: the verification link).
 */
export async function registerUser(
  db: Db,
  hasher: PasswordHasher,
  body: RegisterBody,
  hooks?: RegistrationHooks,
): Promise<void> {
  assertNotCommonPassword(body.password);
  if (hasher.busy()) throw hashingBusy();
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email)).limit(1);
  if (existing.length > 0) throw conflict(DUPLICATE_EMAIL);
  const passwordHash = await hasher.hash(body.password);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({ userName: body.username, email: body.email, passwordHash, role: 'user' })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email, userName: users.userName });
    // A concurrent registration of the same e-mail lost the race above.
    if (inserted.length === 0) throw conflict(DUPLICATE_EMAIL);
    await hooks?.onCreated(tx, inserted[0]!);
  });
  hooks?.afterCommit?.();
}

/**
 * Checks the credentials and opens a session. Unknown e-mail and wrong password give the same 401; after
 * `LOGIN_FAILURES_MAX` failures for one e-mail from one client, 429 with Retry-After (seconds), growing with each
 * further failure (login-throttle.ts). `clientIp` is the request's address under TRUST_PROXY's rules; it and
 * `userAgent` are kept with the session for the account's session list (issue 25). An account with two-factor
 * sign-in gets no session but a `challenge` for the second step (modules/two-factor).
 */
export async function logIn(
  db: Db,
  deps: { hasher: PasswordHasher; throttle: LoginThrottle; sessionTtlMs: number },
  body: LoginBody,
  clientIp: string,
  userAgent?: string,
): Promise<{ token: string; user: AuthUser } | { challenge: string }> {
  const key = throttleKey(body.email, clientIp);
  const waitMs = await deps.throttle.retryAfterMs(key);
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    const minutes = Math.ceil(seconds / 60);
    const when = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
    throw new HttpError(429, `Too many failed login attempts. Try again in ${when}.`, {
      'retry-after': String(Math.ceil(waitMs / 1000)),
    });
  }
  // A full hashing queue (a login flood) is refused before any other work.
  if (deps.hasher.busy()) throw hashingBusy();
  const [user] = await db.select().from(users).where(eq(users.email, body.email)).limit(1);
  const ok = user ? await deps.hasher.verify(user.passwordHash, body.password) : false;
  if (!user) await deps.hasher.verifyDummy(body.password);
  if (!user || !ok) {
    await deps.throttle.recordFailure(key);
    throw new HttpError(401, BAD_CREDENTIALS);
  }
  await deps.throttle.reset(key);
  // Two-factor sign-in (issue 25): no session yet, only the challenge for POST /api/auth/login/two-factor. Both are
  // made only while the password checked above is still the account's (issue 46: a reset meanwhile wins).
  if (user.totpEnabledAt) {
    const challenge = await createLoginChallenge(db, user);
    if (!challenge) throw new HttpError(401, BAD_CREDENTIALS);
    return { challenge };
  }
  const token = await createSession(db, user, deps.sessionTtlMs, { userAgent, ip: clientIp });
  if (!token) throw new HttpError(401, BAD_CREDENTIALS);
  return {
    token,
    user: {
      userId: user.id,
      userName: user.userName,
      email: user.email,
      role: user.role,
      emailVerified: user.emailVerifiedAt !== null,
    },
  };
}

/**
 * Creates the account, or resets its password, name and role when it exists (demo accounts, ADMIN_EMAIL,
 * `npm run admin:create`). The e-mail is trimmed and lower-cased.
 */
export async function upsertAccount(
  db: Db,
  hasher: PasswordHasher,
  account: { email: string; password: string; userName: string; role: 'user' | 'admin' },
  options: { resetExisting: boolean },
): Promise<'created' | 'updated' | 'unchanged'> {
  const email = account.email.trim().toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing && !options.resetExisting) return 'unchanged';
  const passwordHash = await hasher.hash(account.password);
  if (existing) {
    await db
      .update(users)
      .set({ passwordHash, role: account.role, userName: account.userName })
      .where(eq(users.id, existing.id));
    return 'updated';
  }
  const inserted = await db
    .insert(users)
    .values({ email, passwordHash, role: account.role, userName: account.userName })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return inserted.length > 0 ? 'created' : 'unchanged';
}
