/**
 * Password hashing with argon2id (OWASP Password Storage Cheat Sheet: m=19 MiB, t=2, p=1 as the baseline).
 */
import argon2 from 'argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real verification, for unknown e-mails (no user enumeration by timing). */
  verifyDummy(password: string): Promise<void>;
}

export function createPasswordHasher(memoryKib: number): PasswordHasher {
  const options = { type: argon2.argon2id, memoryCost: memoryKib, timeCost: 2, parallelism: 1 } as const;
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => argon2.hash(password, options),
    verify: async (hash, password) => {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
    verifyDummy: async (password) => {
      dummy ??= argon2.hash('dummy password for timing', options);
      await argon2.verify(await dummy, password).catch(() => false);
    },
  };
}
