/**
 * Account recovery API (issue 25; DESIGN.md §4 "Account recovery and upkeep"), under `/api/auth`:
 * POST /password-reset, POST /password-reset/confirm, POST /verify-email, POST /verify-email/resend, GET /account.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountStatusResponse,
  ErrorResponse,
  MessageResponse,
  PASSWORD_RESET_REQUESTED,
  PasswordResetConfirmBody,
  PasswordResetRequestBody,
  VerifyEmailBody,
  VerifyEmailResponse,
} from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { HttpError, unauthorized } from '../../lib/http-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { PasswordHasher } from '../auth/password.ts';
import type { SessionCache } from '../auth/session.service.ts';
import {
  accountStatus,
  confirmPasswordReset,
  requestPasswordReset,
  resendVerification,
  verifyEmail,
  type RecoveryDeps,
} from './service.ts';
import { createAfterReply, type AfterReply } from './after-reply.ts';

export interface AccountRecoveryRoutesOptions extends RecoveryDeps {
  db: Db;
  hasher: PasswordHasher;
  sessions: SessionCache;
  /** Login and register requests per IP per 15 minutes (AUTH_RATE_LIMIT_MAX): the reset confirmation shares it. */
  authPerWindow: number;
  /** Runs the work of a reset request after its reply; default: a new queue, drained when the server closes. */
  afterReply?: AfterReply;
}

/** Reset requests one client may make per 15 minutes (per e-mail: service.ts RESET_MAILS_PER_HOUR). */
export const RESET_REQUESTS_PER_CLIENT = 10;

export const RESET_BUSY = 'Too many password reset requests are waiting. Please try again in a minute.';

export const accountRecoveryRoutes: FastifyPluginAsyncZod<AccountRecoveryRoutesOptions> = async (
  app,
  opts,
) => {
  const afterReply = opts.afterReply ?? createAfterReply(app.log);
  app.addHook('onClose', () => afterReply.drain());
  /**
   * `{email}` → always 202 `{success: true, message: PASSWORD_RESET_REQUESTED}`, whether or not the account exists;
   * the link (30 minutes, single use) is mailed when it does, by work that starts after the reply (issue 46: the
   * same answer in the same time either way). 400 malformed body; 429 past `RESET_REQUESTS_PER_CLIENT` requests per
   * 15 minutes from one client; 503 {@link RESET_BUSY} while too many requests wait for their work.
   */
  app.post(
    '/password-reset',
    {
      config: { access: 'public', rateLimit: { max: RESET_REQUESTS_PER_CLIENT, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        body: PasswordResetRequestBody,
        response: { 202: MessageResponse, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      if (afterReply.full()) throw new HttpError(503, RESET_BUSY, { 'retry-after': '30' }, true);
      const { email } = request.body;
      // Answered before anything about the address is read or written (issue 46): a known address used to answer
      // measurably slower (its token and mail were written on the request path).
      reply.code(202).send({ success: true, message: PASSWORD_RESET_REQUESTED });
      afterReply.run('password reset request', () => requestPasswordReset(opts.db, opts, email));
      return reply;
    },
  );

  /**
   * `{token, password}` → 200: the password is changed, every session of the account is signed out and a notice is
   * mailed (and `claimedOrders`, issue 41, as for verification: the link proved the address); the client then signs in with the new password. 400 invalid, used or expired link, or a password against
   * the registration rules; 429; 503 hashing queue full.
   */
  app.post(
    '/password-reset/confirm',
    {
      config: { access: 'public', rateLimit: { max: opts.authPerWindow, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        body: PasswordResetConfirmBody,
        response: { 200: VerifyEmailResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      const { claimedOrders } = await confirmPasswordReset(opts.db, opts, request.body);
      return {
        success: true as const,
        message: 'Your password has been changed. Please log in with your new password.',
        ...(claimedOrders > 0 ? { claimedOrders } : {}),
      };
    },
  );

  /**
   * `{token}` → 200 the address is verified, with `claimedOrders` when paid guest orders placed with it joined the
   * account (issue 41); 400 invalid, used or expired link. Public: the link may open anywhere. */
  app.post(
    '/verify-email',
    {
      config: { access: 'public', rateLimit: { max: opts.authPerWindow, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        body: VerifyEmailBody,
        response: { 200: VerifyEmailResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      const { email, claimedOrders } = await verifyEmail(opts.db, request.body.token);
      return {
        success: true as const,
        message: `Thank you. Your e-mail address ${email} is verified.`,
        ...(claimedOrders > 0 ? { claimedOrders } : {}),
      };
    },
  );

  /**
   * Signed in → 200 a new link is mailed (or the address is already verified); 429 with Retry-After past
   * `VERIFY_MAILS_PER_HOUR` e-mails per hour.
   */
  app.post(
    '/verify-email/resend',
    {
      config: { access: 'shopper' },
      schema: { tags: ['auth'], response: { 200: MessageResponse, 401: ErrorResponse, 429: ErrorResponse } },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      const sent = await resendVerification(opts.db, opts, request.user.userId);
      return sent
        ? { success: true, message: `We sent a new verification link to ${request.user.email}.` }
        : { success: true, message: 'Your e-mail address is already verified.' };
    },
  );

  /** Signed in → 200 `{email, emailVerified}`, read from the database; 401. */
  app.get(
    '/account',
    {
      config: { access: 'shopper' },
      schema: { tags: ['auth'], response: { 200: AccountStatusResponse, 401: ErrorResponse } },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return { success: true as const, ...(await accountStatus(opts.db, request.user.userId)) };
    },
  );
};
