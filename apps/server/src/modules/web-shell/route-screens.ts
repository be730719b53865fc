/**
 * The screens each shopper page renders on a fresh load, as the web build names them: Vite manifest keys (source
 * paths relative to apps/web), layout first, each a lazily loaded chunk of apps/web/src/app/router.tsx. Keep in line
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
const SHOP_LAYOUT = 'src/app/layouts/shop-layout.tsx';

const SCREENS: ReadonlyArray<[route: string, screens: readonly string[]]> = [
  ['/auth/login', [AUTH_LAYOUT, 'src/features/auth/login-page.tsx']],
  ['/auth/register', [AUTH_LAYOUT, 'src/features/auth/register-page.tsx']],
  [
    '/shop/home',
    [SHOP_LAYOUT, 'src/features/home/home-page.tsx', 'src/features/shop-products/featured-products.tsx'],
  ],
  ['/shop/listing', [SHOP_LAYOUT, 'src/features/shop-products/listing-page.tsx']],
  [
    '/shop/product/:id',
    [
      SHOP_LAYOUT,
      'src/features/product-page/product-page.tsx',
      'src/features/shop-products/product-page-parts.tsx',
    ],
  ],
  ['/shop/search', [SHOP_LAYOUT, 'src/features/shop-products/search-page.tsx']],
  ['/shop/checkout', [SHOP_LAYOUT, 'src/features/purchase/checkout-page.tsx']],
  ['/shop/account', [SHOP_LAYOUT, 'src/features/purchase/account-page.tsx']],
];

export const ROUTE_SCREENS: readonly RouteScreens[] = SCREENS.map(([route, screens]) => ({
  route,
  pattern: new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}/?$`),
  screens,
}));
