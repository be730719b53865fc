import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { lazyComponent } from '@/lib/lazy-component';
import { ShopHeader } from '@/features/shop-layout/shop-header';
import { CartSheet } from '@/features/purchase/cart-sheet';
import { selectUser } from '@/features/auth/auth-slice';
import { useAppSelector } from '../hooks';
import { ProductActionsProvider } from '../product-actions';

// The unverified-address banner (issue 25) is its own small chunk, fetched only for a shopper whose check-auth says
// the address is not verified (verified shoppers' pages download nothing more than their screens announce).
const VerifyEmailBanner = lazyComponent(
  () => import('@/features/account-recovery/verify-email-banner'),
  (m) => m.VerifyEmailBanner,
);

export function ShopLayout() {
  const user = useAppSelector(selectUser);
  return (
    <div className="flex min-h-screen flex-col bg-neutral-50">
      <ShopHeader cart={<CartSheet />} />
      {user?.emailVerified === false ? (
        <Suspense fallback={null}>
          <VerifyEmailBanner.Component email={user.email} />
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
