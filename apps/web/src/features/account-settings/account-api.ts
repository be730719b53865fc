/** Calls of the account settings (issue 25), under `/api/account`. */
import type {
  AccountExport,
  AccountSession,
  ChangeEmailBody,
  ChangePasswordBody,
  ConfirmEmailResponse,
  RevokeSessionsResponse,
} from '@emporium/contract';
import { apiRequest } from '@/lib/api';

interface MessageAnswer {
  success: boolean;
  message?: string;
}

export async function getSessions(): Promise<AccountSession[]> {
  return (await apiRequest<{ data: AccountSession[] }>('/api/account/sessions')).data;
}

export function deleteSession(id: string): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function revokeOtherSessions(): Promise<RevokeSessionsResponse> {
  return apiRequest<RevokeSessionsResponse>('/api/account/sessions/revoke-all', { method: 'POST', body: {} });
}

export function postPasswordChange(body: ChangePasswordBody): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>('/api/account/password', { method: 'POST', body });
}

export function postEmailChange(body: ChangeEmailBody): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>('/api/account/email', { method: 'POST', body });
}

export function postEmailConfirm(token: string): Promise<ConfirmEmailResponse> {
  return apiRequest<ConfirmEmailResponse>('/api/account/email/confirm', { method: 'POST', body: { token } });
}

export function getAccountExport(): Promise<AccountExport> {
  return apiRequest<AccountExport>('/api/account/export');
}

export function postAccountDelete(password: string): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>('/api/account/delete', { method: 'POST', body: { password } });
}
