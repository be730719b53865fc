import { Outlet } from 'react-router';
import { ShopHeader } from '@/features/shop-layout/shop-header';
import { CartSheet } from '@/features/purchase/cart-sheet';
import { VerifyEmailBanner } from '@/features/account-recovery/verify-email-banner';
import { selectUser } from '@/features/auth/auth-slice';
import { useAppSelector } from '../hooks';
import { ProductActionsProvider } from '../product-actions';

/**
 * Every shop page's frame: header, the unverified-address banner (issue 25) and the page. The banner comes with the
 * layout's code, not as a chunk of its own: the page first renders once check-auth has answered (RootLayout), so the
 * banner is there in that first frame and never pushes the page down after it (issue 46: layout shift 0.091 when it
 * arrived later).
 */
export function ShopLayout() {
  const user = useAppSelector(selectUser);
  return (
    <div className="flex min-h-screen flex-col bg-neutral-50">
      <ShopHeader cart={<CartSheet />} />
      {user?.emailVerified === false ? <VerifyEmailBanner email={user.email} /> : null}
      <main className="flex w-full flex-1 flex-col">
        <ProductActionsProvider>
          <Outlet />
        </ProductActionsProvider>
      </main>
    </div>
  );
}
