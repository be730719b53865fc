/**
 * The screens each shopper page renders on a fresh load, as the web build names them: Vite manifest keys (source
 * paths relative to apps/web), layout first, each a lazily loaded chunk of apps/web/src/app/router.tsx. Keep in line
 * with that file: the page's HTML announces these chunks (shell.ts), the first-load journey fails when a page
 * downloads a screen chunk its HTML did not announce, and bench/bundle-size.ts measures the same lists.
 */
export interface RouteScreens {
  /** The route as router.tsx writes it. */
  route: string;
  /** Matches the page's path. */
  pattern: RegExp;
  screens: readonly string[];
}

const AUTH_LAYOUT = 'src/app/layouts/auth-layout.tsx';
const SHOP_LAYOUT = 'src/app/layouts/shop-layout.tsx';

export const ROUTE_SCREENS: readonly RouteScreens[] = [
  {
    route: '/auth/login',
    pattern: /^\/auth\/login\/?$/,
    screens: [AUTH_LAYOUT, 'src/features/auth/login-page.tsx'],
  },
  {
    route: '/auth/register',
    pattern: /^\/auth\/register\/?$/,
    screens: [AUTH_LAYOUT, 'src/features/auth/register-page.tsx'],
  },
  {
    route: '/shop/home',
    pattern: /^\/shop\/home\/?$/,
    screens: [
      SHOP_LAYOUT,
      'src/features/home/home-page.tsx',
      'src/features/shop-products/featured-products.tsx',
    ],
  },
  {
    route: '/shop/listing',
    pattern: /^\/shop\/listing\/?$/,
    screens: [SHOP_LAYOUT, 'src/features/shop-products/listing-page.tsx'],
  },
  {
    route: '/shop/product/:id',
    pattern: /^\/shop\/product\/[^/]+\/?$/,
    screens: [
      SHOP_LAYOUT,
      'src/features/product-page/product-page.tsx',
      'src/features/shop-products/product-page-parts.tsx',
    ],
  },
  {
    route: '/shop/search',
    pattern: /^\/shop\/search\/?$/,
    screens: [SHOP_LAYOUT, 'src/features/shop-products/search-page.tsx'],
  },
  {
    route: '/shop/checkout',
    pattern: /^\/shop\/checkout\/?$/,
    screens: [SHOP_LAYOUT, 'src/features/purchase/checkout-page.tsx'],
  },
  {
    route: '/shop/account',
    pattern: /^\/shop\/account\/?$/,
    screens: [SHOP_LAYOUT, 'src/features/purchase/account-page.tsx'],
  },
];
