import { startTransition, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { authCheckSkipped, checkAuth } from '@/features/auth/auth-slice';
import { PageLoading } from '@/features/common/page-loading';
import { readToken } from '@/lib/token-storage';
import { useAppDispatch } from './hooks';
import { verifyEmailBanner } from './layouts/shop-layout';

/** The startup work runs once per page load, even when effects run twice in development. */
let startup: Promise<unknown> | null = null;

interface RootLayoutProps {
  /** Downloads the code of the screens at `pathname` (the router's preload); resolves when it has arrived. */
  screensFor: (pathname: string) => Promise<unknown>;
}

/**
 * Shows the loading skeleton until the stored session is restored and the first screen's code has arrived, then
 * renders the routes: guards see the real session, and the screen appears in one step, with no second skeleton
 * from a Suspense fallback (whose reveal React holds back up to 300 ms; issue 13). A screen that failed to
 * download still renders, and retries through its Suspense boundary. The first screen renders as a transition
 * (interruptible, in slices), so a large screen does not block the main thread in one long task.
 */
export function RootLayout({ screensFor }: RootLayoutProps) {
  const dispatch = useAppDispatch();
  const [starting, setStarting] = useState(true);

  useEffect(() => {
    if (startup === null) {
      const session =
        readToken() === null
          ? dispatch(authCheckSkipped())
          : dispatch(checkAuth()).then((action) =>
              // The banner of an unverified address comes with the first screen (app/layouts/shop-layout.tsx).
              checkAuth.fulfilled.match(action) && action.payload.user.emailVerified === false
                ? verifyEmailBanner.preload()
                : undefined,
            );
      startup = Promise.allSettled([session, screensFor(window.location.pathname)]);
    }
    let active = true;
    void startup.finally(() => {
      // A transition: React renders the first screen in slices of a few ms, yielding to the browser between them,
      // instead of one long task that blocks input (Lighthouse's Total Blocking Time; issue 13).
      if (active) startTransition(() => setStarting(false));
    });
    return () => {
      active = false;
    };
  }, [dispatch, screensFor]);

  if (starting) return <PageLoading />;
  return <Outlet />;
}
