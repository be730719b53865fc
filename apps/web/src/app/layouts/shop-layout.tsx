import { Outlet } from 'react-router';
import { ShopHeader } from '@/features/shop-layout/shop-header';
import { CartSheet } from '@/features/purchase/cart-sheet';
import { ProductActionsProvider } from '../product-actions';

export function ShopLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-neutral-50">
      <ShopHeader cart={<CartSheet />} />
      <main className="flex w-full flex-1 flex-col">
        <ProductActionsProvider>
          <Outlet />
        </ProductActionsProvider>
      </main>
    </div>
  );
}
