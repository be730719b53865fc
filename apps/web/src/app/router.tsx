import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { LoginPage } from '@/features/auth/login-page';
import { RegisterPage } from '@/features/auth/register-page';
import { NotFoundPage } from '@/features/common/not-found-page';
import { PageLoading } from '@/features/common/page-loading';
import { UnauthPage } from '@/features/common/unauth-page';
import { HomePage } from '@/features/home/home-page';
import { FeaturedProducts } from '@/features/shop-products/featured-products';
import { ListingPage } from '@/features/shop-products/listing-page';
import { PaymentSuccessPage } from '@/features/shop-pages/payment-success-page';
import { SearchPage } from '@/features/shop-products/search-page';
import { AccountPage } from '@/features/purchase/account-page';
import { CheckoutPage } from '@/features/purchase/checkout-page';
import { PaypalReturnPage } from '@/features/purchase/paypal-return-page';
import { selectAuth } from '@/features/auth/auth-slice';
import { CheckAuth } from './check-auth';
import { useAppSelector } from './hooks';
import { AuthLayout } from './layouts/auth-layout';
import { ShopLayout } from './layouts/shop-layout';
import { RootLayout } from './root-layout';

// The admin area is its own chunk: shoppers never download it (DESIGN.md §5).
const AdminLayout = lazy(() => import('@/features/admin/admin-layout'));
const AdminDashboardPage = lazy(() =>
  import('@/features/admin/admin-pages').then((m) => ({ default: m.AdminDashboardPage })),
);
const AdminProductsPage = lazy(() =>
  import('@/features/admin/admin-pages').then((m) => ({ default: m.AdminProductsPage })),
);
const AdminOrdersPage = lazy(() =>
  import('@/features/admin/admin-pages').then((m) => ({ default: m.AdminOrdersPage })),
);
const AdminFeaturesPage = lazy(() =>
  import('@/features/admin/admin-pages').then((m) => ({ default: m.AdminFeaturesPage })),
);

function Guarded({ children }: { children: ReactNode }) {
  const { isAuthenticated, user } = useAppSelector(selectAuth);
  return (
    <CheckAuth isAuthenticated={isAuthenticated} user={user}>
      {children}
    </CheckAuth>
  );
}

function AdminShell() {
  return (
    <Guarded>
      <Suspense fallback={<PageLoading />}>
        <AdminLayout />
      </Suspense>
    </Guarded>
  );
}

function lazyPage(page: ReactNode) {
  return <Suspense fallback={<p className="p-4 text-neutral-600">Loading...</p>}>{page}</Suspense>;
}

/** The route table of spec §2; every area but /unauth-page and unknown paths sits behind the access guard. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <Guarded>{null}</Guarded> },
      {
        path: '/auth',
        element: (
          <Guarded>
            <AuthLayout />
          </Guarded>
        ),
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
        ],
      },
      {
        path: '/admin',
        element: <AdminShell />,
        children: [
          { path: 'dashboard', element: lazyPage(<AdminDashboardPage />) },
          { path: 'products', element: lazyPage(<AdminProductsPage />) },
          { path: 'orders', element: lazyPage(<AdminOrdersPage />) },
          { path: 'features', element: lazyPage(<AdminFeaturesPage />) },
        ],
      },
      {
        path: '/shop',
        element: (
          <Guarded>
            <ShopLayout />
          </Guarded>
        ),
        children: [
          { path: 'home', element: <HomePage featuredProducts={<FeaturedProducts />} /> },
          { path: 'listing', element: <ListingPage /> },
          { path: 'checkout', element: <CheckoutPage /> },
          { path: 'account', element: <AccountPage /> },
          { path: 'paypal-return', element: <PaypalReturnPage /> },
          { path: 'payment-success', element: <PaymentSuccessPage /> },
          { path: 'search', element: <SearchPage /> },
        ],
      },
      { path: '/unauth-page', element: <UnauthPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
