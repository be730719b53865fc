import { claimedOrdersMessage, type MessageResponse, type VerifyEmailResponse } from '@emporium/contract';
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

/** Verifies the address; `note` says how many earlier guest orders joined the account (issue 41), if any. */
export const verifyEmail = async (token: string) => {
  const answer = await apiRequest<VerifyEmailResponse>('/api/auth/verify-email', {
    method: 'POST',
    body: { token },
  });
  return { ...answer, note: answer.claimedOrders ? claimedOrdersMessage(answer.claimedOrders) : undefined };
};

export const resendVerification = () =>
  apiRequest<MessageResponse>('/api/auth/verify-email/resend', { method: 'POST' });
