import { Suspense, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type Params, type RouteObject } from 'react-router';
import { PageLoading } from '@/features/common/page-loading';
import { prefetchGet } from '@/lib/api';
import {
  FEATURE_IMAGES_PATH,
  FEATURED_PRODUCTS_PATH,
  listingFirstPage,
  productDetailsPath,
  productListPath,
} from '@/lib/catalog-paths';
import { lazyComponent, type LazyComponent } from '@/lib/lazy-component';
import { openStorefront } from '@/lib/storefront-mode';
import { visitorLinks } from '@/features/shop-layout/shop-header';
import { readToken } from '@/lib/token-storage';
import { prefetchCheckAuth } from '@/features/auth/auth-api';
import { selectAuth } from '@/features/auth/auth-slice';
import { CheckAuth } from './check-auth';
import { useAppSelector } from './hooks';
import { ShopLayout } from './layouts/shop-layout';
import { RootLayout } from './root-layout';

/**
 * Every screen is its own chunk (issue 13): the entry holds React, the router, the store, the access guard and the
 * shop's frame (issue 46: every shop page shows it), and each route downloads what it shows. The admin area is one
 * more chunk shoppers never download (DESIGN.md §5). The routes are declarative (`useRoutes` under a `BrowserRouter`): the app uses no loaders or
 * actions, and the data router would add about 15 kB (brotli) to every page.
 */

/** A screen loaded on demand (its own chunk). */
type LazyScreen = LazyComponent<object>;

