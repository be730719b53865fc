/**
 * Failed-login throttling (DESIGN.md §4 rate limits; OWASP Authentication Cheat Sheet "account lockout"). Failures
 * are counted per e-mail *and* client address, so an attacker elsewhere cannot lock the owner out of their account
 * (the admin's included), while one client guessing one account is slowed down more and more: after `max` failures
 * in the window it waits `BASE_LOCK_MS`, and every further failure doubles the wait, up to the window (15 minutes).
 * Guessing many accounts from one client is bounded by the per-IP auth rate limit. In memory for one instance, or in
 * Redis when REDIS_URL is set, so every instance shares the counts.
 */
import type { Redis } from 'ioredis';

export interface LoginThrottle {
  /** Milliseconds until `key` may try again, or 0 when it may try now. */
  retryAfterMs(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** The throttle key of a login attempt: the e-mail and the client address (from TRUST_PROXY's rules). */
export function throttleKey(email: string, clientIp: string): string {
  return `${email}|${clientIp}`;
}

/** First wait once the limit is reached (ms). */
export const BASE_LOCK_MS = 30_000;

/** How long a key with `count` failures, the last at `lastAt`, must still wait (ms); 0 under the limit. */
export function waitMs(
  count: number,
  lastAt: number,
  max: number,
  windowMs: number,
  now = Date.now(),
): number {
  if (count < max) return 0;
  const lock = Math.min(windowMs, BASE_LOCK_MS * 2 ** (count - max));
  return Math.max(0, lastAt + lock - now);
}

/** Keys the in-memory throttle keeps at most (about 100 bytes each). */
export const MEMORY_THROTTLE_MAX_KEYS = 100_000;

/**
 * The throttle of one instance, holding at most `maxKeys` keys. Beyond that it forgets the least recently used key
 * under the limit, and a locked key (at `max` failures or more) only when every other key is locked: wiping
 * everything, or plain LRU, would let an attacker who records failures for many other keys unlock the one they are
 * guessing (filling the map with locked keys instead takes `max` failures each, against the per-IP limit).
 * Each Map keeps insertion order, so deleting and setting a key again makes it the most recent.
 */
export function memoryLoginThrottle(
  max: number,
  windowMs: number,
  maxKeys = MEMORY_THROTTLE_MAX_KEYS,
): LoginThrottle {
  type Entry = { count: number; lastAt: number };
  const open = new Map<string, Entry>();
  const locked = new Map<string, Entry>();
  const forget = (key: string) => open.delete(key) || locked.delete(key);
  const live = (key: string) => {
    const e = open.get(key) ?? locked.get(key);
    if (e && e.lastAt + windowMs <= Date.now()) {
      forget(key);
      return undefined;
    }
    return e;
  };
  /** Stores `e` as the most recently used key, then evicts down to `maxKeys`. */
  const touch = (key: string, e: Entry) => {
    forget(key);
    (e.count >= max ? locked : open).set(key, e);
    while (open.size + locked.size > maxKeys) {
      // Never the key just stored: a new key must be able to count up to its lock.
      const from = open.size > (open.has(key) ? 1 : 0) ? open : locked;
      from.delete(from.keys().next().value!);
    }
  };
  return {
    async retryAfterMs(key) {
      const e = live(key);
      if (!e) return 0;
      touch(key, e);
      return waitMs(e.count, e.lastAt, max, windowMs);
    },
    async recordFailure(key) {
      const e = live(key);
      touch(key, e ? { count: e.count + 1, lastAt: Date.now() } : { count: 1, lastAt: Date.now() });
    },
    async reset(key) {
      forget(key);
    },
  };
}

export function redisLoginThrottle(redis: Redis, max: number, windowMs: number): LoginThrottle {
  const k = (key: string) => `emporium:login-failures:${key}`;
  return {
    async retryAfterMs(key) {
      const [count, lastAt] = await redis.hmget(k(key), 'count', 'lastAt');
      return waitMs(Number(count ?? 0), Number(lastAt ?? 0), max, windowMs);
    },
    async recordFailure(key) {
      await redis
        .multi()
        .hincrby(k(key), 'count', 1)
        .hset(k(key), 'lastAt', Date.now())
        .pexpire(k(key), windowMs)
        .exec();
    },
    async reset(key) {
      await redis.del(k(key));
    },
  };
}
