import type { CheckAuthResponse, LoginBody, LoginResponse, RegisterBody } from '@emporium/contract';
import { apiRequest } from '@/lib/api';

export interface MessageAnswer {
  success: boolean;
  message?: string;
}

export function postRegister(body: RegisterBody): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>('/api/auth/register', { method: 'POST', body });
}

export function postLogin(body: LoginBody): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/api/auth/login', { method: 'POST', body });
}

export function postLogout(): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>('/api/auth/logout', { method: 'POST', body: {} });
}

export function getCheckAuth(): Promise<CheckAuthResponse> {
  return apiRequest<CheckAuthResponse>('/api/auth/check-auth', {
    headers: { 'Cache-Control': 'no-cache, no-store, must-revalidate' },
  });
}
