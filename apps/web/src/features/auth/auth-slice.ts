import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type {
  AuthUser,
  LoginBody,
  LoginOrChallengeResponse,
  LoginResponse,
  RegisterBody,
  TwoFactorLoginBody,
} from '@emporium/contract';
import { ApiError } from '@/lib/api';
import { clearToken, saveToken } from '@/lib/token-storage';
import { getCheckAuth, postLogin, postLoginTwoFactor, postLogout, postRegister } from './auth-api';

/** Auth state exactly as spec §4 describes it. */
export interface AuthState {
  isAuthenticated: boolean;
  isLoading: boolean;
  user: AuthUser | null;
  token: string | null;
}

const initialState: AuthState = { isAuthenticated: false, isLoading: true, user: null, token: null };

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
      .addCase(registerUser.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(registerUser.fulfilled, (state) => {
        state.isLoading = false;
        state.user = null;
        state.isAuthenticated = false;
      })
      .addCase(registerUser.rejected, (state) => {
        state.isLoading = false;
        state.user = null;
        state.isAuthenticated = false;
      })
      .addCase(loginUser.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(loginUser.fulfilled, (state, action) => {
        state.isLoading = false;
        // A two-factor challenge is no session yet: the second step signs in (loginWithTwoFactor).
        const session = 'token' in action.payload ? action.payload : null;
        state.user = session?.success ? (session.user ?? null) : null;
        state.isAuthenticated = session ? session.success : false;
        state.token = session?.token ?? null;
      })
      .addCase(loginWithTwoFactor.fulfilled, (state, action) => {
        state.isLoading = false;
        state.user = action.payload.success ? (action.payload.user ?? null) : null;
        state.isAuthenticated = action.payload.success;
        state.token = action.payload.token ?? null;
      })
      .addCase(loginUser.rejected, (state) => {
        state.isLoading = false;
        state.user = null;
        state.token = null;
        state.isAuthenticated = false;
      })
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
      });
  },
});

export const { authCheckSkipped, resetTokenAndCredentials } = authSlice.actions;
export const authReducer = authSlice.reducer;

export const selectAuth = (state: { auth: AuthState }) => state.auth;
export const selectUser = (state: { auth: AuthState }) => state.auth.user;
