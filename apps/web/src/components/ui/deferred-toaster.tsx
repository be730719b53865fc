import { lazy, Suspense, useEffect, useState } from 'react';
import { currentToast, subscribeToasts } from './toast-store';

const Toaster = lazy(() => import('./toast'));

/** The first signs of a person acting on the page; a toast answers an action, so its code starts downloading then. */
const INTENT_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Mounts the Toaster (Radix Toast, its own chunk) once a toast is raised or at the first press of a pointer or key,
 * whichever comes first, so that its download and start-up never compete with the first screen (issue 13,
 * Lighthouse). On a press, the download runs beside the request whose answer the toast will tell; a toast raised
 * before the code arrives waits in the store and shows when it mounts.
 */
export function DeferredToaster() {
  const [wanted, setWanted] = useState(() => currentToast() !== null);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const unsubscribe = subscribeToasts(want);
    for (const type of INTENT_EVENTS) window.addEventListener(type, want, { capture: true, passive: true });
    return () => {
      unsubscribe();
      for (const type of INTENT_EVENTS) window.removeEventListener(type, want, { capture: true });
    };
  }, [wanted]);

  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
