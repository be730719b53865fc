import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logoutUser, resetTokenAndCredentials, selectUser } from '@/features/auth/auth-slice';
import { clearToken } from '@/lib/token-storage';
import { useAppDispatch, useAppSelector } from './hooks';

/** The signed-in user, for features that show it (header avatar, admin header). */
export function useSessionUser() {
  return useAppSelector(selectUser);
}

/**
 * The logout used by the header buttons (spec §2): revokes the server session, resets the auth state, clears the
 * token and the whole session storage, then goes to the login route.
 */
export function useLogout(): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    void dispatch(logoutUser());
    dispatch(resetTokenAndCredentials());
    clearToken();
    sessionStorage.clear();
    void navigate('/auth/login');
  }, [dispatch, navigate]);
}
