import type {
  CheckAuthResponse,
  LoginBody,
  LoginOrChallengeResponse,
  LoginResponse,
  RegisterBody,
  TwoFactorLoginBody,
} from '@emporium/contract';
import { apiRequest, prefetchGet } from '@/lib/api';

export interface MessageAnswer {
  success: boolean;
  message?: string;
}

export function postRegister(body: RegisterBody): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>('/api/auth/register', { method: 'POST', body });
}

/** The spec's login; an account with two-factor sign-in answers a challenge instead of a session (issue 25). */
export function postLogin(body: LoginBody): Promise<LoginOrChallengeResponse> {
  return apiRequest<LoginOrChallengeResponse>('/api/auth/login', { method: 'POST', body });
}

/** The second step of a two-factor sign-in: the challenge with a code or a recovery code. */
export function postLoginTwoFactor(body: TwoFactorLoginBody): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/api/auth/login/two-factor', { method: 'POST', body });
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
