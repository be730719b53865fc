/**
 * Route-level hooks added from an `onRoute` hook: a check that only some routes need runs on those routes alone,
 * instead of a global hook that every request enters to find it has nothing to do (issue 13 profile: each global
 * hook cost every catalog answer a few µs).
 */
import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'onSend' | 'onResponse';

/** Appends `hook` to the route's own `name` hooks, after any it declares or a plugin (the rate limit) added. */
export function appendRouteHook(route: RouteOptions, name: HookName, hook: unknown): void {
  const current = route[name] as unknown;
  const list = current === undefined ? [] : Array.isArray(current) ? current : [current];
  (route as unknown as Record<HookName, unknown[]>)[name] = [...list, hook];
}
