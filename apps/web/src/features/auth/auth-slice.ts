import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthUser, LoginOrChallengeResponse, LoginResponse } from '@emporium/contract';
import { ApiError } from '@/lib/api';
import { clearToken } from '@/lib/token-storage';
import { getCheckAuth, postLogout } from './auth-api';

/** Auth state exactly as spec §4 describes it. */
export interface AuthState {
  isAuthenticated: boolean;
  isLoading: boolean;
  user: AuthUser | null;
  token: string | null;
}

const initialState: AuthState = { isAuthenticated: false, isLoading: true, user: null, token: null };

/**
 * Matches the lifecycle actions of the sign-in thunks (./sign-in-thunks.ts) by their type: those thunks and their
 * calls download with the login and register pages, not with every page, and the state changes as before.
 */
const is =
  <P = unknown>(type: string) =>
  (action: { type: string }): action is PayloadAction<P> =>
    action.type === type;

export const logoutUser = createAsyncThunk('auth/logout', () => postLogout());

/** A token the server no longer accepts (401) is dropped, so the next start does not try it again. */
export const checkAuth = createAsyncThunk('auth/checkAuth', async () => {
  try {
    return await getCheckAuth();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearToken();
    throw error;
  }
});

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Startup found no stored token, so there is no session to restore. */
    authCheckSkipped(state) {
      state.isLoading = false;
    },
    /** Used by the header logout buttons: drops the session on the client at once. */
    resetTokenAndCredentials(state) {
      state.token = null;
      state.user = null;
      state.isAuthenticated = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(checkAuth.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(checkAuth.fulfilled, (state, action) => {
        state.isLoading = false;
        state.user = action.payload.success ? action.payload.user : null;
        state.isAuthenticated = action.payload.success;
      })
      .addCase(checkAuth.rejected, (state) => {
        state.isLoading = false;
        state.user = null;
        state.isAuthenticated = false;
      })
      .addCase(logoutUser.fulfilled, (state) => {
        state.isLoading = false;
        state.user = null;
        state.isAuthenticated = false;
      })
      .addMatcher(is('auth/register/pending'), (state) => {
        state.isLoading = true;
      })
      .addMatcher(is('auth/register/fulfilled'), (state) => {
        state.isLoading = false;
        state.user = null;
        state.isAuthenticated = false;
      })
      .addMatcher(is('auth/register/rejected'), (state) => {
        state.isLoading = false;
        state.user = null;
        state.isAuthenticated = false;
      })
      .addMatcher(is('auth/login/pending'), (state) => {
        state.isLoading = true;
      })
      .addMatcher(is<LoginOrChallengeResponse>('auth/login/fulfilled'), (state, action) => {
        state.isLoading = false;
        // A two-factor challenge is no session yet: the second step signs in (loginWithTwoFactor).
        const session = 'token' in action.payload ? action.payload : null;
        state.user = session?.success ? (session.user ?? null) : null;
        state.isAuthenticated = session ? session.success : false;
        state.token = session?.token ?? null;
      })
      .addMatcher(is<LoginResponse>('auth/loginTwoFactor/fulfilled'), (state, action) => {
        state.isLoading = false;
        state.user = action.payload.success ? (action.payload.user ?? null) : null;
        state.isAuthenticated = action.payload.success;
        state.token = action.payload.token ?? null;
      })
      .addMatcher(is('auth/login/rejected'), (state) => {
        state.isLoading = false;
        state.user = null;
        state.token = null;
        state.isAuthenticated = false;
      });
  },
});

export const { authCheckSkipped, resetTokenAndCredentials } = authSlice.actions;
export const authReducer = authSlice.reducer;

export const selectAuth = (state: { auth: AuthState }) => state.auth;
export const selectUser = (state: { auth: AuthState }) => state.auth.user;
