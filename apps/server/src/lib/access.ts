/**
 * Access control (DESIGN.md §4): every route declares `config.access` as `public`, `shopper` (any signed-in user)
 * or `admin`; a route without it makes start-up fail (default deny). Public routes do not look the session up
 * unless they declare `readsSession`; shopper routes may use the session cache. The session comes from
 * `Authorization: Bearer <token>` or the `token` cookie. CSRF defence (DESIGN.md §4): every unsafe request, public
 * routes included and with or without a cookie, is refused (403) when it carries a foreign `Origin`, or no Origin and
 * `Sec-Fetch-Site: cross-site`; one authenticated by the cookie alone must also carry an allowed Origin.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthUser } from '@emporium/contract';
import type { Db } from '../db/client.ts';
import {
  resolveSession,
  touchSession,
  type SessionCache,
  type SessionUser,
} from '../modules/auth/session.service.ts';
import { ADMIN_TWO_FACTOR_REQUIRED } from '../modules/two-factor/service.ts';
import { forbidden, unauthorized } from './http-error.ts';
import { appendRouteHook } from './route-hooks.ts';

export type Access = 'public' | 'shopper' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A public route that needs the caller's user (check-auth, logout); other public routes never look it up. */
    readsSession?: boolean;
    /**
     * The route answers from the catalog cache (`CatalogCache.send`): a repeated address is answered before its query
     * is parsed (`CatalogCache.sendKnown`, after the rate limit).
     */
    cachedAnswer?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, read from the database for this request; null for a visitor. */
    user: AuthUser | null;
    /** The session token the request carried, if any. */
    sessionToken: string | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The token from the bearer header (preferred) or the `token` cookie, and which one it came from. The Cookie header
 * is parsed here, only on routes that read the session (app.ts registers @fastify/cookie without its parsing hook).
 */
export function readToken(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token && token !== 'null' && token !== 'undefined') return { token, via: 'bearer' };
  }
  const cookies = request.headers.cookie;
  const cookie = cookies ? request.server.parseCookie(cookies).token : undefined;
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

export const accessPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { db: Db; allowedOrigins: string[]; sessions: SessionCache; adminTwoFactorRequired?: boolean },
  ) => {
    const allowed = new Set(opts.allowedOrigins);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionToken', null);

    /**
     * Refuses an unsafe request sent from another site: a browser names the page's origin in `Origin` on every
     * cross-origin POST, PUT and DELETE (forms included), and marks it `Sec-Fetch-Site: cross-site`. A request with
     * neither (curl, a server) has no victim's browser behind it. `null` (sandboxed frames, opaque redirects) is foreign.
     */
    const refuseCrossSite = async (request: FastifyRequest) => {
      const origin = request.headers.origin;
      if (origin !== undefined ? !allowed.has(origin) : request.headers['sec-fetch-site'] === 'cross-site')
        throw forbidden('Request origin not allowed');
    };

    /** Resolves the caller and refuses visitors or non-admins where the route requires it. */
    const checkAccess = async (request: FastifyRequest) => {
      const config = request.routeOptions.config;
      const access = config.access!;
      const found = readToken(request);
      // Admin routes always read the session fresh (never cached), with the user's two-factor state.
      let fresh: SessionUser | null = null;
      if (found) {
        request.sessionToken = found.token;
        // Shopper routes may use a session resolved a few seconds ago; admin routes and check-auth read it fresh.
        const cached = access === 'shopper' ? opts.sessions.get(found.token) : undefined;
        fresh = cached ? null : await resolveSession(opts.db, found.token);
        request.user = cached ?? fresh;
        if (!cached && request.user && access === 'shopper') opts.sessions.set(found.token, request.user);
        // The session list's "last seen" (issue 25): at most one conditional UPDATE a minute per session.
        if (request.user) await touchSession(opts.db, found.token);
        if (request.user && found.via === 'cookie' && !SAFE_METHODS.has(request.method)) {
          const origin = request.headers.origin;
          if (!origin || !allowed.has(origin)) throw forbidden('Request origin not allowed');
        }
      }
      if (access === 'public') return;
      if (!request.user) throw unauthorized();
      if (access === 'admin' && request.user.role !== 'admin') throw forbidden('Admin access required');
      // ADMIN_2FA_REQUIRED (issue 25): an admin signed in without two-factor may set it up (/api/account), no more.
      if (access === 'admin' && opts.adminTwoFactorRequired && !fresh?.twoFactorEnabled)
        throw forbidden(ADMIN_TWO_FACTOR_REQUIRED);
    };
    // Personal data (DESIGN.md §4): answers to signed-in routes are never stored by browsers or shared caches.
    const noStore = (
      _request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (error: null, payload: unknown) => void,
    ) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    };

    // The checks are the route's own hooks, placed after its rate limit: a public catalog route that does not read
    // the session runs none of them, and a flood is refused before any session is looked up.
    app.addHook('onRoute', (route) => {
      const config = route.config as FastifyContextConfig | undefined;
      const access = config?.access;
      if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !access)
        throw new Error(`Route ${route.method} ${route.url} declares no access (public/shopper/admin)`);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.some((m) => !SAFE_METHODS.has(m))) appendRouteHook(route, 'onRequest', refuseCrossSite);
      if (!access || (access === 'public' && !config.readsSession)) return;
      appendRouteHook(route, 'onRequest', checkAccess);
      if (access !== 'public') appendRouteHook(route, 'onSend', noStore);
    });
  },
  { name: 'access' },
);

/**
 * The signed-in caller, checked against a `userId` taken from a path or body (DESIGN.md §4: a userId that is not
 * the caller's gets 403). Use it on `shopper` routes, where the access plugin has already answered 401 to visitors.
 */
export function requireSelf(request: FastifyRequest, userId: string | undefined): AuthUser {
  const user = request.user;
  if (!user) throw unauthorized();
  if (userId !== undefined && userId !== user.userId) throw forbidden('You can only access your own data');
  return user;
}
