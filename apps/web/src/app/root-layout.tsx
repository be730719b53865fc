import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { authCheckSkipped, checkAuth } from '@/features/auth/auth-slice';
import { PageLoading } from '@/features/common/page-loading';
import { readToken } from '@/lib/token-storage';
import { useAppDispatch } from './hooks';

/** The startup session check runs once per page load, even when effects run twice in development. */
let sessionRestore: Promise<unknown> | null = null;

/** Restores a stored session at startup; routes render only after that, so guards see the real state. */
export function RootLayout() {
  const dispatch = useAppDispatch();
  const [restoring, setRestoring] = useState(() => readToken() !== null);

  useEffect(() => {
    if (sessionRestore === null) {
      sessionRestore =
        readToken() === null ? Promise.resolve(dispatch(authCheckSkipped())) : dispatch(checkAuth());
    }
    let active = true;
    void sessionRestore.finally(() => {
      if (active) setRestoring(false);
    });
    return () => {
      active = false;
    };
  }, [dispatch]);

  if (restoring) return <PageLoading />;
  return <Outlet />;
}
