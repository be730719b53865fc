/**
 * The sign-in calls and their thunks (spec §4: register, login; issue 25: the login's two-factor step). Only the
 * login and register pages use them, so they download with those pages; the auth slice matches their actions by
 * type (`auth/register`, `auth/login`, `auth/loginTwoFactor`).
 */
import { createAsyncThunk } from '@reduxjs/toolkit';
import type {
  LoginBody,
  LoginOrChallengeResponse,
  LoginResponse,
  RegisterBody,
  TwoFactorLoginBody,
} from '@emporium/contract';
import { apiRequest, ApiError } from '@/lib/api';
import { saveToken } from '@/lib/token-storage';
import type { MessageAnswer } from './auth-api';

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

/** Rejects with the server's message when it answered, so forms can show it; network errors stay errors. */
function rejectWithServerMessage<R>(error: unknown, reject: (message: string) => R): R {
  if (error instanceof ApiError) return reject(error.message);
  throw error;
}

export const registerUser = createAsyncThunk<
  { success: boolean; message?: string },
  RegisterBody,
  { rejectValue: string }
>('auth/register', async (body, { rejectWithValue }) => {
  try {
    return await postRegister(body);
  } catch (error) {
    return rejectWithServerMessage(error, rejectWithValue);
  }
});

export const loginUser = createAsyncThunk<LoginOrChallengeResponse, LoginBody, { rejectValue: string }>(
  'auth/login',
  async (body, { rejectWithValue }) => {
    try {
      const answer = await postLogin(body);
      if (answer.success && 'token' in answer && answer.token) saveToken(answer.token);
      return answer;
    } catch (error) {
      return rejectWithServerMessage(error, rejectWithValue);
    }
  },
);

/** The second step of a two-factor sign-in (issue 25); fulfilled like the spec's login. */
export const loginWithTwoFactor = createAsyncThunk<
  LoginResponse,
  TwoFactorLoginBody,
  { rejectValue: string }
>('auth/loginTwoFactor', async (body, { rejectWithValue }) => {
  try {
    const answer = await postLoginTwoFactor(body);
    if (answer.success && answer.token) saveToken(answer.token);
    return answer;
  } catch (error) {
    return rejectWithServerMessage(error, rejectWithValue);
  }
});
