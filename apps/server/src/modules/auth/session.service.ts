/**
 * Opaque server-side sessions (docs/decisions/001): a 256-bit random token goes to the client; only its SHA-256
 * is stored. Resolution re-reads the user every time, so role changes and deletions apply at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AuthUser } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a session for `userId` lasting `ttlMs`; returns the opaque token (base64url, 43 characters). */
export async function createSession(db: Db, userId: string, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** The user of a live (not revoked, not expired) session, or null. */
export async function resolveSession(db: Db, token: string): Promise<AuthUser | null> {
  if (!token || token.length > 200) return null;
  const rows = await db
    .select({ userId: users.id, userName: users.userName, email: users.email, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Revokes the session of `token` (no-op when unknown or already revoked). */
export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}
