/**
 * Password hashing with argon2id (OWASP Password Storage Cheat Sheet: m=19 MiB, t=2, p=1 as the baseline), behind
 * a small queue: a hash keeps a core busy for tens of milliseconds on libuv's thread pool (which also reads static
 * files), so at most `concurrency` hashes run at once (half the cores, at least one) and at most `maxQueued` wait;
 * beyond that the caller gets 503 with Retry-After instead of every request of the shop waiting behind a login
 * flood. `busy()` lets a caller refuse before doing any other work.
 */
import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import pLimit from 'p-limit';
import { dictionary } from '@zxcvbn-ts/language-common';
import { HttpError } from '../../lib/http-error.ts';

export interface PasswordHasher {
  /** True when the queue is full: a new hash would be refused with 503. */
  busy(): boolean;
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real verification, for unknown e-mails (no user enumeration by timing). */
  verifyDummy(password: string): Promise<void>;
}

export interface HasherLimits {
  /** Hashes computed at once (default: half the cores, at least 1). */
  concurrency?: number;
  /** Hashes waiting for a turn before new ones are refused with 503 (default 8). */
  maxQueued?: number;
}

export const BUSY_MESSAGE = 'We are handling many sign-ins right now. Please try again in a moment.';

/** The 503 (Retry-After: 2 s) for a full hashing queue; a load-shedding refusal, held like a 429. */
export const hashingBusy = () => new HttpError(503, BUSY_MESSAGE, { 'retry-after': '2' }, true);

export function createPasswordHasher(memoryKib: number, limits: HasherLimits = {}): PasswordHasher {
  const options = { type: argon2.argon2id, memoryCost: memoryKib, timeCost: 2, parallelism: 1 } as const;
  const limit = pLimit(limits.concurrency ?? Math.max(1, Math.floor(availableParallelism() / 2)));
  const maxQueued = limits.maxQueued ?? 8;
  const busy = () => limit.pendingCount >= maxQueued;
  const queued = <T>(work: () => Promise<T>): Promise<T> => {
    if (busy()) {
      return Promise.reject(hashingBusy());
    }
    return limit(work);
  };
  let dummy: Promise<string> | undefined;
  return {
    busy,
    hash: (password) => queued(() => argon2.hash(password, options)),
    verify: (hash, password) => queued(() => argon2.verify(hash, password).catch(() => false)),
    verifyDummy: async (password) => {
      dummy ??= argon2.hash('dummy password for timing', options);
      const hash = await dummy;
      await queued(() => argon2.verify(hash, password).catch(() => false));
    },
  };
}

const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/**
 * Refuses one of the ~49,000 most common passwords (zxcvbn-ts' list, offline), in any letter case, with a 400 a
 * person understands (OWASP ASVS 2.1.7, NIST SP 800-63B §5.1.1.2).
 */
export function assertNotCommonPassword(password: string): void {
  if (COMMON.has(password.toLowerCase())) {
    throw new HttpError(
      400,
      'password: This password is one of the most common ones and easy to guess. Please choose another.',
    );
  }
}
