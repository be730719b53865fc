import { describe, expect, it } from 'vitest';
import { MEMORY_THROTTLE_MAX_KEYS, memoryLoginThrottle } from './login-throttle.ts';

const WINDOW = 15 * 60_000;

async function lock(throttle: ReturnType<typeof memoryLoginThrottle>, key: string, max: number) {
  for (let i = 0; i < max; i++) await throttle.recordFailure(key);
  expect(await throttle.retryAfterMs(key)).toBeGreaterThan(0);
}

describe('in-memory login throttle (issue 24, finding 12)', () => {
  it('a locked key stays locked after 100,000+ other keys were recorded (the default cap)', async () => {
    const throttle = memoryLoginThrottle(3, WINDOW);
    await lock(throttle, 'victim@example.test|203.0.113.9', 3);
    for (let i = 0; i < MEMORY_THROTTLE_MAX_KEYS + 10; i++)
      await throttle.recordFailure(`k${i}|198.51.100.1`);
    expect(await throttle.retryAfterMs('victim@example.test|203.0.113.9')).toBeGreaterThan(0);
  });

  it('with a small cap, evicts the least recently used keys under the limit, never the locked one', async () => {
    const throttle = memoryLoginThrottle(3, WINDOW, 10);
    await lock(throttle, 'locked', 3);
    await throttle.recordFailure('old');
    await throttle.recordFailure('old');
    await throttle.recordFailure('recent');
    await throttle.recordFailure('recent');
    for (let i = 0; i < 7; i++) await throttle.recordFailure(`filler${i}`);
    // 10 keys held; `recent` was used after `old`, so one more key evicts `old` only.
    await throttle.recordFailure('recent');
    await throttle.recordFailure('new');
    expect(await throttle.retryAfterMs('locked')).toBeGreaterThan(0);
    // `old` was forgotten: two more failures do not reach the limit of 3; `recent` kept its count and locks.
    await throttle.recordFailure('old');
    await throttle.recordFailure('old');
    expect(await throttle.retryAfterMs('old')).toBe(0);
    await throttle.recordFailure('recent');
    expect(await throttle.retryAfterMs('recent')).toBeGreaterThan(0);
    for (let i = 0; i < 100; i++) await throttle.recordFailure(`more${i}`);
    expect(await throttle.retryAfterMs('locked')).toBeGreaterThan(0);
  });

  it('stays bounded when every key is locked: then the least recently used locked key goes', async () => {
    const throttle = memoryLoginThrottle(2, WINDOW, 3);
    for (const key of ['a', 'b', 'c']) await lock(throttle, key, 2);
    await throttle.retryAfterMs('a'); // a login attempt on `a` makes it recent
    await lock(throttle, 'd', 2);
    expect(await throttle.retryAfterMs('b')).toBe(0);
    for (const key of ['a', 'c', 'd']) expect(await throttle.retryAfterMs(key)).toBeGreaterThan(0);
  });

  it('reset forgets a key', async () => {
    const throttle = memoryLoginThrottle(2, WINDOW, 5);
    await lock(throttle, 'x', 2);
    await throttle.reset('x');
    expect(await throttle.retryAfterMs('x')).toBe(0);
  });
});
