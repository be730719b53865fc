import type { MessageResponse } from '@emporium/contract';
import { apiRequest } from '@/lib/api';

/** Account recovery calls (issue 25; server: modules/account-recovery/routes.ts). */

/** `POST /api/auth/password-reset`: always answers the same message, whether or not the account exists. */
export const requestPasswordReset = (email: string) =>
  apiRequest<MessageResponse>('/api/auth/password-reset', { method: 'POST', body: { email } });

export const confirmPasswordReset = (token: string, password: string) =>
  apiRequest<MessageResponse>('/api/auth/password-reset/confirm', {
    method: 'POST',
    body: { token, password },
  });

export const verifyEmail = (token: string) =>
  apiRequest<MessageResponse>('/api/auth/verify-email', { method: 'POST', body: { token } });

export const resendVerification = () =>
  apiRequest<MessageResponse>('/api/auth/verify-email/resend', { method: 'POST' });
