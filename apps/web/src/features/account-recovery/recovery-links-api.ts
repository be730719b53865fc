import type { MessageResponse, VerifyEmailResponse } from '@emporium/contract';
import { apiRequest } from '@/lib/api';

/**
 * The calls of the pages e-mailed links open (issue 25; server: modules/account-recovery/routes.ts). Apart from
 * recovery-api.ts, which the shop's frame loads with the app: these come with the pages that use them.
 */

/** `POST /api/auth/password-reset`: always answers the same message, whether or not the account exists. */
export const requestPasswordReset = (email: string) =>
  apiRequest<MessageResponse>('/api/auth/password-reset', { method: 'POST', body: { email } });

export const confirmPasswordReset = (token: string, password: string) =>
  apiRequest<MessageResponse>('/api/auth/password-reset/confirm', {
    method: 'POST',
    body: { token, password },
  });

/** Verifies the address; `claimedOrders` says how many earlier guest orders joined the account (issue 41). */
export const verifyEmail = (token: string) =>
  apiRequest<VerifyEmailResponse>('/api/auth/verify-email', { method: 'POST', body: { token } });
