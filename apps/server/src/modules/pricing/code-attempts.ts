/**
 * Guessing discount codes, throttled (issue 46, item 13), like failed logins (auth/login-throttle.ts, OWASP
 * Authentication Cheat Sheet): codes that are not valid are counted per account and per client address; past
 * `WRONG_CODES_PER_ACCOUNT` for the account or `WRONG_CODES_PER_CLIENT` for the address (more: an office or a
 * mobile carrier puts many shoppers behind one) in the window (15 minutes), every further try of a code answers
 * 429 with Retry-After, for a wait that doubles with each wrong code (BASE_LOCK_MS up to the window), before any
 * code is looked up. The
 * same wrong code sent again by the checkout's quote (it asks again when the address or the cart changes) counts
 * once. Shared through Redis when the throttle is.
 */
import { HttpError } from '../../lib/http-error.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';

/** Codes that are not valid an account may try in the window before it waits. */
export const WRONG_CODES_PER_ACCOUNT = 10;
/** Codes that are not valid one client address may try in the window before it waits. */
export const WRONG_CODES_PER_CLIENT = 30;

/** Who tries a code: the signed-in account and the client's address (TRUST_PROXY's rules). */
export interface CodeTrier {
  userId: string;
  clientIp: string;
}

export interface CodeAttempts {
  /** 429 with Retry-After (seconds) when the account or the client must wait before trying a code. */
  assertMayTry(who: CodeTrier): Promise<void>;
  /** Counts a code that is not valid against the account and the client (a repeat of the same code once). */
  recordWrong(who: CodeTrier, code: string): Promise<void>;
}

/** Repeats remembered per instance, so that a quote asking again about the same wrong code counts it once. */
const REPEATS_MAX = 10_000;

/**
 * Code attempts counted in two throttles (login-throttle.ts instances whose `max` are WRONG_CODES_PER_ACCOUNT and
 * WRONG_CODES_PER_CLIENT), one keyed by the account, one by the client address.
 */
export function codeAttempts(
  throttles: { account: LoginThrottle; client: LoginThrottle },
  windowMs: number,
): CodeAttempts {
  const seen = new Map<string, number>();
  const keyed = (who: CodeTrier) =>
    [
      [throttles.account, `discount-code:user:${who.userId}`],
      [throttles.client, `discount-code:ip:${who.clientIp}`],
    ] as const;
  return {
    async assertMayTry(who) {
      const waits = await Promise.all(keyed(who).map(([t, key]) => t.retryAfterMs(key)));
      const wait = Math.max(...waits);
      if (wait <= 0) return;
      const seconds = Math.ceil(wait / 1000);
      const minutes = Math.ceil(seconds / 60);
      throw new HttpError(
        429,
        `Too many discount codes that are not valid were tried. Please check your code and try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { 'retry-after': String(seconds) },
      );
    },
    async recordWrong(who, code) {
      const repeat = `${who.userId}|${who.clientIp}|${code}`;
      const at = seen.get(repeat);
      if (at !== undefined && at + windowMs > Date.now()) return;
      seen.delete(repeat);
      seen.set(repeat, Date.now());
      if (seen.size > REPEATS_MAX) seen.delete(seen.keys().next().value!);
      await Promise.all(keyed(who).map(([t, key]) => t.recordFailure(key)));
    },
  };
}
