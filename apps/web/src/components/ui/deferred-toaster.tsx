import { lazy, Suspense, useEffect, useState } from 'react';
import { currentToast, subscribeToasts } from './toast-store';

const Toaster = lazy(() => import('./toast'));

/**
 * Mounts the Toaster (Radix Toast, its own chunk) once a toast is raised or once the page has loaded and the browser
 * is idle, whichever comes first, so that its download and start-up never compete with the first screen (issue 13,
 * Lighthouse). A toast raised before it arrives waits in the store and shows when it mounts.
 */
export function DeferredToaster() {
  const [wanted, setWanted] = useState(() => currentToast() !== null);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const unsubscribe = subscribeToasts(want);
    // Safari has no requestIdleCallback: a timer after the load event stands in.
    const { requestIdleCallback: onIdle, cancelIdleCallback: cancelIdle } = window as Partial<Window>;
    let idle: number | undefined;
    const whenIdle = () => {
      idle = onIdle ? onIdle(want, { timeout: 2000 }) : window.setTimeout(want, 1);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      unsubscribe();
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) (cancelIdle ?? window.clearTimeout)(idle);
    };
  }, [wanted]);

  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
