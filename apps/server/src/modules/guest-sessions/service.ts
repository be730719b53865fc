/**
 * Guest sessions of the open storefront (issue 41, docs/decisions/020): a visitor who writes to a cart without
 * signing in gets an opaque random token (32 bytes, base64url) in the httpOnly cookie GUEST_COOKIE; only its SHA-256
 * is stored (like a user's session, docs/decisions/001). A guest session owns a cart and nothing else: it never
 * authenticates a user route (lib/access.ts reads only the `token` cookie and the bearer header).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { selectRows, type Db } from '../../db/client.ts';
import { guestSessions } from '../../db/schema.ts';
import { hashToken } from '../auth/session.service.ts';

/** The cookie holding a guest session's token. */
export const GUEST_COOKIE = 'guest';
/** How long a guest session lives after its last renewal (ms): 30 days, sliding (issue 41). */
export const GUEST_SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
/** A guest session is renewed at most this often (ms): once a day, so that browsing writes nothing. */
export const GUEST_RENEW_EVERY_MS = 24 * 60 * 60_000;

/** A live guest session: its id (the cart's owner) and whether this request renewed it. */
export interface GuestSession {
  id: string;
  renewed: boolean;
}

/** Creates a guest session; returns its id and the token for the cookie (43 characters). */
export async function createGuestSession(db: Db, now = Date.now()): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(guestSessions)
    .values({ tokenHash: hashToken(token), expiresAt: new Date(now + GUEST_SESSION_TTL_MS) })
    .returning({ id: guestSessions.id });
  return { id: row!.id, token };
}

/**
 * The live (not ended, not expired) guest session of `token`, or null. When it was last renewed over a day ago,
 * its expiry moves to 30 days from `now` (one conditional UPDATE; `renewed` tells the caller to re-send the cookie).
 */
export async function resolveGuestSession(
  db: Db,
  token: string,
  now = Date.now(),
): Promise<GuestSession | null> {
  if (!token || token.length > 200) return null;
  const hash = hashToken(token);
  const live = and(
    eq(guestSessions.tokenHash, hash),
    isNull(guestSessions.endedAt),
    gt(guestSessions.expiresAt, new Date(now)),
  );
  const [renewed] = await db
    .update(guestSessions)
    .set({ expiresAt: new Date(now + GUEST_SESSION_TTL_MS), renewedAt: new Date(now) })
    .where(and(live, lt(guestSessions.renewedAt, new Date(now - GUEST_RENEW_EVERY_MS))))
    .returning({ id: guestSessions.id });
  if (renewed) return { id: renewed.id, renewed: true };
  const [row] = await db.select({ id: guestSessions.id }).from(guestSessions).where(live).limit(1);
  return row ? { id: row.id, renewed: false } : null;
}

/** Guest sessions deleted per statement of a prune, so that a large backlog holds no long lock. */
const PRUNE_BATCH = 1000;

/**
 * Deletes the guest sessions that expired or were ended (their cart merged into an account) before `now`, with
 * their carts and lines (foreign keys cascade), in batches. Returns how many it deleted. Run by the periodic jobs
 * (jobs.ts); safe on any number of instances at once.
 */
export async function pruneGuestSessions(db: Db, now = new Date()): Promise<number> {
  const at = now.toISOString();
  let deleted = 0;
  for (;;) {
    const rows = await selectRows<{ n: number }>(
      db,
      sql`with gone as (
            delete from guest_sessions where id in (
              select id from guest_sessions
              where expires_at <= ${at}::timestamptz or ended_at <= ${at}::timestamptz
              limit ${PRUNE_BATCH})
            returning 1)
          select count(*)::int as n from gone`,
    );
    const n = Number(rows[0]?.n ?? 0);
    deleted += n;
    if (n < PRUNE_BATCH) return deleted;
  }
}

/** Ends a guest session (its cart moved to an account); a no-op when already ended. */
export async function endGuestSession(db: Db, id: string): Promise<void> {
  await db
    .update(guestSessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(guestSessions.id, id), isNull(guestSessions.endedAt)));
}

/** The guest token a request's cookie carries, if any (the Cookie header parsed here, as lib/access.ts does). */
export function readGuestToken(request: FastifyRequest): string | null {
  const cookies = request.headers.cookie;
  return (cookies ? request.server.parseCookie(cookies)[GUEST_COOKIE] : undefined) || null;
}

/** Sets the guest cookie: httpOnly, SameSite=Lax, Secure behind https, 30 days (issue 41). */
export function setGuestCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(GUEST_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(GUEST_SESSION_TTL_MS / 1000),
  });
}

/** Clears the guest cookie (the guest signed in). */
export function clearGuestCookie(reply: FastifyReply): void {
  reply.clearCookie(GUEST_COOKIE, { path: '/' });
}
