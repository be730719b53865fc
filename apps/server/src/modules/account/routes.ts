/**
 * Account settings API (issue 25 "Accounts a shopper can keep"), prefix `/api/account`, shopper access unless said:
 * - `GET /sessions` → 200 the caller's live sessions ("This device" is `current`).
 * - `DELETE /sessions/:id` → 200; 404 when it is not one of the caller's live sessions.
 * - `POST /sessions/revoke-all` → 200 `{revoked}`: every session but the caller's ends; a pending e-mail change is
 *   voided.
 * - `POST /password` {currentPassword, newPassword} → 200; the other sessions end, unused reset links and a pending
 *   e-mail change are voided.
 * - `POST /email` {newEmail, password} → 202; a confirmation link goes to the new address (or, when another account
 *   has it, a notice to its owner: the same 202); 429 past the hourly cap.
 * - `POST /email/confirm` {token} (public) → 200 `{email}`; 400 bad, used or expired link; 409 address taken.
 * - `GET /export` → 200 JSON attachment of everything kept about the caller.
 * - `POST /delete` {password} → 200; the account is erased and signed out, its unpaid orders cancelled; 409 for the
 *   last admin, or while one of its payments is being captured.
 * A wrong current password is 403 "Your current password is incorrect", counted like login failures (429 with
 * Retry-After past `LOGIN_FAILURES_MAX`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountExport,
  AccountSessionListResponse,
  AccountSessionParams,
  ChangeEmailBody,
  ChangePasswordBody,
  ConfirmEmailBody,
  ConfirmEmailResponse,
  DeleteAccountBody,
  MessageResponse,
  RevokeSessionsResponse,
} from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { requireSelf } from '../../lib/access.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { hashToken } from '../auth/session.service.ts';
import { deleteAccount, exportAccount, type ErasureDeps } from './erase.ts';
import { changePassword, confirmEmailChange, requestEmailChange, type AccountDeps } from './service.ts';
import { listSessions, revokeOwnSession, signOutEverywhereElse } from './sessions.ts';

export interface AccountRoutesOptions extends AccountDeps, Omit<ErasureDeps, 'log'> {
  db: Db;
  images: ImageStore;
  /** Confirmations per IP per 15 minutes (the login and register limit). */
  authPerWindow: number;
  /** SHOP_COUNTRY, for the exported addresses (issue 27). */
  shopCountry: string;
}

const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, opts) => {
  const { db } = opts;
  /** The caller's session token hash (bearer or cookie), so their own session is kept or marked. */
  const ownHash = (token: string | null) => (token ? hashToken(token) : undefined);

  app.get(
    '/sessions',
    {
      config: { access: 'shopper' },
      schema: { tags: ['account'], response: { 200: AccountSessionListResponse, ...errors } },
    },
    async (request) => {
      const user = requireSelf(request, undefined);
      return {
        success: true as const,
        data: await listSessions(db, user.userId, ownHash(request.sessionToken)),
      };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      config: { access: 'shopper' },
      schema: {
        tags: ['account'],
        params: AccountSessionParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireSelf(request, undefined);
      await revokeOwnSession(db, opts.sessions, user.userId, request.params.id);
      return { success: true, message: 'Signed out of that device' };
    },
  );

  app.post(
    '/sessions/revoke-all',
    {
      config: { access: 'shopper' },
      schema: { tags: ['account'], response: { 200: RevokeSessionsResponse, ...errors } },
    },
    async (request) => {
      const user = requireSelf(request, undefined);
      const revoked = await signOutEverywhereElse(
        db,
        opts.sessions,
        user.userId,
        ownHash(request.sessionToken),
      );
      return {
        success: true as const,
        message: revoked === 1 ? 'Signed out of 1 other device' : `Signed out of ${revoked} other devices`,
        revoked,
      };
    },
  );

  app.post(
    '/password',
    {
      config: { access: 'shopper' },
      schema: { tags: ['account'], body: ChangePasswordBody, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      const user = requireSelf(request, undefined);
      await changePassword(db, opts, user, ownHash(request.sessionToken), request.body);
      return { success: true, message: 'Password changed. Other devices were signed out.' };
    },
  );

  app.post(
    '/email',
    {
      config: { access: 'shopper' },
      schema: { tags: ['account'], body: ChangeEmailBody, response: { 202: MessageResponse, ...errors } },
    },
    async (request, reply) => {
      const user = requireSelf(request, undefined);
      await requestEmailChange(db, opts, user, request.body);
      return reply.code(202).send({
        success: true,
        // The same answer whether or not the address has an account (issue 46).
        message:
          `We sent a confirmation link to ${request.body.newEmail}, unless that address already has an Emporium ` +
          'account (its owner is told instead). Your e-mail changes once you open the link.',
      });
    },
  );

  app.post(
    '/email/confirm',
    {
      config: { access: 'public', rateLimit: { max: opts.authPerWindow, timeWindow: '15 minutes' } },
      schema: {
        tags: ['account'],
        body: ConfirmEmailBody,
        response: { 200: ConfirmEmailResponse, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => {
      const { email, claimedOrders } = await confirmEmailChange(db, opts, request.body.token);
      return {
        success: true as const,
        message: `Your e-mail address is now ${email}`,
        email,
        ...(claimedOrders > 0 ? { claimedOrders } : {}),
      };
    },
  );

  app.get(
    '/export',
    {
      config: { access: 'shopper' },
      schema: { tags: ['account'], response: { 200: AccountExport, ...errors } },
    },
    async (request, reply) => {
      const user = requireSelf(request, undefined);
      const data = await exportAccount(db, opts.images, user.userId, opts.shopCountry);
      const day = data.exportedAt.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="emporium-account-${day}.json"`);
      return data;
    },
  );

  app.post(
    '/delete',
    {
      config: { access: 'shopper' },
      schema: { tags: ['account'], body: DeleteAccountBody, response: { 200: MessageResponse, ...errors } },
    },
    async (request, reply) => {
      const user = requireSelf(request, undefined);
      await deleteAccount(db, { ...opts, log: request.log }, user, request.body.password);
      reply.clearCookie('token', { path: '/' });
      return { success: true, message: 'Your account was deleted' };
    },
  );
};
