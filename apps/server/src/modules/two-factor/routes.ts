/**
 * Two-factor settings of the signed-in account (issue 25; DESIGN.md §4 "Two-factor sign-in"), under
 * /api/account/two-factor. The account is always the session's. The sign-in step is POST /api/auth/login/two-factor
 * (modules/auth/routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  MessageResponse,
  RecoveryCodesResponse,
  TwoFactorCodeBody,
  TwoFactorDisableBody,
  TwoFactorSetupBody,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { requireSelf } from '../../lib/access.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import type { PasswordHasher } from '../auth/password.ts';
import {
  assertSecretsReadable,
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorStatus,
} from './service.ts';

export interface TwoFactorRoutesOptions {
  db: Db;
  hasher: PasswordHasher;
  throttle: LoginThrottle;
  /** config.totpEncryptionKey; undefined in production without TOTP_ENCRYPTION_KEY. */
  key: Buffer | undefined;
  /** ADMIN_2FA_REQUIRED. */
  adminRequired: boolean;
  /** Requests per IP per 15 minutes on the routes that take a password or a code. */
  perWindow: number;
}

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse };

export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (app, opts) => {
  // Production without a key: refuse to start once any account depends on it (config.ts TOTP_ENCRYPTION_KEY).
  await assertSecretsReadable(opts.db, opts.key);
  const deps = { key: opts.key, hasher: opts.hasher, throttle: opts.throttle };
  const limited = {
    access: 'shopper' as const,
    rateLimit: { max: opts.perWindow, timeWindow: '15 minutes' },
  };

  /** 200 `{enabled, required, recoveryCodesLeft}`; `required`: ADMIN_2FA_REQUIRED applies to this account. */
  app.get(
    '/',
    {
      config: { access: 'shopper' },
      schema: { tags: ['two-factor'], response: { 200: TwoFactorStatusResponse } },
    },
    async (request) => {
      const user = requireSelf(request, undefined);
      return { success: true as const, ...(await twoFactorStatus(opts.db, user, opts.adminRequired)) };
    },
  );

  /**
   * Starts enrolment with the current password: 200 `{otpauthUri, manualKey, qrCode}` (an SVG data URL); 403 wrong
   * password; 409 already on; 429; 503 no TOTP_ENCRYPTION_KEY.
   */
  app.post(
    '/setup',
    {
      config: limited,
      schema: {
        tags: ['two-factor'],
        body: TwoFactorSetupBody,
        response: { 200: TwoFactorSetupResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireSelf(request, undefined);
      const setup = await startEnrolment(opts.db, deps, user.userId, request.body.password);
      return {
        success: true as const,
        message: 'Scan the QR code with your authenticator app, then enter the code it shows',
        ...setup,
      };
    },
  );

  /** Confirms enrolment with a code: 200 `{recoveryCodes}` (ten, shown once); 400 wrong code; 409; 429. */
  app.post(
    '/enable',
    {
      config: limited,
      schema: {
        tags: ['two-factor'],
        body: TwoFactorCodeBody,
        response: { 200: RecoveryCodesResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireSelf(request, undefined);
      const recoveryCodes = await confirmEnrolment(opts.db, deps, user.userId, request.body.code);
      return { success: true as const, message: 'Two-factor sign-in is on', recoveryCodes };
    },
  );

  /** Turns it off with the password and a code: 200; 400 wrong code; 403 wrong password; 409 not on; 429. */
  app.post(
    '/disable',
    {
      config: limited,
      schema: {
        tags: ['two-factor'],
        body: TwoFactorDisableBody,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireSelf(request, undefined);
      await disableTwoFactor(opts.db, deps, user.userId, request.body.password, request.body.code);
      return { success: true, message: 'Two-factor sign-in is off' };
    },
  );

  /** Ten new recovery codes for a code (the old ones stop working): 200 `{recoveryCodes}`; 400; 409; 429. */
  app.post(
    '/recovery-codes',
    {
      config: limited,
      schema: {
        tags: ['two-factor'],
        body: TwoFactorCodeBody,
        response: { 200: RecoveryCodesResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireSelf(request, undefined);
      const recoveryCodes = await regenerateRecoveryCodes(opts.db, deps, user.userId, request.body.code);
      return { success: true as const, message: 'New recovery codes', recoveryCodes };
    },
  );
};
