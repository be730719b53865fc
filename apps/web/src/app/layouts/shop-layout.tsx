import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ShopHeader } from '@/features/shop-layout/shop-header';
import { CartSheet } from '@/features/purchase/cart-sheet';
import { selectUser } from '@/features/auth/auth-slice';
import { lazyComponent } from '@/lib/lazy-component';
import { useAppSelector } from '../hooks';
import { ProductActionsProvider } from '../product-actions';

/**
 * The unverified-address banner (issue 25), a chunk of its own that only an unverified shopper downloads (issue 41:
 * room in the entry's budget). It still arrives before the first frame that shows it, so it never pushes the page
 * down (issue 46: layout shift 0.091 when it arrived later): RootLayout downloads it with the first screen when
 * check-auth says the address is unverified, and the login page downloads it while the shopper signs in.
 */
export const verifyEmailBanner = lazyComponent(
  () => import('@/features/account-recovery/verify-email-banner'),
  (m) => m.VerifyEmailBanner,
);

/** Every shop page's frame: header, the unverified-address banner (issue 25) and the page. */
export function ShopLayout() {
  const user = useAppSelector(selectUser);
  return (
    <div className="flex min-h-screen flex-col bg-neutral-50">
      <ShopHeader cart={<CartSheet />} />
      {user?.emailVerified === false ? (
        <Suspense>
          <verifyEmailBanner.Component email={user.email} />
        </Suspense>
      ) : null}
      <main className="flex w-full flex-1 flex-col">
        <ProductActionsProvider>
          <Outlet />
        </ProductActionsProvider>
      </main>
    </div>
  );
}
