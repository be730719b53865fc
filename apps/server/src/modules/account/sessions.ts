/**
 * The account's session list (issue 25; DESIGN.md §4 "sessions are listed with device and last use and can be
 * revoked"): the caller's live sessions with the device named from the User-Agent, and revocation of one or all but
 * the caller's. Ownership is in every WHERE: another account's session is 404, never read or touched.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { UAParser } from 'ua-parser-js';
import type { AccountSession } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { isUuid, notFound } from '../../lib/http-error.ts';
import { voidAccountTokens } from '../auth/account-tokens.ts';
import { revokeUserSessions, type SessionCache } from '../auth/session.service.ts';

export const SESSION_NOT_FOUND = 'Session not found';

/** "Chrome on Windows", "Safari on iOS", "Firefox", "Unknown device" … from a User-Agent header. */
export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os, device } = UAParser(userAgent);
  const what =
    browser.name ?? (device.vendor && device.model ? `${device.vendor} ${device.model}` : undefined);
  if (what && os.name) return `${what} on ${os.name}`;
  return what ?? os.name ?? (userAgent.length > 40 ? `${userAgent.slice(0, 40)}…` : userAgent);
}

type SessionRow = typeof sessions.$inferSelect;

/** A session as the list and the data export show it: no token hash. */
export function toAccountSession(row: SessionRow, currentHash: string | undefined): AccountSession {
  return {
    _id: row.id,
    device: deviceName(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    current: row.tokenHash === currentHash,
  };
}

/** The live (not revoked, not expired) sessions of `userId`, the caller's first, then by last use. */
export async function listSessions(
  db: Db,
  userId: string,
  currentHash: string | undefined,
): Promise<AccountSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(sql`${sessions.lastSeenAt} desc nulls last`, desc(sessions.createdAt))
    .limit(200);
  return rows
    .map((r) => toAccountSession(r, currentHash))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Ends one live session of `userId` ("Sign out" on a row), in the database and on every instance. 404 when the id
 * is not one of the caller's live sessions. The caller's own session may be ended too (it then signs out).
 */
export async function revokeOwnSession(
  db: Db,
  cache: Pick<SessionCache, 'revokeHashes'>,
  userId: string,
  sessionId: string,
): Promise<void> {
  if (!isUuid(sessionId)) throw notFound(SESSION_NOT_FOUND);
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ hash: sessions.tokenHash });
  if (revoked.length === 0) throw notFound(SESSION_NOT_FOUND);
  cache.revokeHashes(revoked.map((r) => r.hash));
}

/**
 * "Sign out everywhere else" (`POST /api/account/sessions/revoke-all`): ends every session of `userId` but the
 * caller's (`keepHash`), on every instance, and voids a pending e-mail change and open two-factor challenges
 * (issue 46: whoever was signed in may have started them). Returns how many sessions ended.
 */
export async function signOutEverywhereElse(
  db: Db,
  cache: Pick<SessionCache, 'revokeHashes'>,
  userId: string,
  keepHash: string | undefined,
): Promise<number> {
  await voidAccountTokens(db, userId, ['email-change', 'two-factor-login']);
  return revokeUserSessions(db, cache, userId, keepHash);
}
