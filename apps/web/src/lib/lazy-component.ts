import { lazy, type ComponentType } from 'react';

/** A component whose code downloads on demand: the React.lazy `Component`, and `preload` to start it earlier. */
export interface LazyComponent<P extends object> {
  Component: ComponentType<P>;
  preload: () => Promise<unknown>;
}

/**
 * Wraps a dynamic import as a {@link LazyComponent}. `preload` downloads the chunk once and shares the answer with
 * every caller and with `Component`; a failed download is forgotten, so the next call tries again.
 */
export function lazyComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyComponent<P> {
  let pending: Promise<M> | null = null;
  const preload = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
  return { Component: lazy(async () => ({ default: pick(await preload()) })), preload };
}
