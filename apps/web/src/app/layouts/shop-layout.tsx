import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { lazyComponent } from '@/lib/lazy-component';
import { ShopHeader } from '@/features/shop-layout/shop-header';
import { CartSheet } from '@/features/purchase/cart-sheet';
import { ProductActionsProvider } from '../product-actions';

// The unverified-address banner (issue 25) is its own small chunk, fetched after the layout.
const VerifyEmailBanner = lazyComponent(
  () => import('@/features/account-recovery/verify-email-banner'),
  (m) => m.VerifyEmailBanner,
);

export function ShopLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-neutral-50">
      <ShopHeader cart={<CartSheet />} />
      <Suspense fallback={null}>
        <VerifyEmailBanner.Component />
      </Suspense>
      <main className="flex w-full flex-1 flex-col">
        <ProductActionsProvider>
          <Outlet />
        </ProductActionsProvider>
      </main>
    </div>
  );
}
