import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error.ts';
import { assertNotCommonPassword, createPasswordHasher } from './password.ts';

describe('password hashing queue', () => {
  it('runs at most `concurrency` hashes, queues `maxQueued`, and refuses the rest with 503 + Retry-After', async () => {
    const hasher = createPasswordHasher(1024, { concurrency: 1, maxQueued: 2 });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => hasher.hash(`password ${i}`)),
    );
    const refused = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason);
    // The queue takes `maxQueued` waiting hashes (plus the running one, once it has started); the others arrive
    // while it is full and are refused at once.
    const accepted = results.filter((r) => r.status === 'fulfilled').length;
    expect(accepted).toBeGreaterThanOrEqual(2);
    expect(accepted).toBeLessThanOrEqual(3);
    expect(refused).toHaveLength(6 - accepted);
    for (const err of refused) {
      expect(err).toBeInstanceOf(HttpError);
      expect(err).toMatchObject({ statusCode: 503, headers: { 'retry-after': '2' } });
    }
    expect(hasher.busy()).toBe(false);
    expect(await hasher.verify(await hasher.hash('after the flood'), 'after the flood')).toBe(true);
  });

  it('refuses common passwords in any letter case and accepts a passphrase', () => {
    expect(() => assertNotCommonPassword('PassWord')).toThrow(/most common/);
    expect(() => assertNotCommonPassword('correct horse battery staple lamp')).not.toThrow();
  });
});
