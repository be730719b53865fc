import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the CSS media query `query` (e.g. `(min-width: 1024px)`) matches now; re-renders when that changes. For
 * parts a layout shows only at some widths, so that the others never render them (issue 13: less work on phones).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
