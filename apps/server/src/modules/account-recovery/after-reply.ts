/**
 * Work a route does after its answer went out (issue 46). The password reset request must answer alike, in the same
 * time, whether or not the address has an account; whatever depends on that (the lookup, the token, the mail) runs
 * here, once the reply is written. Tasks are kept in memory: each is retried on failure and logged when it fails
 * for good, and the server's close waits for them (`drain`).
 */
import type { FastifyBaseLogger } from 'fastify';

export interface AfterReply {
  /**
   * Queues `task` to start after the current turn of the event loop, i.e. after the reply sent just before. `name`
   * says in the log what failed (never personal data).
   */
  run(name: string, task: () => Promise<void>): void;
  /** True when no more tasks may wait now: the route answers 503 before queuing (the same for every address). */
  full(): boolean;
  /** Resolves once every queued task has finished (or failed for good). */
  drain(): Promise<void>;
}

export interface AfterReplyOptions {
  /** Waits before the 2nd, 3rd … attempt (ms); their number + 1 is the number of attempts. */
  retryDelaysMs?: number[];
  /** Tasks running at once. */
  concurrency?: number;
  /** Tasks that may wait; past it `full()` is true. */
  maxWaiting?: number;
}

/** Runs queued tasks, `concurrency` at once, each up to 1 + `retryDelaysMs.length` times. */
export function createAfterReply(log: FastifyBaseLogger, options: AfterReplyOptions = {}): AfterReply {
  const delays = options.retryDelaysMs ?? [1000, 5000];
  const concurrency = options.concurrency ?? 4;
  const maxWaiting = options.maxWaiting ?? 1000;
  const waiting: Array<{ name: string; task: () => Promise<void> }> = [];
  let running = 0;
  let idle: Array<() => void> = [];

  const attempt = async (name: string, task: () => Promise<void>): Promise<void> => {
    for (let n = 0; ; n++) {
      try {
        return await task();
      } catch (err) {
        if (n >= delays.length) {
          log.error({ err, task: name, attempts: n + 1 }, 'work after the reply failed');
          return;
        }
        log.warn({ err, task: name, attempt: n + 1 }, 'work after the reply failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, delays[n]));
      }
    }
  };
  const next = (): void => {
    while (running < concurrency && waiting.length > 0) {
      const { name, task } = waiting.shift()!;
      running++;
      void attempt(name, task).finally(() => {
        running--;
        next();
      });
    }
    if (running === 0 && waiting.length === 0) {
      for (const resolve of idle) resolve();
      idle = [];
    }
  };
  return {
    run(name, task) {
      waiting.push({ name, task });
      setImmediate(next);
    },
    full: () => waiting.length >= maxWaiting,
    drain: () =>
      running === 0 && waiting.length === 0
        ? Promise.resolve()
        : new Promise((resolve) => idle.push(resolve)),
  };
}
