import type { MessageResponse } from '@emporium/contract';
import { apiRequest } from '@/lib/api';

/**
 * The account recovery call the shop's frame makes (issue 25; server: modules/account-recovery/routes.ts): the
 * e-mail banner's resend. The pages e-mailed links open have theirs in recovery-links-api.ts.
 */
export const resendVerification = () =>
  apiRequest<MessageResponse>('/api/auth/verify-email/resend', { method: 'POST' });
