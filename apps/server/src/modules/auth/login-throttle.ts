/**
 * Counts failed logins per e-mail in a fixed window (DESIGN.md §4 rate limits). In memory for one instance, or in
 * Redis (INCR + PEXPIRE) when REDIS_URL is set, so every instance shares the count.
 */
import type { Redis } from 'ioredis';

export interface LoginThrottle {
  /** Milliseconds until `key` may try again, or 0 when it is under the limit. */
  retryAfterMs(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function memoryLoginThrottle(max: number, windowMs: number): LoginThrottle {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.resetAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    async retryAfterMs(key) {
      const e = live(key);
      return e && e.count >= max ? e.resetAt - Date.now() : 0;
    },
    async recordFailure(key) {
      const e = live(key);
      if (e) e.count += 1;
      else entries.set(key, { count: 1, resetAt: Date.now() + windowMs });
      if (entries.size > 100_000) entries.clear();
    },
    async reset(key) {
      entries.delete(key);
    },
  };
}

export function redisLoginThrottle(redis: Redis, max: number, windowMs: number): LoginThrottle {
  const k = (key: string) => `emporium:login-failures:${key}`;
  return {
    async retryAfterMs(key) {
      const [count, ttl] = await Promise.all([redis.get(k(key)), redis.pttl(k(key))]);
      return Number(count ?? 0) >= max && ttl > 0 ? ttl : 0;
    },
    async recordFailure(key) {
      const count = await redis.incr(k(key));
      if (count === 1) await redis.pexpire(k(key), windowMs);
    },
    async reset(key) {
      await redis.del(k(key));
    },
  };
}
