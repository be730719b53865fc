/**
 * The screens each shopper page renders on a fresh load, as the web build names them: Vite manifest keys (source
 * paths relative to apps/web), the auth layout first (the shop's comes with the entry chunk), each a lazily loaded
 * chunk of apps/web/src/app/router.tsx. Keep in line
 * with that file: the page's HTML announces these chunks (shell.ts), the first-load journey fails when a page
 * downloads a screen chunk its HTML did not announce, and bench/bundle-size.ts measures the same lists.
 */
export interface RouteScreens {
  /** The route as router.tsx writes it (a `:param` matches one path segment). */
  route: string;
  /** Matches the page's path: the route, with or without a trailing slash. */
  pattern: RegExp;
  screens: readonly string[];
}

const AUTH_LAYOUT = 'src/app/layouts/auth-layout.tsx';

const SCREENS: ReadonlyArray<[route: string, screens: readonly string[]]> = [
  ['/auth/login', [AUTH_LAYOUT, 'src/features/auth/login-page.tsx']],
  ['/auth/register', [AUTH_LAYOUT, 'src/features/auth/register-page.tsx']],
  ['/shop/home', ['src/app/screens/shop-home.tsx']],
  ['/shop/listing', ['src/features/shop-products/listing-page.tsx']],
  ['/shop/product/:id', ['src/app/screens/shop-product.tsx']],
  ['/shop/search', ['src/features/shop-products/search-page.tsx']],
  ['/shop/checkout', ['src/features/purchase/purchase-screens.ts']],
  ['/shop/account', ['src/features/purchase/account-page.tsx']],
  ['/shop/paypal-return', ['src/features/purchase/paypal-return-page.tsx']],
  ['/shop/payment-success', ['src/features/shop-pages/payment-success-page.tsx']],
];

export const ROUTE_SCREENS: readonly RouteScreens[] = SCREENS.map(([route, screens]) => ({
  route,
  pattern: new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}/?$`),
  screens,
}));

/** What the shell and the bundle budget (bench/bundle-size.ts) read of a Vite manifest entry (`build.manifest`). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * Whether `manifest` is our web app's build (apps/web) rather than another client's served with WEB_DIST (README
 * "Using another client"): it names at least one of the screen modules above. Another app's manifest has none of
 * our source paths; a build of ours whose screens were partly renamed still counts as ours, so that screenFiles
 * reports the stale list rather than the pages silently losing their hints. Reading the manifest Vite writes anyway
 * needs no marker of our own, so copies of older builds (an A/B with bench/lighthouse.ts) are recognised too.
 */
export function isOwnBuild(manifest: Manifest): boolean {
  return ROUTE_SCREENS.some(({ screens }) => screens.some((screen) => Object.hasOwn(manifest, screen)));
}

/**
 * The files (relative to the build folder) of the chunks under `keys` and of everything they import statically.
 * Throws when a key is not in the manifest (a screen renamed: this file no longer matches the web app).
 */
export function chunkFiles(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`"${key}" is not in the web build (renamed? update web-shell/route-screens.ts)`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * The files a page of `route` needs for its screens: `chunkFiles` of its screens. Throws when a screen is not a
 * lazily loaded chunk of the build (this file no longer matches the web app).
 */
export function screenFiles(manifest: Manifest, { route, screens }: RouteScreens): Set<string> {
  for (const screen of screens) {
    if (!manifest[screen]?.isDynamicEntry) {
      throw new Error(
        `${screen} (${route}) is not a lazily loaded screen of the build (update web-shell/route-screens.ts)`,
      );
    }
  }
  return chunkFiles(manifest, screens);
}
