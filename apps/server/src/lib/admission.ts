/**
 * Admission control for the money path (issue 29, decision 016 §4): a flash sale's checkouts may take at most
 * `concurrency` of an instance's requests at a time, so that browsing keeps its share of the one event loop while
 * shoppers queue for checkout (the bulkhead of the best shops' sale days: a queue for checkout, not a slow shop).
 *
 * Routes declare `config.admission`:
 * - `entry` (cart add, order create): starts a purchase. Refused with 503 and Retry-After (`checkoutBusy`) when
 *   `maxQueued` requests already wait, before any work is done, so the refusal changes nothing.
 * - `completion` (capture, the payment provider's return): finishes a purchase the shopper has already approved.
 *   Never refused, and served before waiting entries: a sale already begun is worth more than a new one.
 *
 * The queue is per instance (p-queue, FIFO within a priority); `concurrency` 0 turns admission off.
 */
import type { RouteOptions } from 'fastify';
import PQueue from 'p-queue';
import { HttpError } from './http-error.ts';

export type AdmissionClass = 'entry' | 'completion';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is on the money path and waits for a checkout slot (lib/admission.ts). */
    admission?: AdmissionClass;
  }
}

export interface AdmissionLimits {
  /** Money-path requests handled at once by this instance; 0 = no limit. */
  concurrency: number;
  /** Entry requests that may wait for a slot before further ones are refused with 503. */
  maxQueued: number;
}

export const CHECKOUT_BUSY_MESSAGE = 'Checkout is very busy right now. Please try again in a moment.';

/** The 503 (Retry-After: 2 s) for a full checkout queue; a load-shedding refusal, held like a 429. */
export const checkoutBusy = () => new HttpError(503, CHECKOUT_BUSY_MESSAGE, { 'retry-after': '2' }, true);

const PRIORITY: Record<AdmissionClass, number> = { entry: 0, completion: 1 };

export interface Admission {
  /**
   * Runs `work` once a slot is free. Rejects with `checkoutBusy()` at once, without running it, when `kind` is
   * `entry` and the queue is full.
   */
  admit<T>(kind: AdmissionClass, work: () => Promise<T>): Promise<T>;
  /** Requests running and waiting now. */
  load(): { running: number; waiting: number };
}

/** An admission queue with the given limits. */
export function createAdmission(limits: AdmissionLimits): Admission {
  if (limits.concurrency <= 0) {
    return { admit: (_kind, work) => work(), load: () => ({ running: 0, waiting: 0 }) };
  }
  const queue = new PQueue({ concurrency: limits.concurrency });
  return {
    admit(kind, work) {
      const full = queue.pending >= limits.concurrency && queue.size >= limits.maxQueued;
      if (kind === 'entry' && full) return Promise.reject(checkoutBusy());
      return queue.add(work, { priority: PRIORITY[kind] });
    },
    load: () => ({ running: queue.pending, waiting: queue.size }),
  };
}

type Handler = (this: unknown, ...args: unknown[]) => unknown;

/**
 * For an `onRoute` hook: when the route declares `config.admission`, its handler runs through `admission` (the
 * slot is held until the handler's promise settles, that is until its answer is sent or its error thrown).
 */
export function admitRoute(admission: Admission, route: RouteOptions): void {
  const kind = route.config?.admission;
  if (!kind) return;
  const handler = route.handler as unknown as Handler;
  const admitted: Handler = function (this: unknown, ...args: unknown[]) {
    return admission.admit(kind, async () => handler.apply(this, args));
  };
  route.handler = admitted as unknown as RouteOptions['handler'];
}
