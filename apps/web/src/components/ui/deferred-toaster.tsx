import { lazy, Suspense, useEffect, useState } from 'react';
import { currentToast, subscribeToasts } from './toast-store';

const Toaster = lazy(() => import('./toast'));

/** How long after `after` the Toaster's download waits, so it never competes with the first screen's images (ms). */
const SETTLE_MS = 1500;

/**
 * Mounts the Toaster (Radix Toast, its own chunk) once a toast is raised, or once `after` has resolved (the app's
 * first screen is up), SETTLE_MS more have passed and the browser is idle, whichever comes first, so that its
 * download and start-up never compete with the first screen (issue 13, Lighthouse). A toast raised before it
 * arrives waits in the store and shows when it mounts.
 */
export function DeferredToaster({ after }: { after: Promise<unknown> }) {
  const [wanted, setWanted] = useState(() => currentToast() !== null);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const unsubscribe = subscribeToasts(want);
    // Safari has no requestIdleCallback: the timer alone stands in.
    const { requestIdleCallback: onIdle, cancelIdleCallback: cancelIdle } = window as Partial<Window>;
    let active = true;
    let timer: number | undefined;
    let idle: number | undefined;
    void after.then(() => {
      if (!active) return;
      timer = window.setTimeout(() => {
        if (onIdle) idle = onIdle(want, { timeout: 2000 });
        else want();
      }, SETTLE_MS);
    });
    return () => {
      active = false;
      unsubscribe();
      window.clearTimeout(timer);
      if (idle !== undefined) cancelIdle?.(idle);
    };
  }, [wanted, after]);

  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
