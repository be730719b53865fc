/**
 * Auth API (spec §7): POST /api/auth/register, POST /api/auth/login, POST /api/auth/logout, GET /api/auth/check-auth.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckAuthResponse,
  ErrorResponse,
  LoginBody,
  LoginOrChallengeResponse,
  LoginResponse,
  MessageResponse,
  TwoFactorLoginBody,
  RegisterBody,
  RegisterResponse,
} from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { logIn, registerUser, type RegistrationHooks } from './auth.service.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { PasswordHasher } from './password.ts';
import { createSession, revokeSession, type SessionCache } from './session.service.ts';
import { CHALLENGE_SPENT, completeLoginChallenge } from '../two-factor/service.ts';
import type { AfterSignIn } from '../guest-sessions/sign-in.ts';

export interface AuthRoutesOptions {
  db: Db;
  hasher: PasswordHasher;
  throttle: LoginThrottle;
  sessionTtlMs: number;
  secureCookie: boolean;
  /** Login and register requests per IP per 15 minutes. */
  authPerWindow: number;
  sessions: SessionCache;
  /** Run for each new account (issue 25: queue the e-mail verification link). */
  registration?: RegistrationHooks;
  /** The key of the TOTP secrets (config.totpEncryptionKey), for the two-factor step of the login. */
  totpKey?: Buffer;
  /**
   * Run after a sign-in created a session (issue 41, open storefront only: the guest's cart moves into the
   * account's); the notice it resolves is the answer's `cartNotice`.
   */
  afterSignIn?: AfterSignIn;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const authLimit = { max: opts.authPerWindow, timeWindow: '15 minutes' };
  /** The session cookie of a sign-in (DESIGN.md §4: httpOnly, SameSite=Lax, Secure behind https in production). */
  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie('token', token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secureCookie,
      maxAge: Math.floor(opts.sessionTtlMs / 1000),
    });
  /** The sign-in's answer, with `cartNotice` when afterSignIn has one (issue 41). */
  const signedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    user: LoginResponse['user'],
  ) => {
    setSessionCookie(reply, token);
    const cartNotice = await opts.afterSignIn?.(request, reply, user.userId);
    const answer = { success: true as const, message: 'Logged in successfully', token, user };
    return cartNotice ? { ...answer, cartNotice } : answer;
  };

  /** 201 on success; 400 invalid body (unknown keys such as `role` included); 409 e-mail taken; 429. */
  app.post(
    '/register',
    {
      config: { access: 'public', rateLimit: authLimit },
      schema: {
        tags: ['auth'],
        body: RegisterBody,
        response: { 201: RegisterResponse, 400: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      await registerUser(opts.db, opts.hasher, request.body, opts.registration);
      return reply.code(201).send({ success: true, message: 'Registration successful' });
    },
  );

  /**
   * 200 with `token` and `user`, and the httpOnly cookie `token`; for an account with two-factor sign-in (issue 25)
   * 200 `{success, twoFactorRequired: true, challenge, message}` and no session; 401 bad credentials; 429.
   */
  app.post(
    '/login',
    {
      config: { access: 'public', rateLimit: authLimit },
      schema: {
        tags: ['auth'],
        body: LoginBody,
        response: { 200: LoginOrChallengeResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const result = await logIn(opts.db, opts, request.body, request.ip, request.headers['user-agent']);
      if ('challenge' in result) {
        const message = 'Enter the 6-digit code from your authenticator app';
        return {
          success: true as const,
          twoFactorRequired: true as const,
          challenge: result.challenge,
          message,
        };
      }
      return signedIn(request, reply, result.token, result.user);
    },
  );

  /**
   * The second step of a two-factor sign-in (issue 25): `{challenge, code}` or `{challenge, recoveryCode}`; 200 the
   * login's answer with `token`, `user` and the cookie; 400 bad body; 401 wrong code or spent challenge; 429.
   */
  app.post(
    '/login/two-factor',
    {
      config: { access: 'public', rateLimit: authLimit },
      schema: {
        tags: ['auth'],
        body: TwoFactorLoginBody,
        response: { 200: LoginResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { user, passwordHash } = await completeLoginChallenge(
        opts.db,
        { ...opts, key: opts.totpKey },
        request.body,
      );
      const token = await createSession(opts.db, { id: user.userId, passwordHash }, opts.sessionTtlMs, {
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      // The password changed since the challenge was completed (issue 46): the sign-in starts again.
      if (!token) throw unauthorized(CHALLENGE_SPENT);
      return signedIn(request, reply, token, user);
    },
  );

  /** Revokes the caller's session (bearer or cookie) and clears the cookie; 200 even without a session. */
  app.post(
    '/logout',
    {
      config: { access: 'public', readsSession: true },
      schema: { tags: ['auth'], response: { 200: MessageResponse } },
    },
    async (request, reply) => {
      if (request.sessionToken) {
        await revokeSession(opts.db, request.sessionToken);
        opts.sessions.revoke(request.sessionToken);
      }
      reply.clearCookie('token', { path: '/' });
      return { success: true, message: 'Logged out successfully' };
    },
  );

  /** 200 with the user re-read from the database; 401 for a missing, revoked, expired or made-up token. */
  app.get(
    '/check-auth',
    {
      config: { access: 'public', readsSession: true },
      schema: { tags: ['auth'], response: { 200: CheckAuthResponse, 401: ErrorResponse } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.user) throw unauthorized();
      return { success: true as const, message: 'Authenticated user!', user: request.user };
    },
  );
};
