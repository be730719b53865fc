import type { CheckAuthResponse } from '@emporium/contract';
import { apiRequest, prefetchGet } from '@/lib/api';

export interface MessageAnswer {
  success: boolean;
  message?: string;
}

export function postLogout(): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>('/api/auth/logout', { method: 'POST', body: {} });
}

const CHECK_AUTH_PATH = '/api/auth/check-auth';
const CHECK_AUTH_HEADERS = { 'Cache-Control': 'no-cache, no-store, must-revalidate' };

export function getCheckAuth(): Promise<CheckAuthResponse> {
  return apiRequest<CheckAuthResponse>(CHECK_AUTH_PATH, { headers: CHECK_AUTH_HEADERS });
}

/** Starts the startup session check at page load; the `getCheckAuth` that follows within seconds takes its answer. */
export function prefetchCheckAuth(): void {
  prefetchGet(CHECK_AUTH_PATH, CHECK_AUTH_HEADERS);
}
