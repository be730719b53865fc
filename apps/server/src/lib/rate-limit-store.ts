/**
 * A rate-limit store for @fastify/rate-limit that keeps limits shared in Redis while Redis answers, and falls back
 * to this instance's memory while it does not (DESIGN.md §4; issue: the shop keeps selling when Redis is down).
 * Both are the plugin's own stores; a Redis error is logged once per outage, not per request.
 */
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

const require = createRequire(import.meta.url);

type Callback = (err: Error | null, result: { current: number; ttl: number } | null) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}
interface RouteOptions {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
  routeInfo: { method: string; url: string };
}
type StoreClass = new (...args: unknown[]) => Store;

const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;

/** Tracks whether Redis is answering, so that an outage is logged once and health can report it. */
export interface RedisHealth {
  down: boolean;
  failed(err: unknown): void;
  ok(): void;
}

export function redisHealth(log: FastifyBaseLogger): RedisHealth {
  const health: RedisHealth = {
    down: false,
    failed(err) {
      if (!health.down) log.warn({ err }, 'Redis is not answering: limits fall back to this instance');
      health.down = true;
    },
    ok() {
      if (health.down) log.info('Redis answers again: limits are shared again');
      health.down = false;
    },
  };
  return health;
}

/** The store class to hand to @fastify/rate-limit (`store:`), bound to one Redis client. */
export function fallbackRateLimitStore(redis: Redis, health: RedisHealth, nameSpace: string) {
  class FallbackStore implements Store {
    constructor(
      private readonly shared: Store,
      private readonly local: Store,
    ) {}

    static fromGlobal(params: { continueExceeding: boolean; exponentialBackoff: boolean }): FallbackStore {
      return new FallbackStore(
        new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace),
        new LocalStore(params.continueExceeding, params.exponentialBackoff),
      );
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.shared.incr(
        key,
        (err, result) => {
          if (!err) {
            health.ok();
            return cb(null, result);
          }
          health.failed(err);
          this.local.incr(key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteOptions): Store {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  // The plugin constructs the store with its global parameters.
  return function Store(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
    return FallbackStore.fromGlobal(params);
  } as unknown as FastifyRateLimitStoreCtor;
}
