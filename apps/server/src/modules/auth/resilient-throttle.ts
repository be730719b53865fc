/**
 * The login throttle when Redis is configured: shared through Redis while it answers, this instance's memory while
 * it does not (issue: the shop keeps selling, and logins keep working, when Redis is down).
 */
import type { LoginThrottle } from './login-throttle.ts';
import type { RedisHealth } from '../../lib/rate-limit-store.ts';

export function resilientLoginThrottle(
  shared: LoginThrottle,
  local: LoginThrottle,
  health: RedisHealth,
): LoginThrottle {
  const either =
    <A extends unknown[], R>(pick: (t: LoginThrottle) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        const result = await pick(shared)(...args);
        health.ok();
        return result;
      } catch (err) {
        health.failed(err);
        return pick(local)(...args);
      }
    };
  return {
    retryAfterMs: either((t) => t.retryAfterMs),
    recordFailure: either((t) => t.recordFailure),
    reset: either((t) => t.reset),
  };
}
