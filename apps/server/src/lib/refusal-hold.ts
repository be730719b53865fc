/**
 * A tarpit for refusals (issue 9, login floods): a 429 (rate limits, login throttle) or a load-shedding 503 (the
 * password-hashing queue is full) goes out only after `delayMs`. A client that floods from a fixed number of
 * connections waits for each answer before it sends the next request, so it gets at most connections ÷ delay answers
 * a second and costs the shop almost nothing, instead of thousands of cheap refusals a second that take the CPU from
 * other visitors. The delay holds a timer, not a thread: other requests are served meanwhile.
 *
 * At most `maxHeld` refusals wait at once (each holds an open socket); beyond that a refusal goes out at once and
 * the caller closes the connection, which costs a flooding client a new TCP handshake per request.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** Refusals held at once before further ones go out at once (each held refusal keeps one socket open). */
export const MAX_HELD_REFUSALS = 1024;

/**
 * Waits before a refusal is sent. Resolves `held` after the delay, `full` at once when `maxHeld` refusals already
 * wait (close the connection), `off` at once when the delay is 0.
 */
export type RefusalHold = () => Promise<'held' | 'full' | 'off'>;

/** A hold of `delayMs` (ms; 0 turns it off) for at most `maxHeld` refusals at a time. */
export function createRefusalHold(delayMs: number, maxHeld = MAX_HELD_REFUSALS): RefusalHold {
  let held = 0;
  return async () => {
    if (delayMs <= 0) return 'off';
    if (held >= maxHeld) return 'full';
    held += 1;
    try {
      await sleep(delayMs);
      return 'held';
    } finally {
      held -= 1;
    }
  };
}
