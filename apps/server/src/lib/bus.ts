/**
 * Messages between the instances of the shop (DESIGN.md §6): Redis pub/sub when REDIS_URL is set, so that a catalog
 * write or a logout on one instance reaches the caches of all; without Redis only this instance hears (the caches'
 * TTLs bound what other instances could miss). Messages are hints to forget cached data, never the data itself, so
 * one lost during a Redis outage costs at most a TTL of staleness.
 */
import type { Redis } from 'ioredis';

export interface Bus {
  /** Delivers `message` to every instance's subscribers of `channel`, this one's included. */
  publish(channel: string, message: string): void;
  subscribe(channel: string, handler: (message: string) => void): void;
  close(): Promise<void>;
}

const PREFIX = 'emporium:';

export function createBus(redis?: Redis): Bus {
  const handlers = new Map<string, Array<(message: string) => void>>();
  const deliver = (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  };
  // A subscribed connection can do nothing else, so it is a second connection to the same server.
  const subscriber = redis?.duplicate({ enableOfflineQueue: true });
  subscriber?.on('error', () => undefined);
  subscriber?.on('message', (channel: string, message: string) => {
    if (channel.startsWith(PREFIX)) deliver(channel.slice(PREFIX.length), message);
  });
  return {
    publish(channel, message) {
      if (!redis) return deliver(channel, message);
      // Through Redis this instance hears its own message too; if Redis is down, at least this instance does.
      redis.publish(PREFIX + channel, message).catch(() => deliver(channel, message));
    },
    subscribe(channel, handler) {
      if (!handlers.has(channel)) {
        handlers.set(channel, []);
        subscriber?.subscribe(PREFIX + channel).catch(() => undefined);
      }
      handlers.get(channel)!.push(handler);
    },
    async close() {
      subscriber?.disconnect();
    },
  };
}