const AuthLayout = lazyComponent(
  () => import('./layouts/auth-layout'),
  (m) => m.AuthLayout,
);
// The login's two-factor step (issue 25) downloads only when an account with two-factor needs it.
const TwoFactorStep = lazyComponent(
  () => import('@/features/two-factor/login-step'),
  (m) => m.TwoFactorStep,
);
const LoginPage = lazyComponent(
  () => import('@/features/auth/login-page'),
  ({ LoginPage }) =>
    function AuthLoginPage() {
      return <LoginPage secondStep={TwoFactorStep.Component} />;
    },
);
const RegisterPage = lazyComponent(
  () => import('@/features/auth/register-page'),
  (m) => m.RegisterPage,
);
// Home and the product page compose two features each (app/screens), in one chunk.
const HomePage = lazyComponent(
  () => import('./screens/shop-home'),
  (m) => m.ShopHomePage,
);
const ListingPage = lazyComponent(
  () => import('@/features/shop-products/listing-page'),
  (m) => m.ListingPage,
);
const ProductPage = lazyComponent(
  () => import('./screens/shop-product'),
  (m) => m.ShopProductPage,
);
const SearchPage = lazyComponent(
  () => import('@/features/shop-products/search-page'),
  (m) => m.SearchPage,
);
const CheckoutPage = lazyComponent(
  () => import('@/features/purchase/purchase-screens'),
  (m) => m.CheckoutPage,
);
// The Settings tab (issue 25) is its own chunk, downloaded when the tab opens.
// The Settings tab shows the two-factor section (issue 25); both chunks download in parallel.
const AccountSettings = lazyComponent(
  () =>
    Promise.all([
      import('@/features/account-settings/account-settings'),
      import('@/features/two-factor/two-factor-section'),
    ]),
  ([{ AccountSettings }, { TwoFactorSection }]) =>
    function ShopAccountSettings() {
      return <AccountSettings twoFactor={<TwoFactorSection />} />;
    },
);
const AccountPage = lazyComponent(
  () => import('@/features/purchase/account-page'),
  ({ AccountPage }) =>
    function ShopAccountPage() {
      return (
        <AccountPage
          settings={
            <Suspense fallback={<p className="text-neutral-600">Loading settings...</p>}>
              <AccountSettings.Component />
            </Suspense>
          }
        />
      );
    },
);
const ConfirmEmailPage = lazyComponent(
  () => import('@/features/account-settings/confirm-email-page'),
  (m) => m.ConfirmEmailPage,
);
// Account recovery (issue 25): open to visitors, outside the guard (the links arrive by e-mail).
const ForgotPasswordPage = lazyComponent(
  () => import('@/features/account-recovery/forgot-password-page'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = lazyComponent(
  () => import('@/features/account-recovery/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
const VerifyEmailPage = lazyComponent(
  () => import('@/features/account-recovery/verify-email-page'),
  (m) => m.VerifyEmailPage,
);
// Guest orders (issue 41): open to everyone, outside the guard (the order link arrives by e-mail).
const GuestOrderScreen = lazyComponent(
  () => import('@/features/order-link/screen'),
  (m) => m.GuestOrderScreen,
);
const PaypalReturnPage = lazyComponent(
  () => import('@/features/purchase/paypal-return-page'),
  (m) => m.PaypalReturnPage,
);
const PaymentSuccessPage = lazyComponent(
  () => import('@/features/shop-pages/payment-success-page'),
  (m) => m.PaymentSuccessPage,
);
const UnauthPage = lazyComponent(
  () => import('@/features/common/unauth-page'),
  (m) => m.UnauthPage,
);
const NotFoundPage = lazyComponent(
  () => import('@/features/common/not-found-page'),
  (m) => m.NotFoundPage,
);

// The admin shell behind ADMIN_2FA_REQUIRED's gate (issue 25); both chunks download in parallel.
const AdminLayout = lazyComponent(
  () =>
    Promise.all([
      import('@/features/admin-shell/admin-layout'),
      import('@/features/two-factor/admin-two-factor-gate'),
    ]),
  ([{ default: Layout }, { AdminTwoFactorGate }]) =>
    function GatedAdminLayout() {
      return (
        <AdminTwoFactorGate>
          <Layout />
        </AdminTwoFactorGate>
      );
    },
);
const AdminSecurityPage = lazyComponent(
  () => import('@/features/two-factor/security-page'),
  (m) => m.AdminSecurityPage,
);
const loadAdminPages = () => import('./screens/admin-pages');
const AdminDashboardPage = lazyComponent(loadAdminPages, (m) => m.AdminDashboardPage);
const AdminProductsPage = lazyComponent(loadAdminPages, (m) => m.AdminProductsPage);
const AdminProductEditorPage = lazyComponent(loadAdminPages, (m) => m.AdminProductEditorPage);
const AdminOrdersPage = lazyComponent(loadAdminPages, (m) => m.AdminOrdersPage);
const AdminFeaturesPage = lazyComponent(loadAdminPages, (m) => m.AdminFeaturesPage);
const AdminFeaturedPage = lazyComponent(loadAdminPages, (m) => m.AdminFeaturedPage);
const AdminShippingPage = lazyComponent(loadAdminPages, (m) => m.AdminShippingPage);
const AdminTaxesPage = lazyComponent(loadAdminPages, (m) => m.AdminTaxesPage);
const AdminDiscountsPage = lazyComponent(loadAdminPages, (m) => m.AdminDiscountsPage);
const AdminSettingsPage = lazyComponent(loadAdminPages, (m) => m.AdminSettingsPage);

function Guarded({ children }: { children: ReactNode }) {
  const { isAuthenticated, user } = useAppSelector(selectAuth);
  return (
    <CheckAuth isAuthenticated={isAuthenticated} user={user}>
      {children}
    </CheckAuth>
  );
}

/** The public catalog reads a screen makes as it first renders (lib/catalog-paths). */
type FirstReads = (params: Params, search: URLSearchParams) => string[];

/**
 * What a route keeps in `handle`: the chunks to start downloading as soon as the route matches, and the catalog
 * reads its screen will make.
 */
interface ScreenHandle {
  screens: LazyScreen[];
  reads?: FirstReads;
}

/**
 * Whether a route's chunks download as soon as it matches (`preload`), or only once the guard lets it render: the
 * admin area's chunks are never fetched for a shopper who opens an /admin address (the guard sends them away).
 */
type Preload = 'preload' | 'on-render';

function handleFor(screen: LazyScreen, preload: Preload, reads?: FirstReads): ScreenHandle | undefined {
  return preload === 'preload' ? { screens: [screen], reads } : undefined;
}

/** A layout behind the access guard; the whole screen shows the skeleton while its chunk downloads. */
function guardedLayout(layout: LazyScreen, preload: Preload): Pick<RouteObject, 'element' | 'handle'> {
  return {
    element: (
      <Guarded>
        <Suspense fallback={<PageLoading />}>
          <layout.Component />
        </Suspense>
      </Guarded>
    ),
    handle: handleFor(layout, preload),
  };
}

/** A page inside a layout; the layout stays on screen while the page's chunk downloads. */
function page(
  path: string,
  screen: LazyScreen,
  preload: Preload = 'preload',
  reads?: FirstReads,
): RouteObject {
  return {
    path,
    element: (
      <Suspense fallback={<p className="p-4 text-neutral-600">Loading...</p>}>
        <screen.Component />
      </Suspense>
    ),
    handle: handleFor(screen, preload, reads),
  };
}

/** A page of its own (no layout), outside the guard. */
function standalone(path: string, screen: LazyScreen): RouteObject {
  return {
    path,
    element: (
      <Suspense fallback={<PageLoading />}>
        <screen.Component />
      </Suspense>
    ),
    handle: handleFor(screen, 'preload'),
  };
}

/** The route table of spec §2; every area but /unauth-page and unknown paths sits behind the access guard. */
const routes: RouteObject[] = [
  {
    element: <RootLayout screensFor={preloadScreens} />,
    children: [
      { path: '/', element: <Guarded>{null}</Guarded> },
      {
        path: '/auth',
        ...guardedLayout(AuthLayout, 'preload'),
        children: [page('login', LoginPage), page('register', RegisterPage)],
      },
      {
        path: '/admin',
        ...guardedLayout(AdminLayout, 'on-render'),
        children: [
          page('dashboard', AdminDashboardPage, 'on-render'),
          page('products', AdminProductsPage, 'on-render'),
          page('products/:id', AdminProductEditorPage, 'on-render'),
          page('orders', AdminOrdersPage, 'on-render'),
          page('shipping', AdminShippingPage, 'on-render'),
          page('taxes', AdminTaxesPage, 'on-render'),
          page('discounts', AdminDiscountsPage, 'on-render'),
          page('features', AdminFeaturesPage, 'on-render'),
          page('featured', AdminFeaturedPage, 'on-render'),
          page('settings', AdminSettingsPage, 'on-render'),
          page('security', AdminSecurityPage, 'on-render'),
        ],
      },
      {
        path: '/shop',
        // The shop's frame (header, cart and account buttons, banner) comes with the entry: every shop page shows it
        // at once, and as a chunk of its own it would cost each page a request (issue 46).
        element: (
          <Guarded>
            <ShopLayout />
          </Guarded>
        ),
        // The open storefront's Sign in / Create account download with the first screen (issue 41).
        handle: openStorefront ? { screens: [visitorLinks] } : undefined,
        children: [
          page('home', HomePage, 'preload', () => [FEATURE_IMAGES_PATH, FEATURED_PRODUCTS_PATH]),
          page('listing', ListingPage, 'preload', (_, search) => [productListPath(listingFirstPage(search))]),
          page('product/:id', ProductPage, 'preload', ({ id }) =>
            // `:id` is the id, or the open storefront's readable `<slug>-<id>` (issue 41), whose id is its last 36
            // characters (a UUID): the page asks for the same (productIdFromParam). Cheaper here than the parser,
            // which the entry every page loads would carry.
            id ? [productDetailsPath(id.slice(-36))] : [],
          ),
          page('checkout', CheckoutPage),
          page('account', AccountPage),
          page('paypal-return', PaypalReturnPage),
          page('payment-success', PaymentSuccessPage),
          page('search', SearchPage),
        ],
      },
      standalone('/unauth-page', UnauthPage),
      standalone('/account/confirm-email', ConfirmEmailPage),
      standalone('/auth/forgot-password', ForgotPasswordPage),
      standalone('/auth/reset-password', ResetPasswordPage),
      standalone('/auth/verify-email', VerifyEmailPage),
      standalone('/shop/order/:token', GuestOrderScreen),
      standalone('/shop/find-order', GuestOrderScreen),
      standalone('*', NotFoundPage),
    ],
  },
];

/**
 * Starts downloading the chunks of every route matching `pathname` at once, so a layout and its page load in
 * parallel rather than one after the other, and on a fresh page load they download while RootLayout restores the
 * session (it renders no route until then, nor until they have arrived). Repeated calls cost nothing: each chunk
 * is requested once. Resolves when all have arrived or failed (a failure surfaces when the screen renders, and is
 * retried then).
 */
function preloadScreens(pathname: string): Promise<unknown> {
  const screens = (matchRoutes(routes, pathname) ?? []).flatMap(
    ({ route }) => (route.handle as ScreenHandle | undefined)?.screens ?? [],
  );
  return Promise.allSettled(screens.map((screen) => screen.preload()));
}

/**
 * At page load, starts the catalog reads of the screen at `location` (home, listing, product page), then the
 * session check, so that they run beside the screen's chunks instead of after the app's first render (issue 13,
 * Lighthouse LCP). Only with a stored session: without one the guard sends the visitor to the login page.
 */
export function prefetchFirstScreen(location: Pick<Location, 'pathname' | 'search'>): void {
  if (readToken() === null) return;
  const search = new URLSearchParams(location.search);
  for (const { route, params } of matchRoutes(routes, location.pathname) ?? []) {
    for (const path of (route.handle as ScreenHandle | undefined)?.reads?.(params, search) ?? []) {
      prefetchGet(path);
    }
  }
  prefetchCheckAuth();
}

/** The app's routes; render inside a `BrowserRouter`. */
export function AppRoutes() {
  const location = useLocation();
  // During render, not in an effect: a navigation that suspends on the layout's chunk commits (and runs effects)
  // only once that chunk has arrived, which would fetch the page's chunk one round trip later.
  void preloadScreens(location.pathname);
  return useRoutes(routes, location);
}
