/**
 * Auth API (spec §7): POST /api/auth/register, POST /api/auth/login, POST /api/auth/logout, GET /api/auth/check-auth.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckAuthResponse,
  ErrorResponse,
  LoginBody,
  LoginResponse,
  MessageResponse,
  RegisterBody,
  RegisterResponse,
} from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { logIn, registerUser } from './auth.service.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { PasswordHasher } from './password.ts';
import { revokeSession, type SessionCache } from './session.service.ts';

export interface AuthRoutesOptions {
  db: Db;
  hasher: PasswordHasher;
  throttle: LoginThrottle;
  sessionTtlMs: number;
  secureCookie: boolean;
  /** Login and register requests per IP per 15 minutes. */
  authPerWindow: number;
  sessions: SessionCache;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const authLimit = { max: opts.authPerWindow, timeWindow: '15 minutes' };

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
      await registerUser(opts.db, opts.hasher, request.body);
      return reply.code(201).send({ success: true, message: 'Registration successful' });
    },
  );

  /** 200 with `token` and `user`, and the httpOnly cookie `token`; 401 bad credentials; 429 too many failures. */
  app.post(
    '/login',
    {
      config: { access: 'public', rateLimit: authLimit },
      schema: { tags: ['auth'], body: LoginBody, response: { 200: LoginResponse, 401: ErrorResponse } },
    },
    async (request, reply) => {
      const { token, user } = await logIn(
        opts.db,
        opts,
        request.body,
        request.ip,
        request.headers['user-agent'],
      );
      reply.setCookie('token', token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secureCookie,
        maxAge: Math.floor(opts.sessionTtlMs / 1000),
      });
      return { success: true as const, message: 'Logged in successfully', token, user };
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
