/**
 * The current password, asked again before a sensitive account change (issue 25: change password, change e-mail,
 * delete account). Wrong answers are throttled like login failures (auth/login-throttle.ts, the same counts and
 * growing waits), keyed by the account alone: whoever holds one of its sessions may not guess on and on from many
 * addresses, and nobody without a session can touch the count.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { HttpError, unauthorized } from '../../lib/http-error.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import { hashingBusy, type PasswordHasher } from '../auth/password.ts';

export const WRONG_PASSWORD = 'Your current password is incorrect';

export interface PasswordCheckDeps {
  hasher: PasswordHasher;
  throttle: LoginThrottle;
}

/** The throttle key of an account's password re-checks (apart from the login keys, `email|ip`). */
export function accountPasswordKey(userId: string): string {
  return `account-password|${userId}`;
}

/** "30 seconds" or "2 minutes", for a wait in milliseconds. */
export function waitText(waitMs: number): string {
  const seconds = Math.ceil(waitMs / 1000);
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Checks `password` against the account of `userId` and returns its row. 429 with Retry-After (seconds) while the
 * account's re-checks are locked; 403 {@link WRONG_PASSWORD} for a wrong one (counted); 401 when the account is
 * gone; 503 when the hashing queue is full.
 */
export async function checkCurrentPassword(
  db: Db,
  deps: PasswordCheckDeps,
  userId: string,
  password: string,
): Promise<typeof users.$inferSelect> {
  const key = accountPasswordKey(userId);
  const waitMs = await deps.throttle.retryAfterMs(key);
  if (waitMs > 0) {
    throw new HttpError(429, `Too many wrong passwords. Try again in ${waitText(waitMs)}.`, {
      'retry-after': String(Math.ceil(waitMs / 1000)),
    });
  }
  if (deps.hasher.busy()) throw hashingBusy();
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.deletedAt) throw unauthorized();
  if (!(await deps.hasher.verify(user.passwordHash, password))) {
    await deps.throttle.recordFailure(key);
    throw new HttpError(403, WRONG_PASSWORD);
  }
  await deps.throttle.reset(key);
  return user;
}
