/**
 * Opaque server-side sessions (docs/decisions/001): a 256-bit random token goes to the client; only its SHA-256
 * is stored. Resolution re-reads the user every time, so role changes and deletions apply at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { AuthUser } from '@emporium/contract';
import { selectRows, type Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The client a session signs in from, kept for the account's session list (issue 25). */
export interface SessionClient {
  /** The request's User-Agent header (cut to 500 characters). */
  userAgent?: string | null;
  /** The client address under TRUST_PROXY's rules. */
  ip?: string | null;
}

/**
 * Creates a session for `user` lasting `ttlMs`, recording the client's User-Agent and address; returns the opaque
 * token (base64url, 43 characters), or null when the account's password is no longer `user.passwordHash` (the one
 * the caller checked) or the account was erased. The check and the insert are one statement that holds the user's
 * row (FOR SHARE): a reset or password change either commits first, and no session is made with the old password,
 * or waits for the session and then signs it out with the others (issue 46).
 */
export async function createSession(
  db: Db,
  user: { id: string; passwordHash: string },
  ttlMs: number,
  client: SessionClient = {},
): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMs).toISOString();
  const userAgent = client.userAgent ? client.userAgent.slice(0, 500) : null;
  const ip = client.ip ? client.ip.slice(0, 100) : null;
  const created = await selectRows<{ id: string }>(
    db,
    sql`insert into ${sessions} (user_id, token_hash, expires_at, user_agent, ip, last_seen_at)
        select u.id, ${hashToken(token)}, ${expiresAt}::timestamptz, ${userAgent}, ${ip}, now()
        from ${users} u
        where u.id = ${user.id} and u.password_hash = ${user.passwordHash} and u.deleted_at is null
        for share
        returning id`,
  );
  if (created.length === 0) return null;
  rememberTouch(hashToken(token), Date.now());
  return token;
}

/** How often a session's `last_seen_at` is written at most (ms): once a minute (issue 25). */
export const LAST_SEEN_EVERY_MS = 60_000;
const lastTouched = new Map<string, number>();
/** Notes when this instance last wrote `hash`'s last use; bounded like the session cache (oldest entry first out). */
function rememberTouch(hash: string, now: number): void {
  lastTouched.delete(hash);
  if (lastTouched.size >= 10_000) lastTouched.delete(lastTouched.keys().next().value!);
  lastTouched.set(hash, now);
}

/**
 * Records that the session of `token` was used, at most once a minute: this instance skips sessions it touched
 * within the minute without a query, and the UPDATE itself only writes a row last seen over a minute ago (other
 * instances). Called by the access plugin on signed-in routes only, never on public catalog routes.
 */
export async function touchSession(db: Db, token: string, now = Date.now()): Promise<void> {
  const hash = hashToken(token);
  const last = lastTouched.get(hash);
  if (last !== undefined && now - last < LAST_SEEN_EVERY_MS) return;
  rememberTouch(hash, now);
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(sessions.tokenHash, hash),
        or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)),
      ),
    );
}

/** A session's user, and whether two-factor sign-in is on for it (ADMIN_2FA_REQUIRED, lib/access.ts). */
export interface SessionUser extends AuthUser {
  twoFactorEnabled: boolean;
}

/** The user of a live (not revoked, not expired) session, or null. */
export async function resolveSession(db: Db, token: string): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const rows = await db
    .select({
      userId: users.id,
      userName: users.userName,
      email: users.email,
      role: users.role,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
    })
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

/**
 * A short-lived per-instance cache of resolved sessions (token hash → user), so that shopper routes skip the
 * session query (DESIGN.md §6). Logout evicts the token on every instance through the bus; `ttlMs` bounds the rest
 * (a role change or account deletion reaches shopper routes within it). Admin routes and check-auth never use it.
 */
export interface SessionCache {
  get(token: string): AuthUser | undefined;
  set(token: string, user: AuthUser): void;
  /**
   * The token's hash when this instance resolved it to a live session (`set`) within KNOWN_SESSION_MS and it was
   * not revoked since; undefined otherwise (a made-up token, or one never used here). No database read: for keying
   * per-client budgets by session (lib/catalog-cache.ts), never for access.
   */
  known(token: string): string | undefined;
  /** Forgets `token` here and on every instance (logout). */
  revoke(token: string): void;
  /** Forgets the sessions with these token hashes here and on every instance (revokeUserSessions). */
  revokeHashes(hashes: string[]): void;
}

/**
 * Revokes every live session of `userId` but the one whose token hash is `keep` (the caller's own, when they stay
 * signed in), in the database and in every instance's session cache (issue 25: a password reset or change, "Sign
 * out everywhere", account deletion). Returns how many were revoked.
 */
export async function revokeUserSessions(
  db: Db,
  cache: Pick<SessionCache, 'revokeHashes'>,
  userId: string,
  keep?: string,
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keep === undefined ? undefined : ne(sessions.tokenHash, keep),
      ),
    )
    .returning({ hash: sessions.tokenHash });
  cache.revokeHashes(revoked.map((r) => r.hash));
  return revoked.length;
}

/**
 * How long a session resolved here stays `known` after its last resolution (ms), independently of the reuse TTL: a
 * signed-in shopper browses the catalog for a while between the shopper routes that resolve the session.
 */
export const KNOWN_SESSION_MS = 60 * 60_000;

export function createSessionCache(
  bus: {
    publish(channel: string, message: string): void;
    subscribe(channel: string, fn: (m: string) => void): void;
  },
  options: { ttlMs: number; maxEntries?: number },
): SessionCache {
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, { user: AuthUser; expires: number }>();
  // Token hash → when it was last resolved here; most recent last, at most maxEntries * 5 (oldest out first).
  const resolvedAt = new Map<string, number>();
  const forget = (hash: string) => {
    entries.delete(hash);
    resolvedAt.delete(hash);
  };
  bus.subscribe('session-revoked', forget);
  const revokeHashes = (hashes: string[]) => {
    for (const hash of hashes) {
      forget(hash);
      bus.publish('session-revoked', hash);
    }
  };
  return {
    get(token) {
      const hit = entries.get(hashToken(token));
      return hit && hit.expires > Date.now() ? hit.user : undefined;
    },
    set(token, user) {
      const hash = hashToken(token);
      resolvedAt.delete(hash);
      if (resolvedAt.size >= maxEntries * 5) resolvedAt.delete(resolvedAt.keys().next().value!);
      resolvedAt.set(hash, Date.now());
      if (options.ttlMs <= 0) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(hash, { user, expires: Date.now() + options.ttlMs });
    },
    known(token) {
      if (!token || token.length > 200) return undefined;
      const hash = hashToken(token);
      const at = resolvedAt.get(hash);
      return at !== undefined && Date.now() - at < KNOWN_SESSION_MS ? hash : undefined;
    },
    revoke(token) {
      revokeHashes([hashToken(token)]);
    },
    revokeHashes,
  };
}
