import { createElement, lazy, useState, type ComponentType } from 'react';

/** A component whose code downloads on demand: `Component` to render, and `preload` to start the download earlier. */
export interface LazyComponent<P extends object> {
  Component: ComponentType<P>;
  preload: () => Promise<unknown>;
}

/**
 * Wraps a dynamic import as a {@link LazyComponent}. `preload` downloads the chunk once and shares the answer with
 * every caller and with `Component`; a failed download is forgotten, so the next call tries again.
 *
 * `Component` renders through React.lazy (suspending until the chunk arrives) only when it mounts before the chunk
 * has arrived; once it has, it renders the component directly. React.lazy suspends even for a chunk already here,
 * and React 19 then holds the revealed content back up to 300 ms after its fallback showed (its Suspense throttle),
 * so a preloaded screen would still flash the fallback and appear late.
 */
export function lazyComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyComponent<P> {
  let pending: Promise<M> | null = null;
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = pick(module);
        return module;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  // `pick` runs once, in `preload`: screens that compose modules build a new component in it, and a second call
  // would give the Lazy path a different component type from the direct one.
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<P> };
  });
  function Component(props: P) {
    // Chosen once per mount, so the element type never changes under a mounted screen (that would remount it).
    const [Screen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Screen, props);
  }
  return { Component, preload };
}
